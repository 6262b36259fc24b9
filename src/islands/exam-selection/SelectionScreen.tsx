import type { ReactNode } from 'preact/compat';
import { OfflineListNote } from '../offline/OfflineListNote.tsx';
import { FlowHeader } from './FlowHeader.tsx';
import { ListStatus } from './ListStatus.tsx';
import type { ListState } from './list-store.ts';

/**
 * The frame of a paper-choosing screen (exam, subject, year): the bar with Back, the heading the section is
 * named by, a lead line saying what to choose, and the list with its loading, failed and empty states; a
 * list read from the papers on the phone says so above it.
 */
export function SelectionScreen<T>({
  fallback,
  heading,
  lead,
  intro,
  list,
  loadingLabel,
  emptyText,
  onRetry,
  children,
}: {
  /** Where Back goes when there is no page to go back to. */
  fallback: string;
  heading: string;
  lead: ReactNode;
  /** What stands between the lead and the list. */
  intro?: ReactNode;
  list: ListState<T>;
  loadingLabel: string;
  emptyText: string;
  onRetry: () => void;
  children: (items: T[], offline: boolean) => ReactNode;
}) {
  const offline = list.status === 'offline';
  return (
    <>
      <FlowHeader fallback={fallback} />
      <section className="container selection" aria-labelledby="selection-heading">
        <h1 id="selection-heading">{heading}</h1>
        <p className="selection-lead">{lead}</p>
        {intro}
        <ListStatus state={list} loadingLabel={loadingLabel} emptyText={emptyText} onRetry={onRetry}>
          {(items) => (
            <>
              {offline && <OfflineListNote />}
              {children(items, offline)}
            </>
          )}
        </ListStatus>
      </section>
    </>
  );
}
