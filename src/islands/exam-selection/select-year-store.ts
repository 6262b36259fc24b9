import { atom, computed } from 'nanostores';
import { catalogueApi } from '../../lib/api/endpoints.ts';
import { myDownloads } from '../offline/my-downloads.ts';
import { downloadedYears } from '../offline/offline-catalogue.ts';
import { environment } from '../shared/environment.ts';
import { type PaperChoice, paperChoiceFromState, toChoice, yearsFor } from './catalogue.ts';
import { createListStore, listItems } from './list-store.ts';
import { isTypeaheadKey, listboxAction, moveActive, TYPEAHEAD_RESET_MS, typeaheadIndex } from './listbox.ts';

/** The alert of Start without a year (spec §8). */
export const NO_YEAR_MESSAGE = 'Please select a year first';

/** A key press as the combobox reports it. */
export interface KeyPress {
  key: string;
  altKey?: boolean;
  /** Ctrl or Meta was held: the key is a shortcut, not type-ahead. */
  modified?: boolean;
}

/**
 * /select-year: the years of the chosen exam type and subject, the year dropdown and Start (spec §2).
 * Offline, the years of the papers downloaded on the phone.
 */
export function createSelectYearStore() {
  const $paper = atom<PaperChoice | undefined>(undefined);
  const list = createListStore(
    catalogueApi.years,
    (years) => {
      const paper = $paper.get();
      return paper ? yearsFor(years, paper.examType._id, paper.subject._id) : [];
    },
    async () => {
      const paper = $paper.get();
      return paper ? downloadedYears(await myDownloads(), paper.examType._id, paper.subject._id) : [];
    },
  );
  const $open = atom(false);
  const $activeIndex = atom(-1);
  const $selectedId = atom<string | undefined>(undefined);

  const $years = computed(list.$list, listItems);
  const $selected = computed([$years, $selectedId], (years, id) => years.find((year) => year._id === id));

  let typed = '';
  let typedAt = 0;

  /** Reloads the years (Retry). */
  function load() {
    const paper = $paper.get();
    if (!paper) return Promise.resolve();
    return list.load({ examType: paper.examType._id, subject: paper.subject._id });
  }

  /** Reads the exam type and subject from navigation state and loads their years; without them, goes home. */
  function init() {
    const paper = paperChoiceFromState(environment().readNavigationState());
    if (!paper) {
      environment().navigate('/', undefined, { replace: true });
      return Promise.resolve();
    }
    $paper.set(paper);
    return load();
  }

  function open(active?: number) {
    const years = $years.get();
    if (years.length === 0) return;
    const selected = years.findIndex((year) => year._id === $selectedId.get());
    $activeIndex.set(active ?? Math.max(selected, 0));
    $open.set(true);
  }

  /** Closes the list without changing the year. */
  function close() {
    $open.set(false);
  }

  /** Opens or closes the list (a click on the combobox). */
  function toggle() {
    if ($open.get()) close();
    else open();
  }

  /** Picks the year at an index and closes the list (a click on an option). */
  function selectIndex(index: number) {
    const year = $years.get()[index];
    if (year) $selectedId.set(year._id);
    $activeIndex.set(index);
    close();
  }

  /** Marks the option under the pointer as the active one. */
  function setActive(index: number) {
    $activeIndex.set(index);
  }

  function typeahead(key: string, now: number) {
    typed = now - typedAt > TYPEAHEAD_RESET_MS ? key : typed + key;
    typedAt = now;
    const labels = $years.get().map((year) => year.title);
    const index = typeaheadIndex(labels, typed, $activeIndex.get());
    if (index < 0) return;
    if ($open.get()) $activeIndex.set(index);
    else open(index);
  }

  /** Handles a key on the combobox; true when it was the combobox's key, so the page must not act on it. */
  function handleKey({ key, altKey = false, modified = false }: KeyPress, now = Date.now()): boolean {
    const isOpen = $open.get();
    if (isTypeaheadKey(key, modified || altKey)) {
      typeahead(key, now);
      return true;
    }
    const action = listboxAction(key, isOpen, altKey);
    if (!action) return false;
    const count = $years.get().length;
    switch (action) {
      case 'open':
      case 'openFirst':
      case 'openLast':
        open(action === 'open' ? undefined : moveActive(action, -1, count));
        return true;
      case 'select':
        selectIndex($activeIndex.get());
        return true;
      case 'selectAndLeave':
        selectIndex($activeIndex.get());
        return false;
      case 'close':
        close();
        return true;
      default:
        $activeIndex.set(moveActive(action, $activeIndex.get(), count));
        return true;
    }
  }

  /** Start: the test of the chosen paper, after sign-in for a guest; without a year, the spec's alert. */
  function startTest() {
    const paper = $paper.get();
    const year = $selected.get();
    if (!paper) return;
    if (!year) {
      window.alert(NO_YEAR_MESSAGE);
      return;
    }
    const state = { ...paper, year: toChoice(year) };
    const { signedIn, navigate, requireSignIn } = environment();
    if (signedIn()) navigate('/test', state);
    else requireSignIn('/test', state);
  }

  return {
    $paper,
    $list: list.$list,
    $years,
    $open,
    $activeIndex,
    $selected,
    init,
    load,
    toggle,
    close,
    selectIndex,
    setActive,
    handleKey,
    startTest,
  };
}
