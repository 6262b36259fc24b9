import type { Logger } from 'pino';
import type { Database } from '../db/client.ts';

/** Loads the sample data into an empty database. The bank and the plans arrive with their issues. */
export async function seedDatabase(_db: Database, logger: Logger): Promise<void> {
  logger.debug('nothing to seed yet');
}
