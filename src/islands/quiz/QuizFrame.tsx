/** The page a quiz-like island runs in (the quiz and the UTME sitting): the header with the clock, then the page. */

import { type ReactNode, useEffect, useState } from 'preact/compat';
import { QuizHeader } from './QuizHeader.tsx';
import { useQuizKeys } from './quiz-hooks.ts';
import type { QuizStore } from './quiz-store.ts';

/** The island's store, made once, started after hydration (its cleanup on leaving) and answering the quiz keys. */
export function useQuizIsland<Store extends Pick<QuizStore, 'handleKey'> & { init: () => () => void }>(
  create: () => Store,
): Store {
  const [store] = useState(create);
  useEffect(() => store.init(), [store]);
  useQuizKeys(store);
  return store;
}

/** The header (clock, and compact once scrolled) above the page's content. */
export function QuizFrame({
  store,
  children,
}: {
  store: Pick<QuizStore, '$status' | '$remaining'>;
  children: ReactNode;
}) {
  return (
    <>
      <QuizHeader store={store} />
      <div className="quiz-page">{children}</div>
    </>
  );
}
