import type { ReactNode } from 'preact/compat';

/** A quiz that cannot run says why, with the ways on: the card /test, /daily-test and /utme/sitting share. */
export function QuizMessage({
  title,
  message,
  children,
}: {
  title: string;
  message: string;
  children: ReactNode;
}) {
  return (
    <div className="card quiz-message" role="alert">
      <h1>{title}</h1>
      <p>{message}</p>
      <p className="quiz-message-actions">{children}</p>
    </div>
  );
}

/** No connection when the quiz was fetched: nothing is wrong with the account, so Retry. */
export function OfflineMessage({ message, retry }: { message: string; retry: () => void }) {
  return (
    <QuizMessage title="You are offline" message={message}>
      <button type="button" className="button" onClick={retry}>
        Retry
      </button>
    </QuizMessage>
  );
}
