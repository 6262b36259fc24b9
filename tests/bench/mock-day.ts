// The timetable of a mock exam day for bench:exam-day --profile mock-day. Students open their sessions
// during the 30 minutes before the start, fetch the paper in the first minute, answer during the sitting,
// and either submit during its last minutes or are timed out at their own deadline (the client submits by
// itself when the time is up, and each student's time started when that student fetched the paper).
//
// The long quiet stretches (the 30 minutes before, the sitting's middle and its last minutes) are divided
// by `scale` so that a run takes minutes, not an hour; the start minute and the spread of the deadlines
// stay at their real length. Dividing a stretch multiplies the rate of requests in it by `scale`, so the
// compressed run is harsher than the real day in those stretches, and no milder anywhere.

/** Real minutes of the day that the timetable does not make shorter. */
const BEFORE_START_MINUTES = 30;
const FETCH_WINDOW_S = 60;

export interface MockDayOptions {
  students: number;
  answers: number;
  /** What the quiet stretches are divided by. */
  scale: number;
  /** The paper's time limit, in real minutes. */
  sittingMinutes: number;
  /** The last minutes of the sitting, over which the students who finish early submit. */
  finishMinutes: number;
  /** The share of students (0-100) who never press submit and are timed out. */
  timedOutPercent: number;
}

/** When one student does each thing, in seconds from the start of the load. */
export interface StudentTimetable {
  signInAt: number;
  fetchAt: number;
  answerAt: number[];
  submitAt: number;
  timedOut: boolean;
}

/** One phase of the day: the step that fills it and when it runs, in seconds from the start of the load. */
export interface MockDayPhase {
  step: 'sign in' | 'fetch paper' | 'save answer' | 'submit';
  from: number;
  to: number;
  /** Its length on the real day, in seconds. */
  realSeconds: number;
}

export interface MockDayPlan {
  phases: MockDayPhase[];
  students: StudentTimetable[];
}

/**
 * The day's phases follow one another without overlap, so that the CPU time read between their bounds is
 * each step's alone. On a real day the first answers come within the first minute, during the fetches;
 * what a step costs is the same either way.
 */
export function mockDayPlan(options: MockDayOptions, random: () => number = Math.random): MockDayPlan {
  const scaled = (minutes: number) => (minutes * 60) / options.scale;
  const answerMinutes = Math.max(0, options.sittingMinutes - 1 - options.finishMinutes);
  const signInEnd = scaled(BEFORE_START_MINUTES);
  const fetchEnd = signInEnd + FETCH_WINDOW_S;
  const answersEnd = fetchEnd + scaled(answerMinutes);
  const finishEnd = answersEnd + scaled(options.finishMinutes);
  const phases: MockDayPhase[] = [
    { step: 'sign in', from: 0, to: signInEnd, realSeconds: BEFORE_START_MINUTES * 60 },
    { step: 'fetch paper', from: signInEnd, to: fetchEnd, realSeconds: FETCH_WINDOW_S },
    { step: 'save answer', from: fetchEnd, to: answersEnd, realSeconds: answerMinutes * 60 },
    // The deadlines fall one fetch window after the finishing minutes, spread as the fetches were.
    {
      step: 'submit',
      from: answersEnd,
      to: finishEnd + FETCH_WINDOW_S,
      realSeconds: options.finishMinutes * 60 + FETCH_WINDOW_S,
    },
  ];
  const students = Array.from({ length: options.students }, (_, index) => {
    // Spread evenly with a jitter, so that the arrival rate is steady across the window.
    const signInAt = (signInEnd * (index + random())) / options.students;
    const fetchOffset = FETCH_WINDOW_S * random();
    const answerAt = Array.from(
      { length: options.answers },
      () => fetchEnd + (answersEnd - fetchEnd) * random(),
    ).sort((a, b) => a - b);
    const timedOut = random() * 100 < options.timedOutPercent;
    const submitAt = timedOut ? finishEnd + fetchOffset : answersEnd + (finishEnd - answersEnd) * random();
    return { signInAt, fetchAt: signInEnd + fetchOffset, answerAt, submitAt, timedOut };
  });
  return { phases, students };
}
