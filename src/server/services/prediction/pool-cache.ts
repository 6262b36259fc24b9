/**
 * Each UTME subject's JAMB pool as the prediction reads it (docs/prediction.md, "The endpoints"): every question
 * a sitting could draw (utmeEligible), with its calibrated parameters, or the prior for a question the
 * calibration has not reached, and its topic. A sitting's score is predicted from the pool's average chance,
 * and the Today card's topics from the questions one by one.
 */

import { sql } from 'drizzle-orm';
import { UTME } from '../../../lib/api/utme.ts';
import { type Executor, uuidArray } from '../../db/client.ts';
import { bankPaperAs } from '../exams/bank-paper.ts';
import { utmeEligible } from '../exams/utme.ts';
import { averageChance, type ItemParameters, priorParameters } from './irt.ts';

/** One subject's pool, and the version of the bank and calibration it was read at. */
export interface SubjectPool {
  version: string;
  items: ItemParameters[];
  /** Each item's topic (questions.topic), in the same order; null for an untagged question. */
  topics: (string | null)[];
  /** averageChance of the items: a sitting drawn from the pool. */
  chance: Float64Array;
}

/** The pools asked for, and when the bank was last calibrated (null before the first calibration). */
export interface Pools {
  pools: Map<string, SubjectPool>;
  calibratedAt: Date | null;
}

interface VersionRow {
  subjectId: string | null;
  version: string;
  calibratedAt: Date | string | null;
}

/**
 * Each subject's version: the latest finished calibration, and the count and latest change of the subject's
 * JAMB bank questions. An import that adds, moves or changes a question or its options writes its
 * `updated_at` (paper-cache.ts relies on the same), and a calibration finishes a run: either changes it.
 * With no subject, one row says only when the bank was last calibrated.
 */
async function readVersions(db: Executor, subjectIds: readonly string[]) {
  const result = (await db.execute(sql`select s.id::text as "subjectId", run.finished_at as "calibratedAt",
      coalesce(run.id::text, 'uncalibrated') || ' ' || count(q.id) || ' ' || coalesce(max(q.updated_at)::text, '')
        as version
    from (select id, finished_at from calibration_runs where finished_at is not null
      union all select null, null order by finished_at desc nulls last limit 1) run
    left join unnest(${uuidArray(subjectIds)}) as s(id) on true
    left join papers p on p.subject_id = s.id and ${bankPaperAs('p')}
      and p.exam_type_id = (select id from exam_types where slug = ${UTME.examTypeSlug})
    left join questions q on q.paper_id = p.id
    group by s.id, run.id, run.finished_at`)) as unknown as { rows: VersionRow[] };
  const calibratedAt = result.rows[0]?.calibratedAt;
  return {
    versions: result.rows.flatMap((row) =>
      row.subjectId === null ? [] : [{ subjectId: row.subjectId, version: row.version }],
    ),
    calibratedAt: calibratedAt ? new Date(calibratedAt) : null,
  };
}

interface PoolRow {
  topic: string | null;
  difficulty: number | null;
  discrimination: number | null;
}

/** Reads one subject's pool from the database, in the bank's order. */
async function loadPool(db: Executor, subjectId: string, version: string): Promise<SubjectPool> {
  const result = (await db.execute(sql`select q.topic, ip.difficulty, ip.discrimination
    from papers p join questions q on q.paper_id = p.id
    left join item_parameters ip on ip.question_id = q.id
    where p.subject_id = ${subjectId}::uuid and ${utmeEligible}
    order by q.paper_id, q.position`)) as unknown as { rows: PoolRow[] };
  const prior = priorParameters(1 / UTME.optionKeys);
  const items = result.rows.map((row) =>
    row.difficulty === null || row.discrimination === null
      ? prior
      : { difficulty: row.difficulty, discrimination: row.discrimination, guessing: prior.guessing },
  );
  return { version, items, topics: result.rows.map((row) => row.topic), chance: averageChance(items) };
}

/**
 * The pools, kept in this process between requests. Safe across instances: every request reads each
 * subject's current version (one small statement) and uses a kept pool only at that version, so every
 * instance answers from the same calibration and the same bank; a stale copy is read again. What it saves
 * is the pool itself: every JAMB question of the subject, each option list counted (utmeEligible). A pool
 * is one subject's, a few thousand numbers, and there are few subjects: nothing is evicted.
 */
export class PoolCache {
  readonly #pools = new Map<string, SubjectPool>();
  readonly #loading = new Map<string, Promise<SubjectPool>>();

  /** The pools of `subjectIds` at the database's current version. */
  async get(db: Executor, subjectIds: readonly string[]): Promise<Pools> {
    const { versions, calibratedAt } = await readVersions(db, subjectIds);
    const pools = await Promise.all(
      versions.map(
        async ({ subjectId, version }) => [subjectId, await this.#pool(db, subjectId, version)] as const,
      ),
    );
    return { pools: new Map(pools), calibratedAt };
  }

  async #pool(db: Executor, subjectId: string, version: string): Promise<SubjectPool> {
    const kept = this.#pools.get(subjectId);
    if (kept?.version === version) return kept;
    // Many students asking at once after a calibration share one read.
    const key = `${subjectId} ${version}`;
    const pending = this.#loading.get(key);
    if (pending) return pending;
    const loading = loadPool(db, subjectId, version).finally(() => this.#loading.delete(key));
    this.#loading.set(key, loading);
    const pool = await loading;
    this.#pools.set(subjectId, pool);
    return pool;
  }
}
