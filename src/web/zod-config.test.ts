import { describe, expect, it, vi } from 'vitest';
import './zod-config.ts';
import { z } from 'zod';

describe('zod without compiled validators', () => {
  it('reads the jitless setting main.tsx makes before zod loads', () => {
    expect(z.config().jitless).toBe(true);
  });

  it('checks an object schema without probing for eval', () => {
    const probe = vi.spyOn(globalThis, 'Function');
    const schema = z.object({ name: z.string(), pence: z.number().int() });
    expect(schema.parse({ name: 'ISA', pence: 100 })).toEqual({ name: 'ISA', pence: 100 });
    expect(schema.safeParse({ name: 'ISA', pence: 1.5 }).success).toBe(false);
    expect(probe).not.toHaveBeenCalled();
  });
});
