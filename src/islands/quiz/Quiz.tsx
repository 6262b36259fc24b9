import { useStore } from '@nanostores/preact';
import { ConfirmFirst } from './ConfirmFirst.tsx';
import { QuizFrame, useQuizIsland } from './QuizFrame.tsx';
import { OfflineMessage, QuizMessage } from './QuizMessage.tsx';
import { QuizScreen } from './QuizScreen.tsx';
import type { QuizMode } from './quiz-paper.ts';
import { createQuizStore } from './quiz-store.ts';

/** The quiz of /test, /daily-test and /contest-play (spec §2): one island, its logic in quiz-store.ts. */
export default function Quiz({ mode }: { mode: QuizMode }) {
  const store = useQuizIsland(() => createQuizStore(mode));
  const status = useStore(store.$status);

  return (
    <QuizFrame store={store}>
      {status.status === 'ready' ? (
        <QuizScreen store={store} mode={mode} />
      ) : status.status === 'blocked' && mode === 'contest' ? (
        <QuizMessage title="No level to play now" message={status.message}>
          <a className="button" href={store.contestHref() ?? '/contests'}>
            Back to the contest
          </a>
          <a className="button button-outline" href="/contests">
            All contests
          </a>
        </QuizMessage>
      ) : status.status === 'blocked' ? (
        <QuizMessage title="Daily Test" message={status.message}>
          <a className="button" href="/practice-subject">
            Choose another subject
          </a>
          <a className="button button-outline" href="/">
            Home
          </a>
        </QuizMessage>
      ) : status.status === 'expired' ? (
        <QuizMessage title="Go online to take this paper" message={status.message}>
          <button type="button" className="button" onClick={() => void store.loadOnline()}>
            Take it online
          </button>
          <a className="button button-outline" href="/select-exam">
            Choose another paper
          </a>
        </QuizMessage>
      ) : status.status === 'unconfirmed' ? (
        <ConfirmFirst email={status.email} />
      ) : status.status === 'offline' ? (
        <OfflineMessage message={status.message} retry={() => void store.load()} />
      ) : (
        <div className="spinner" role="status" aria-label="Loading your test" />
      )}
    </QuizFrame>
  );
}
