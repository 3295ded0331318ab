import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirForTest } from './test/temp-dir.ts';
import { createTestClock, offsetFileClock } from './clock.ts';
import { ConfigError, loadConfig } from './config.ts';

describe('the clocks', () => {
  it('shifts the real time by the milliseconds in the offset file, read on every call', () => {
    const file = path.join(tempDirForTest('clock-'), 'offset');
    const clock = offsetFileClock(file);
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(1_000); // no file: no shift
    fs.writeFileSync(file, String(11 * 60_000));
    expect(clock.now().getTime() - Date.now()).toBeGreaterThan(11 * 60_000 - 1_000);
    fs.writeFileSync(file, 'rubbish');
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(1_000);
  });

  it('moves a test clock forward, pins it and resets it', () => {
    const clock = createTestClock();
    clock.advance(60_000);
    expect(clock.now().getTime() - Date.now()).toBeGreaterThan(59_000);
    clock.set(new Date('2030-01-01T00:00:00Z'));
    clock.advance(1_000);
    expect(clock.now().toISOString()).toBe('2030-01-01T00:00:01.000Z');
    clock.reset();
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(1_000);
  });

  it('refuses a clock offset file in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', TEST_CLOCK_OFFSET_FILE: '/tmp/x' })).toThrow(ConfigError);
    expect(loadConfig({ NODE_ENV: 'development', TEST_CLOCK_OFFSET_FILE: '/tmp/x' }).TEST_CLOCK_OFFSET_FILE).toBe(
      '/tmp/x',
    );
  });
});
