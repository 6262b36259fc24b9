/**
 * The loading and failed states of a part of a screen that waits for the API, as the leader board shows
 * them: a spinner a screen reader announces by name, and what went wrong with a Retry button.
 */

import './load-status.css';

/** A spinner named for what it waits for; the hidden text is what a screen reader hears when it appears. */
export function Loading({ label }: { label: string }) {
  return (
    <div className="spinner" role="status" aria-label={label}>
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

/** What failed to load, announced at once, and a button to try again. */
export function LoadFailed({
  message,
  onRetry,
  className = 'load-failed',
}: {
  message: string;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <div className={className} role="alert">
      <p>{message}</p>
      <button type="button" className="button" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
