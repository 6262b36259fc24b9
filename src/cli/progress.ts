import type { ImportProgress } from '../server/services/bank/types.ts';

const WIDTH = 30;
const LABELS: Record<ImportProgress['phase'], string> = {
  reading: 'Reading files',
  saving: 'Saving questions',
};

/**
 * A one-line progress bar redrawn in place. It draws only on a terminal, so logs and pipes get the
 * summary alone.
 */
export function createProgressBar(stream: NodeJS.WriteStream = process.stdout) {
  const enabled = Boolean(stream.isTTY);
  let drawn = false;
  return {
    update({ phase, done, total }: ImportProgress) {
      if (!enabled || total === 0) return;
      const filled = Math.round((done / total) * WIDTH);
      const bar = `${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}`;
      stream.write(`\r${LABELS[phase].padEnd(16)} [${bar}] ${done}/${total}\u001b[K`);
      drawn = true;
    },
    /** Clears the bar so the next line starts clean. */
    done() {
      if (enabled && drawn) stream.write('\r\u001b[K');
      drawn = false;
    },
  };
}
