import { useStore } from '@nanostores/preact';
import type { QuizStore } from './quiz-store.ts';

/** Offline, waiting answers and time-up notices, announced politely (/test, /daily-test, the UTME sitting). */
export function QuizNotices({
  store,
}: {
  store: Pick<QuizStore, '$online' | '$pendingLabel' | '$timeUp' | '$submitting'>;
}) {
  const online = useStore(store.$online);
  const pending = useStore(store.$pendingLabel);
  const timeUp = useStore(store.$timeUp);
  const submitting = useStore(store.$submitting);
  return (
    <div className="quiz-notices" aria-live="polite">
      {timeUp && (
        <p className="quiz-notice quiz-notice-warn">
          Time up!{' '}
          {submitting
            ? 'Submitting your answers...'
            : 'Your answers could not be submitted yet. We keep trying; you can also press Submit.'}
        </p>
      )}
      {!online && (
        <p className="quiz-notice quiz-notice-warn">
          You are offline. Keep answering: your answers are kept on this phone and sent when you reconnect.
        </p>
      )}
      {pending && <p className="quiz-notice quiz-notice-info">{pending}</p>}
    </div>
  );
}
