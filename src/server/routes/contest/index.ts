import { Hono } from 'hono';
import {
  claimPrizeSchema,
  contestListQuerySchema,
  contestParamSchema,
  submitLevelSchema,
} from '../../../lib/validation/contest.ts';
import { optionalUser, requireUser } from '../../http/auth.ts';
import { clientAddress } from '../../http/client-address.ts';
import { unauthorized } from '../../http/errors.ts';
import { ok, paged, pageQuerySchema } from '../../http/respond.ts';
import type { AppEnv } from '../../http/types.ts';
import { validate } from '../../http/validate.ts';
import type { ContestBoards } from '../../services/contests/board.ts';
import { findContest } from '../../services/contests/contest-rows.ts';
import { enterContest } from '../../services/contests/entry.ts';
import { openContestLevel, submitContestLevel } from '../../services/contests/levels.ts';
import { listContests, readContest } from '../../services/contests/listing.ts';
import { contestReview } from '../../services/contests/review.ts';
import { claimSponsoredPrize } from '../../services/contests/sponsored-prize.ts';
import type { PaperCache } from '../../services/exams/paper-cache.ts';

/**
 * /api/v1/contest: the contests (anyone may read them; a signed-in caller also sees their entry), entering,
 * the open level and handing it in, the board, the entrant's review after the end, and a winner's claim of a sponsored prize. Answers and
 * lifelines in a level go through /api/v1/exam like any attempt's. docs/contests.md tells the rules.
 */
export function contestRoutes(boards: ContestBoards, papers: PaperCache) {
  return new Hono<AppEnv>()
    .get(
      '/',
      optionalUser,
      validate('query', pageQuerySchema.extend(contestListQuerySchema.shape)),
      async (c) => {
        const { db, clock } = c.get('deps');
        const { page, limit, entered } = c.req.valid('query');
        const userId = c.get('auth')?.userId;
        if (entered === 'true' && userId === undefined) throw unauthorized();
        const input = { userId, enteredOnly: entered === 'true', page, limit, now: clock.now() };
        const { docs, totalDocs } = await listContests(db, boards, input);
        return ok(c, 'Contests fetched successfully', paged(docs, totalDocs, page, limit));
      },
    )
    .get('/:id', optionalUser, validate('param', contestParamSchema), async (c) => {
      const { db, clock } = c.get('deps');
      const input = { userId: c.get('auth')?.userId, contestId: c.req.valid('param').id, now: clock.now() };
      return ok(c, 'Contest fetched successfully', await readContest(db, boards, input));
    })
    .get('/:id/board', optionalUser, validate('param', contestParamSchema), async (c) => {
      const { db } = c.get('deps');
      const contest = await findContest(db, c.req.valid('param').id);
      const final = contest.finishedAt !== null;
      const board = await boards.board(db, contest.id, c.get('auth')?.userId, final);
      return ok(c, 'Contest board fetched successfully', board);
    })
    .post('/:id/entry', requireUser, validate('param', contestParamSchema), async (c) => {
      const { db, clock } = c.get('deps');
      const { userId } = c.get('auth');
      const contestId = c.req.valid('param').id;
      const now = clock.now();
      const { balance } = await enterContest(db, { userId, contestId, address: clientAddress(c), now });
      const { entry } = await readContest(db, boards, { userId, contestId, now });
      return ok(c, 'You have entered the contest', { entry, triviaPoints: balance });
    })
    .get('/:id/level', requireUser, validate('param', contestParamSchema), async (c) => {
      const { db, clock } = c.get('deps');
      const contestId = c.req.valid('param').id;
      const level = await openContestLevel(db, papers, c.get('auth').userId, contestId, clock.now());
      return ok(c, 'Contest level fetched successfully', level);
    })
    .post(
      '/:id/level',
      requireUser,
      validate('param', contestParamSchema),
      validate('json', submitLevelSchema),
      async (c) => {
        const { db, clock } = c.get('deps');
        const contestId = c.req.valid('param').id;
        const input = c.req.valid('json');
        const outcome = await submitContestLevel(
          db,
          papers,
          c.get('auth').userId,
          contestId,
          input,
          clock.now(),
        );
        return ok(
          c,
          outcome.next ? 'Level handed in: the next level is open' : 'Last level handed in',
          outcome,
        );
      },
    )
    .get('/:id/review', requireUser, validate('param', contestParamSchema), async (c) => {
      const { db, clock } = c.get('deps');
      const input = { userId: c.get('auth').userId, contestId: c.req.valid('param').id, now: clock.now() };
      return ok(c, 'Contest review fetched successfully', await contestReview(db, input));
    })
    .post(
      '/:id/claim',
      requireUser,
      validate('param', contestParamSchema),
      validate('json', claimPrizeSchema),
      async (c) => {
        const { db, clock } = c.get('deps');
        const { userId } = c.get('auth');
        const contestId = c.req.valid('param').id;
        const now = clock.now();
        await claimSponsoredPrize(db, { userId, contestId, adult: c.req.valid('json').adult, now });
        const { entry } = await readContest(db, boards, { userId, contestId, now });
        return ok(c, 'Prize claimed: we will contact you by email', entry);
      },
    );
}
