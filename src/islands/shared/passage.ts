/**
 * Whether the question at `index` opens its passage: the first of the questions that share it does, and the
 * next ones fold it, so that on a phone their options are not buried under a text already read.
 */
export function opensPassage(questions: readonly { passage?: string }[], index: number): boolean {
  const passage = questions[index]?.passage;
  if (!passage) return false;
  return questions[index - 1]?.passage !== passage;
}
