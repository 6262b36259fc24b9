/** What the quiz, contest and UTME store tests build their papers and API answers from. */

import type { ExamQuestion } from '../../src/islands/quiz/quiz-paper.ts';
import { examApi } from '../../src/lib/api/endpoints.ts';
import type { ApiResult } from '../../src/lib/client/api.ts';
import { apiInTurn } from './api-in-turn.ts';

/** A text question with four text options, `<id>-a` to `<id>-d`. */
export const textQuestion = (id: string, html = `<p>${id}</p>`): ExamQuestion => ({
  _id: id,
  question: html,
  questionType: 'text',
  file: null,
  options: ['a', 'b', 'c', 'd'].map((letter) => ({
    _id: `${id}-${letter}`,
    option: `<p>${letter}</p>`,
    optionType: 'text' as const,
    file: null,
  })),
});

/** An answer the API gives. */
export const ok = <T>(data: T, message = ''): ApiResult<T> => ({ ok: true, data, message });

/** A refusal with this status, and the error code when the API sends one. */
export const failed = (status: number, message: string, code?: string): ApiResult<never> => ({
  ok: false,
  status,
  message,
  ...(code ? { code } : {}),
});

/** What the client reports when the request never reached the server. */
export const offline = () => failed(0, 'We could not reach the server. Check your connection and try again.');

/** The stand-in API: saving an answer succeeds unless a test tells it otherwise. */
export function answeringApi() {
  return apiInTurn().answer(examApi.saveAnswer, ok(null));
}
