// The real part of npm run bench:prediction: the prediction against the UTME mocks students really sat
// (src/server/services/prediction/mock-comparison.ts, docs/prediction.md "Against real mocks"). Each scored
// sitting is predicted from its student's evidence before it started, with the database's pools and
// parameters as they are now, and compared with its score. --database takes a postgres:// URL or the folder
// of an embedded database (the app's is DATA_DIR/pglite: stop the app first); DATABASE_URL when not given.
// The database is opened as the staff commands open it (src/cli/database.ts) and only read.
import { existsSync } from 'node:fs';
import { openCommandDatabase } from '../../src/cli/database.ts';
import { PREDICTION } from '../../src/lib/api/prediction.ts';
import type { Config } from '../../src/server/config.ts';
import {
  compareMocks,
  type ErrorSummary,
  type MockSitting,
  predictMockSittings,
} from '../../src/server/services/prediction/mock-comparison.ts';
import { PoolCache } from '../../src/server/services/prediction/pool-cache.ts';
import { describeDatabase, formatNumber, table } from './support.ts';

/** The database to compare in, and how the report names it. */
export interface MockDatabase {
  database: Config['database'];
  label: string;
}

/**
 * The database `--database` names, else DATABASE_URL's; undefined when neither is given. Throws on a value
 * that is neither a postgres:// URL, `memory:` nor an existing folder: opening a folder that is not there
 * would create an empty database in it.
 */
export function mockDatabase(
  flag: string | undefined,
  environment = process.env.DATABASE_URL,
): MockDatabase | undefined {
  const value = flag ?? (environment?.trim() || undefined);
  if (value === undefined) return undefined;
  if (/^postgres(ql)?:\/\//.test(value))
    return {
      database: { kind: 'postgres', url: value },
      label: describeDatabase(value),
    };
  if (value.startsWith('memory:'))
    return {
      database: { kind: 'pglite', dataDir: undefined },
      label: 'an empty embedded database in memory',
    };
  if (value === 'true' || !existsSync(value)) {
    throw new Error(
      `--database must be a postgres:// URL or the folder of an embedded database; ${value === 'true' ? 'none was given' : `${value} does not exist`}`,
    );
  }
  return {
    database: { kind: 'pglite', dataDir: value },
    label: 'the embedded database (PGlite)',
  };
}

const percent = (share: number) => `${formatNumber(share * 100, 1)}%`;

function summaryRow(label: string, summary: ErrorSummary) {
  return [
    label,
    formatNumber(summary.compared),
    formatNumber(summary.meanError, 1),
    formatNumber(summary.medianError, 1),
    percent(summary.coverage),
  ];
}

/** Every compared sitting, for the console: each student's own line would not belong in the docs. */
function sittingsTable(sittings: readonly MockSitting[]): string {
  return table(
    ['sitting', 'started', 'practice', 'predicted', 'low', 'high', 'actual'],
    sittings.flatMap((sitting) =>
      sitting.predicted
        ? [
            [
              sitting.attemptId,
              sitting.startedAt.toISOString().slice(0, 16).replace('T', ' '),
              sitting.practice ? 'yes' : 'no',
              sitting.predicted.expected,
              sitting.predicted.low,
              sitting.predicted.high,
              sitting.actual,
            ],
          ]
        : [],
    ),
  );
}

/**
 * Compares the prediction with every scored sitting in the database, prints each compared sitting, and
 * returns the report's part: the figures, or why there are none.
 */
export async function realMockSection(target: MockDatabase | undefined): Promise<string> {
  const heading = '### Against real UTME mocks';
  if (!target) {
    return `${heading}

No database was given (\`--database <url>\`, or DATABASE_URL): no real mock was compared.`;
  }
  const started = performance.now();
  const handle = await openCommandDatabase(target.database);
  try {
    const { sittings, calibratedAt } = await predictMockSittings(handle.db, new PoolCache());
    const comparison = compareMocks(sittings);
    const took = formatNumber((performance.now() - started) / 1000, 1);
    const calibrated = calibratedAt
      ? `last calibrated ${calibratedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`
      : 'never calibrated: every question at the prior';
    const source = `- Database: ${target.label}, ${calibrated}; compared in ${took} s`;
    if (!comparison.total) {
      return `${heading}

${source}

No scored UTME sitting with enough evidence before it: ${formatNumber(comparison.sittings)} sittings, 0 comparable.`;
    }
    console.log(`\nEach compared sitting (total out of 400):\n\n${sittingsTable(sittings)}`);
    const figures = table(
      ['predicted against the sitting', 'sittings', 'MAE', 'median AE', '80% range holds'],
      [
        summaryRow('total /400', comparison.total),
        ...comparison.subjects.map((entry) => summaryRow(`${entry.subject.title} /100`, entry)),
      ],
    );
    const standardError = 100 * Math.sqrt((0.8 * 0.2) / comparison.compared);
    return `${heading}

${source}
- Sittings: ${formatNumber(comparison.sittings)} scored UTME sittings of students, ${formatNumber(comparison.compared)} comparable (each of their subjects had at least ${PREDICTION.minAnswers} answers of evidence before the sitting started), ${formatNumber(comparison.practice)} of them practice

${figures}

Each sitting is predicted as GET /api/v1/prediction would have predicted it when the sitting started: from the
student's evidence before then, but with today's pools and parameters (docs/prediction.md, "Against real
mocks"). A subject's row covers the compared sittings that had it. With ${formatNumber(comparison.compared)} sittings a share near 80% is
good to about ±${formatNumber(standardError, 1)} points.`;
  } finally {
    await handle.close();
  }
}
