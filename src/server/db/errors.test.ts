import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './errors.ts';

function withCode(message: string, code: string) {
  return Object.assign(new Error(message), { code });
}

describe('isDatabaseUnavailable', () => {
  it('recognises a refused connection, a terminated backend and a pool timeout, however deeply wrapped', () => {
    expect(isDatabaseUnavailable(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(
      isDatabaseUnavailable(withCode('terminating connection due to administrator command', '57P01')),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    const wrapped = new Error('Failed query: select 1', {
      cause: new Error('Connection terminated unexpectedly'),
    });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    expect(
      isDatabaseUnavailable(new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')])),
    ).toBe(true);
  });

  it('leaves query errors and other failures alone', () => {
    expect(isDatabaseUnavailable(withCode('duplicate key value', '23505'))).toBe(false);
    expect(isDatabaseUnavailable(withCode('syntax error', '42601'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});

describe('isDatabaseUnavailable for the states a retry cures', () => {
  it.each([
    ['55000', 'database "examprep" is not currently accepting connections'],
    ['57P01', 'terminating connection due to administrator command'],
    ['57P02', 'terminating connection due to crash of another server process'],
    ['57P03', 'the database system is starting up'],
    ['57P05', 'terminating connection due to idle-session timeout'],
    ['25P03', 'terminating connection due to idle-in-transaction timeout'],
    ['53000', 'insufficient resources'],
    ['53200', 'out of memory'],
    ['53300', 'sorry, too many clients already'],
    ['08006', 'connection failure'],
    ['40001', 'could not serialize access due to concurrent update'],
    ['40P01', 'deadlock detected'],
    ['55P03', 'could not obtain lock on row in relation "users"'],
    ['57014', 'canceling statement due to statement timeout'],
  ])('answers 503 for SQLSTATE %s (%s), also when Drizzle wraps it', (code, message) => {
    expect(isDatabaseUnavailable(withCode(message, code))).toBe(true);
    const wrapped = new Error('Failed query: select 1', { cause: withCode(message, code) });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
  });

  it.each([
    ['53100', 'could not extend file: No space left on device'],
    ['57P04', 'database dropped'],
    ['55006', 'object in use'],
    ['40002', 'integrity constraint violation'],
    ['23503', 'insert or update violates foreign key constraint'],
    ['22P05', 'unsupported Unicode escape sequence'],
  ])('leaves SQLSTATE %s (%s) a 500: no retry cures it', (code, message) => {
    expect(isDatabaseUnavailable(withCode(message, code))).toBe(false);
  });
});
