import { useStore } from '@nanostores/preact';
import { SubjectTabs } from './SubjectTabs.tsx';
import { tabCountLabel } from './sitting.ts';
import type { SittingStore } from './sitting-store.ts';

/** The tab of subject `index` and the one panel every tab shows. */
export const tabId = (base: string, index: number) => `${base}-tab-${index}`;
export const panelId = (base: string) => `${base}-panel`;

/** The four subjects as tabs, each with how many of its questions are answered ("Physics 12/40"). */
export function SittingTabs({ store, idBase }: { store: SittingStore; idBase: string }) {
  const counts = useStore(store.$counts);
  const section = useStore(store.$section);
  return (
    <SubjectTabs
      keys={counts.map((count) => count.subject._id)}
      selected={section}
      onSelect={store.goToSection}
      tabId={(index) => tabId(idBase, index)}
      panelId={() => panelId(idBase)}
      className="sitting-tabs"
      tabClassName="outline-toggle sitting-tab"
      renderTab={(index) => {
        const count = counts[index];
        if (!count) return null;
        return (
          <>
            <span>{count.subject.title}</span>
            <span className="sitting-tab-count" aria-hidden="true">
              {count.answered}/{count.total}
            </span>
            <span className="visually-hidden">{tabCountLabel(count)}</span>
          </>
        );
      }}
    />
  );
}
