import { useStore } from '@nanostores/preact';
import { useEffect, useId } from 'preact/compat';
import type { createSelectYearStore } from './select-year-store.ts';

/** The placeholder of the year dropdown (spec §2). */
export const YEAR_PLACEHOLDER = 'Click to Select Year';

/**
 * The year dropdown: a select-only combobox (WAI-ARIA APG) whose list can be capped at 15rem, which a native
 * <select> cannot. Focus stays on the combobox; the arrows move aria-activedescendant through the options.
 */
export function YearCombobox({ store }: { store: ReturnType<typeof createSelectYearStore> }) {
  const years = useStore(store.$years);
  const open = useStore(store.$open);
  const active = useStore(store.$activeIndex);
  const selected = useStore(store.$selected);
  const id = useId();
  const labelId = `${id}-label`;
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;

  useEffect(() => {
    if (open && active >= 0)
      document.getElementById(`${id}-option-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [open, active, id]);

  return (
    <div className="year-select">
      <span className="year-label" id={labelId}>
        Year
      </span>
      <div
        role="combobox"
        tabIndex={0}
        className="year-combobox"
        aria-labelledby={labelId}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        onClick={store.toggle}
        onBlur={store.close}
        onKeyDown={(event) => {
          const handled = store.handleKey({
            key: event.key,
            altKey: event.altKey,
            modified: event.ctrlKey || event.metaKey,
          });
          if (handled) event.preventDefault();
        }}
      >
        <span className={selected ? undefined : 'year-placeholder'}>
          {selected?.title ?? YEAR_PLACEHOLDER}
        </span>
        <svg className="year-chevron" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path fill="currentColor" d="m7 10 5 5 5-5z" />
        </svg>
      </div>
      <div className="year-listbox" id={listId} role="listbox" aria-labelledby={labelId} hidden={!open}>
        {years.map((year, index) => (
          // Keys reach the options through the combobox, which keeps the focus (aria-activedescendant).
          // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox handles the keyboard for its options
          <div
            key={year._id}
            id={optionId(index)}
            role="option"
            tabIndex={-1}
            aria-selected={year._id === selected?._id}
            className={index === active ? 'year-option is-active' : 'year-option'}
            // Keeps the focus on the combobox, so that choosing does not blur and close it first.
            onMouseDown={(event) => event.preventDefault()}
            onMouseEnter={() => store.setActive(index)}
            onClick={() => store.selectIndex(index)}
          >
            {year.title}
          </div>
        ))}
      </div>
    </div>
  );
}
