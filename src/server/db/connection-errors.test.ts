import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, mustDiscardConnection } from './connection-errors.ts';

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });
// drizzle wraps the driver's error: "Failed query: …" with the driver's as its cause.
const wrapped = (cause: Error) => new Error('Failed query: insert into transactions …', { cause });

describe('what a database error says about its connection', () => {
  it('counts a terminated backend (57P01, a fast or immediate shutdown or pg_terminate_backend) as the database away, wrapped or not', () => {
    const terminated = pgError('57P01', 'terminating connection due to administrator command');
    expect(isDatabaseUnavailable(terminated)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(terminated))).toBe(true);
    expect(isDatabaseUnavailable(new Error('terminating connection due to immediate shutdown command'))).toBe(true);
  });

  it('counts a lost socket, a refused connection and a server still starting as the database away', () => {
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Client has encountered a connection error and is not queryable'))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'))).toBe(true);
    expect(isDatabaseUnavailable(pgError('57P03', 'the database system is starting up'))).toBe(true);
  });

  it('does not count a wrong query as the database away, nor discard its connection', () => {
    const duplicate = wrapped(pgError('23505', 'duplicate key value violates unique constraint'));
    expect(isDatabaseUnavailable(duplicate)).toBe(false);
    expect(mustDiscardConnection(duplicate)).toBe(false);
  });

  it('discards a connection that was lost, and one whose prepared statement no longer fits the schema', () => {
    expect(
      mustDiscardConnection(wrapped(pgError('57P01', 'terminating connection due to administrator command'))),
    ).toBe(true);
    expect(mustDiscardConnection(pgError('0A000', 'cached plan must not change result type'))).toBe(true);
    expect(mustDiscardConnection(pgError('26000', 'prepared statement "opening" does not exist'))).toBe(true);
  });
});
