/**
 * The quiz's contest mode (/contest-play?id=…): which level to fetch, where a handed-in level goes, and the
 * addresses of the contest screens. The quiz's store, screens and answer queue run the level itself.
 */
import type { ContestLevelOutcome } from '../../lib/api/contest.ts';
import { contestApi } from '../../lib/api/endpoints.ts';
import type { ApiResult } from '../../lib/client/api.ts';
import type { QuizRequest } from '../quiz/quiz-paper.ts';
import type { Submitter } from '../quiz/quiz-submit.ts';
import { environment } from '../shared/environment.ts';

/** The contest's page. */
export function contestPath(contestId: string): string {
  return `/contest?id=${encodeURIComponent(contestId)}`;
}

/** The page that plays the contest's open level; reloading it resumes the level (or opens the next). */
export function contestPlayPath(contestId: string): string {
  return `/contest-play?id=${encodeURIComponent(contestId)}`;
}

/** The contest's id from a page's query string (`?id=…`); undefined when there is none. */
export function contestIdFrom(search: string): string | undefined {
  const id = new URLSearchParams(search).get('id')?.trim();
  return id ? id : undefined;
}

/** The quiz request of /contest-play: the caller's open level of the contest named in the address. */
export function contestLevelRequest(search: string): QuizRequest | undefined {
  const contestId = contestIdFrom(search);
  if (!contestId) return undefined;
  return {
    mode: 'contest',
    binding: contestApi.level,
    params: { id: contestId },
    subjectId: '',
    contestId,
    title: 'Contest',
    subjectTitle: '',
  };
}

/** Where the quiz goes once a level is handed in: the next level's page, or the contest's. */
export interface ContestStep {
  path: string;
}

/**
 * A contest level goes to POST /contest/:id/level, which answers only what comes next (no key: others may
 * still be playing). With a next level the play page opens again on it; after the last, the contest page.
 * A level the server has already closed (its time ran out, or it was handed in on another phone) answers
 * 409: the play page opens again and the server says where the entrant stands.
 */
export function contestSubmitter(contestId: () => string): Submitter<ContestStep> {
  return {
    async send(exam, answers): Promise<ApiResult<ContestStep>> {
      const id = contestId();
      const result = await environment().call(contestApi.handIn, {
        params: { id },
        body: { exam: exam._id, answers },
        quiet: true,
      });
      if (result.ok) {
        const { next } = result.data;
        return {
          ok: true,
          data: { path: next ? contestPlayPath(id) : contestPath(id) },
          message: result.message || levelDoneMessage(result.data),
        };
      }
      if (result.status === 409)
        return { ok: true, data: { path: contestPlayPath(id) }, message: result.message };
      return result;
    },
    destination: (step) => ({ path: step.path, state: undefined }),
  };
}

/** What the student is told when the server's answer carries no message of its own. */
export function levelDoneMessage(outcome: ContestLevelOutcome): string {
  if (outcome.next) return `Level ${outcome.levelsDone} handed in. Level ${outcome.next.level} is open now.`;
  return 'Every level handed in. Your place shows on the board; the final board comes at the end.';
}
