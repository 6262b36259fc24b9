import { useStore } from '@nanostores/react';
import { type KeyboardEvent, useRef } from 'react';
import { tabForKey } from '../shared/tabs.ts';
import { tabCountLabel } from './sitting.ts';
import type { SittingStore } from './sitting-store.ts';

/** The tab of subject `index` and the one panel every tab shows. */
export const tabId = (base: string, index: number) => `${base}-tab-${index}`;
export const panelId = (base: string) => `${base}-panel`;

/**
 * The four subjects as tabs, each with how many of its questions are answered ("Physics 12/40"). Only the
 * selected tab is in the Tab order; the arrow keys, Home and End move between tabs and open the subject
 * (opening one costs no request, so focus and selection move together).
 */
export function SittingTabs({ store, idBase }: { store: SittingStore; idBase: string }) {
  const counts = useStore(store.$counts);
  const section = useStore(store.$section);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent) {
    const target = tabForKey(event, section, counts.length);
    if (target === undefined) return;
    event.preventDefault();
    store.goToSection(target);
    tabs.current[target]?.focus();
  }

  return (
    <div role="tablist" aria-label="Subjects" className="subject-tabs sitting-tabs" onKeyDown={onKeyDown}>
      {counts.map((count, index) => (
        <button
          key={count.subject._id}
          ref={(tab) => {
            tabs.current[index] = tab;
          }}
          type="button"
          role="tab"
          id={tabId(idBase, index)}
          className="outline-toggle sitting-tab"
          aria-selected={index === section}
          aria-controls={panelId(idBase)}
          tabIndex={index === section ? 0 : -1}
          onClick={() => store.goToSection(index)}
        >
          <span>{count.subject.title}</span>
          <span className="sitting-tab-count" aria-hidden="true">
            {count.answered}/{count.total}
          </span>
          <span className="visually-hidden">{tabCountLabel(count)}</span>
        </button>
      ))}
    </div>
  );
}
