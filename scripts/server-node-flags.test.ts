import { describe, expect, it } from 'vitest';
import pkg from '../package.json' with { type: 'json' };
import { serverNodeFlags } from './server-node-flags.ts';

describe('the server’s Node flags', () => {
  it('are what npm start passes to node, and what benchmarks and browser tests start the server with', () => {
    expect(pkg.scripts.start).toContain('node $npm_package_config_serverNodeFlags dist-server/index.js');
    expect(serverNodeFlags()).toEqual(pkg.config.serverNodeFlags.split(' '));
    // A bigger young generation: the list's answers are allocation-heavy (docs/performance.md).
    expect(serverNodeFlags()).toContain('--max-semi-space-size=32');
  });
});
