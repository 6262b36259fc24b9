import { type Config, ConfigError, loadConfig } from '../server/config.ts';
import { type DatabaseHandle, openDatabase, STAFF_STATEMENT_TIMEOUT_MS } from '../server/db/client.ts';
import { DataFolderInUseError } from '../server/db/data-folder-lock.ts';

/**
 * Opens the configured database (or `database`, when a command is told another) for a staff command. When
 * the configuration is wrong, or the app (or another command) has the embedded database open, it says why in
 * one paragraph and exits 1, having changed nothing.
 */
export async function openCommandDatabase(database?: Config['database']): Promise<DatabaseHandle> {
  try {
    return await openDatabase(database ?? loadConfig().database, {
      statementTimeoutMs: STAFF_STATEMENT_TIMEOUT_MS,
    });
  } catch (error) {
    if (!(error instanceof DataFolderInUseError || error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
