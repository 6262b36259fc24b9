import { type KeyboardEvent, type ReactNode, useRef } from 'preact/compat';
import { tabForKey } from '../shared/tabs.ts';

/**
 * A UTME paper's subjects as a tab list, for the sitting and for its result. Only the selected tab is in the
 * Tab order; the arrow keys, Home and End move between tabs and open the subject (opening one costs no
 * request, so focus and selection move together).
 */
export function SubjectTabs({
  keys,
  selected,
  onSelect,
  tabId,
  panelId,
  className,
  tabClassName,
  renderTab,
}: {
  /** One stable key a tab: the subject's id. */
  keys: string[];
  selected: number;
  onSelect: (index: number) => void;
  tabId: (index: number) => string;
  /** The panel tab `index` controls. */
  panelId: (index: number) => string;
  /** The list's own class, besides the shared .subject-tabs. */
  className: string;
  tabClassName: string;
  renderTab: (index: number) => ReactNode;
}) {
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    const target = tabForKey(event, selected, keys.length);
    if (target === undefined) return;
    event.preventDefault();
    onSelect(target);
    tabs.current[target]?.focus();
  }

  return (
    <div role="tablist" aria-label="Subjects" className={`subject-tabs ${className}`} onKeyDown={onKeyDown}>
      {keys.map((key, index) => (
        <button
          key={key}
          ref={(tab) => {
            tabs.current[index] = tab;
          }}
          type="button"
          role="tab"
          id={tabId(index)}
          className={tabClassName}
          aria-selected={index === selected}
          aria-controls={panelId(index)}
          tabIndex={index === selected ? 0 : -1}
          onClick={() => onSelect(index)}
        >
          {renderTab(index)}
        </button>
      ))}
    </div>
  );
}
