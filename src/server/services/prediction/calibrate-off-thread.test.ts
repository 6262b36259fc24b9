import { describe, expect, it } from 'vitest';
import { modelAnswer, normalLevels, seededRandom } from '../../../../tests/support/calibration-fixture.ts';
import { calibrateOffThread } from './calibrate-off-thread.ts';
import { calibrate, type ResponseMatrix } from './irt.ts';

/** 200 students, each answering the same 10 questions as the model says. */
function simulatedMatrix(): ResponseMatrix {
  const random = seededRandom(5);
  const levels = normalLevels(200, random);
  const answers = levels.flatMap((level, student) =>
    Array.from({ length: 10 }, (_, item) => ({
      student,
      item,
      right: modelAnswer(level, item / 3 - 1.5, random),
    })),
  );
  return {
    studentCount: 200,
    student: Int32Array.from(answers, (answer) => answer.student),
    item: Int32Array.from(answers, (answer) => answer.item),
    correct: Uint8Array.from(answers, (answer) => (answer.right ? 1 : 0)),
    guessing: new Float64Array(10).fill(0.25),
  };
}

describe('calibrateOffThread', () => {
  it('answers what calibrate answers, from a worker thread', async () => {
    const expected = calibrate(simulatedMatrix());
    const matrix = simulatedMatrix();
    expect(await calibrateOffThread(matrix)).toEqual(expected);
    // The arrays moved to the worker rather than being copied.
    expect(matrix.student).toHaveLength(0);
  });

  it('gives up at once when the signal aborts, and does not start after', async () => {
    const stopping = new AbortController();
    const running = calibrateOffThread(simulatedMatrix(), stopping.signal);
    stopping.abort(new Error('shutting down'));
    await expect(running).rejects.toThrow('shutting down');
    await expect(calibrateOffThread(simulatedMatrix(), stopping.signal)).rejects.toThrow('shutting down');
  });
});
