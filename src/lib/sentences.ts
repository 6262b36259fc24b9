/**
 * Sentence splitting for the Read More previews of the policy and terms (spec §2: the first 3 sentences).
 *
 * A sentence ends at `.`, `?`, `!` or an ellipsis, together with any closing quotes or brackets after it,
 * when whitespace and then the start of a new sentence (a capital letter, a digit, or an opening quote or
 * bracket) follow. Abbreviations that never end a sentence (titles such as Mr. and Dr., e.g., i.e., vs.,
 * single initials) never split; number labels such as No. and Fig. do not split before a number. Company
 * suffixes (Ltd., Plc.) and etc. may end a sentence, so they split like any word when a capital follows.
 */

/** Abbreviations after which a new sentence never starts. Lower-case, without the final dot. */
const NEVER_FINAL = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'engr',
  'arc',
  'barr',
  'hon',
  'sen',
  'gov',
  'rev',
  'capt',
  'col',
  'gen',
  'lt',
  'sgt',
  'st',
  'mt',
  'jr',
  'sr',
  'e.g',
  'i.e',
  'cf',
  'viz',
  'vs',
  'approx',
  'a.m',
  'p.m',
]);

/** Labels that are followed by a number (No. 14, Fig. 2, Jan. 5): no split before a digit. */
const NUMBER_LABELS = new Set([
  'no',
  'nos',
  'vol',
  'p',
  'pp',
  'fig',
  'art',
  'sec',
  'ch',
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
]);

const CLOSERS = `"'”’)]»`;
const OPENERS = `"'“‘([«`;

/** True when `text` at `index` starts a new sentence: a capital letter or digit, maybe after an opener. */
function startsSentence(text: string, index: number): boolean {
  let position = index;
  while (position < text.length && OPENERS.includes(text.charAt(position))) position += 1;
  const character = text.charAt(position);
  if (character === '') return false;
  return /\p{Lu}|\p{Nd}/u.test(character);
}

/** The word that ends just before `dotIndex` (letters, digits and inner dots), lower-cased. */
function wordBefore(text: string, dotIndex: number): string {
  let start = dotIndex;
  while (start > 0 && /[\p{L}\p{Nd}.]/u.test(text.charAt(start - 1))) start -= 1;
  return text.slice(start, dotIndex).toLowerCase();
}

/** Whether a full stop at `dotIndex`, with the next sentence starting at `nextIndex`, may end a sentence. */
function fullStopEnds(text: string, dotIndex: number, nextIndex: number): boolean {
  const word = wordBefore(text, dotIndex);
  if (NEVER_FINAL.has(word)) return false;
  if (NUMBER_LABELS.has(word) && /\p{Nd}/u.test(text.charAt(nextIndex))) return false;
  // A single capital letter is an initial (J. K. Adebayo), not the end of a sentence.
  if (/^\p{L}$/u.test(word) && /\p{Lu}/u.test(text.charAt(dotIndex - 1))) return false;
  return true;
}

/** Splits prose into sentences. Whitespace runs collapse to one space; empty input gives no sentences. */
export function splitSentences(input: string): string[] {
  const text = input.replace(/\s+/g, ' ').trim();
  const sentences: string[] = [];
  let start = 0;
  let index = 0;
  while (index < text.length) {
    if (!'.?!…'.includes(text.charAt(index))) {
      index += 1;
      continue;
    }
    const punctuationStart = index;
    // The whole run of terminal punctuation ("?!", "...", "…") and the closers after it.
    while (index < text.length && '.?!…'.includes(text.charAt(index))) index += 1;
    const terminal = text.slice(punctuationStart, index);
    while (index < text.length && CLOSERS.includes(text.charAt(index))) index += 1;
    const end = index;
    if (text.charAt(end) !== ' ') continue;
    const next = end + 1;
    if (!startsSentence(text, next)) continue;
    if (terminal === '.' && !fullStopEnds(text, punctuationStart, next)) continue;
    sentences.push(text.slice(start, end));
    start = next;
    index = next;
  }
  const last = text.slice(start).trim();
  if (last) sentences.push(last);
  return sentences;
}
