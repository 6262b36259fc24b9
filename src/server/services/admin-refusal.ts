import { type SQL, type SQLChunk, sql } from 'drizzle-orm';
import { adminRefused } from './errors.ts';

/**
 * The admin refusal (spec §6): an admin account is refused when the request comes from this web app, which
 * is for students; admins use the other clients. Written once here: in TypeScript for the checks made after
 * a session is read, and in SQL for the statements that read the session in the same round trip as their
 * work (GET /exam, saving an answer), which must not start or save anything for such a caller.
 */

/** True when the request's `frontend-source` header says it comes from this web app. */
export function fromWebApp(frontendSource: string | undefined): boolean {
  return frontendSource?.trim().toLowerCase() === 'webuser';
}

/** Whether a caller is refused: an admin coming from the web app. */
export function isRefusedAdmin(isAdmin: boolean, webApp: boolean): boolean {
  return isAdmin && webApp;
}

/** Throws the refusal (403) for an admin coming from the web app. */
export function refuseAdminFromWebApp(isAdmin: boolean, webApp: boolean): void {
  if (isRefusedAdmin(isAdmin, webApp)) throw adminRefused();
}

/** The same rule as isRefusedAdmin in SQL, on a boolean column (or expression) and a boolean parameter. */
export function refusedAdminSql(isAdmin: SQLChunk, webApp: SQLChunk): SQL {
  return sql`(${isAdmin} and ${webApp}::boolean)`;
}
