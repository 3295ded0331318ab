import { describe, expect, it } from 'vitest';
import { createLogger, errorFields } from './logger.ts';

describe('the logger', () => {
  it('writes one JSON object per line with the child fields', () => {
    const lines: string[] = [];
    const log = createLogger('info', { service: 'api' }, (l) => lines.push(l)).child({ reqId: 'r1' });
    log.info('request', { status: 200 });
    log.debug('hidden');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 'info',
      msg: 'request',
      service: 'api',
      reqId: 'r1',
      status: 200,
    });
  });

  it('names the cause of a wrapped database error', () => {
    const cause = Object.assign(new Error('connection refused'), { code: 'ECONNREFUSED' });
    expect(errorFields(new Error('Failed query', { cause }))).toMatchObject({
      err: 'Failed query',
      cause: 'connection refused',
      causeCode: 'ECONNREFUSED',
    });
  });
});
