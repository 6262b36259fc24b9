// PostgreSQL states that mean "not now", not "this query was wrong": the same request may succeed when sent
// again in a few seconds, so the client is told 503 with Retry-After rather than a 500.
// - 08xxx connection exceptions, 53300 too many connections, 57P01–57P03 a shutdown, a crash restart or a
//   server still starting: the server cannot be used right now.
// - 57P05 idle_session_timeout and 25P03 idle_in_transaction_session_timeout: the server closed the
//   session; the next request gets a fresh connection from the pool.
// - 55000 object_not_in_prerequisite_state: "database is not currently accepting connections" while an
//   operator disallows connections (maintenance, a restore). No query of ours can raise it otherwise: we
//   use no currval() or replication commands, the other sources of the state.
// - 40001 serialization_failure and 40P01 deadlock_detected: PostgreSQL rolled the transaction back and
//   its documentation's answer is to run it again; nothing was written.
// - 55P03 lock_not_available: a lock wait gave up (lock_timeout); the holder finishes soon.
// - 57014 query_canceled: a statement_timeout or an operator's cancel stopped the query, which means the
//   database is overloaded now; a 500 would blame the request.
// - 53000 insufficient_resources and 53200 out_of_memory: the server is short of memory right now.
// Not here: 53100 disk_full and 57P04 database_dropped, which no retry cures without an operator.
const UNAVAILABLE_STATES = /^(08...|53000|53200|53300|57P0[1235]|25P03|55000|40001|40P01|55P03|57014)$/;

// What Node's sockets and node-postgres's pool report when there is no server to talk to.
const UNAVAILABLE_SYSTEM_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNABORTED',
]);

// node-postgres signals these without a code.
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end/i;

/**
 * True when an error, or any error it wraps (Drizzle wraps the driver's as `cause`), says that the database
 * could not be reached or dropped the connection: the request may succeed if tried again in a moment.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || UNAVAILABLE_SYSTEM_CODES.has(code))) {
    return true;
  }
  if (UNAVAILABLE_MESSAGES.test(error.message)) return true;
  if (
    error instanceof AggregateError &&
    error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))
  ) {
    return true;
  }
  return isDatabaseUnavailable(error.cause, depth + 1);
}

/** A PostgreSQL error as the drivers report it: its SQLSTATE and, for a constraint, the constraint's name. */
export interface PgError {
  code: string;
  constraint: string | undefined;
}

/**
 * The PostgreSQL error an error is or wraps (Drizzle wraps the driver's as `cause`), if any: the one place
 * that knows how node-postgres, postgres.js and PGlite spell the SQLSTATE and the constraint.
 */
export function pgError(error: unknown, depth = 0): PgError | undefined {
  if (typeof error !== 'object' || error === null || depth > 5) return undefined;
  const fields = error as {
    code?: unknown;
    constraint?: unknown;
    constraint_name?: unknown;
    cause?: unknown;
  };
  if (typeof fields.code === 'string' && /^[0-9A-Z]{5}$/.test(fields.code)) {
    const constraint = fields.constraint ?? fields.constraint_name;
    return { code: fields.code, constraint: typeof constraint === 'string' ? constraint : undefined };
  }
  return pgError(fields.cause, depth + 1);
}

/** SQLSTATE 23505: a unique index refused a row. */
export const isUniqueViolation = (error: unknown) => pgError(error)?.code === '23505';

/** SQLSTATE 23503: a foreign key refused a change. */
export const isForeignKeyViolation = (error: unknown) => pgError(error)?.code === '23503';
