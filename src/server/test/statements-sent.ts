import net from 'node:net';
import pg from 'pg';
import { vi } from 'vitest';

/**
 * How many statements `run` sends to PostgreSQL (node-postgres `query` calls) and in how many
 * socket writes (one per flush: corked writes leave as one), for tests that hold a request's
 * reads to a constant number of statements and round trips.
 */
export async function statementsSent(run: () => Promise<unknown>): Promise<{ statements: number; writes: number }> {
  const query = vi.spyOn(pg.Client.prototype, 'query');
  const socket = net.Socket.prototype as unknown as { _write: () => void; _writev: () => void };
  const writes = [vi.spyOn(socket, '_write'), vi.spyOn(socket, '_writev')];
  try {
    await run();
    return { statements: query.mock.calls.length, writes: writes.reduce((n, w) => n + w.mock.calls.length, 0) };
  } finally {
    query.mockRestore();
    for (const w of writes) w.mockRestore();
  }
}

/**
 * The texts of the statements `run` sends with parameters but no name: PostgreSQL parses and
 * plans each of them again on every call, which on a hot write cost more than its execution
 * (docs/performance.md, "the deposit's statements prepared").
 */
export async function unpreparedSent(run: () => Promise<unknown>): Promise<string[]> {
  return (await queryCallsDuring(run)).flatMap(([config, values]) => {
    if (typeof config === 'string') return values === undefined ? [] : [config];
    const { name, text, values: configValues } = config as { name?: string; text: string; values?: unknown[] };
    return name || (configValues === undefined && values === undefined) ? [] : [text];
  });
}

/** What `run` sends to PostgreSQL, in order: each statement's name when it has one, else its text. */
export async function statementNamesSent(run: () => Promise<unknown>): Promise<string[]> {
  return (await queryCallsDuring(run)).map(([config]) => {
    if (typeof config === 'string') return config;
    const { name, text } = config as { name?: string; text: string };
    return name ?? text;
  });
}

/** node-postgres `query` calls made while `run` ran, with their arguments. */
async function queryCallsDuring(run: () => Promise<unknown>): Promise<unknown[][]> {
  const query = vi.spyOn(pg.Client.prototype, 'query');
  try {
    await run();
    return query.mock.calls.map((call) => [...call]);
  } finally {
    query.mockRestore();
  }
}
