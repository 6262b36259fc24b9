import type { ReactNode } from 'preact/compat';
import type { ListState } from './list-store.ts';

/** A catalogue list's loading, failed and empty states; the list itself once it has items (offline too). */
export function ListStatus<T>({
  state,
  loadingLabel,
  emptyText,
  onRetry,
  children,
}: {
  state: ListState<T>;
  loadingLabel: string;
  emptyText: string;
  onRetry: () => void;
  children: (items: T[]) => ReactNode;
}) {
  if (state.status === 'loading') return <div className="spinner" role="status" aria-label={loadingLabel} />;
  if (state.status === 'failed') {
    return (
      <div className="status-message" role="alert">
        <p>{state.message}</p>
        <button type="button" className="button" onClick={onRetry}>
          Retry
        </button>
      </div>
    );
  }
  if (state.data.length === 0) return <p className="status-message">{emptyText}</p>;
  return children(state.data);
}
