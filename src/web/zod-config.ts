/**
 * Zod compiles a fast path for each object schema with `new Function`, and first probes whether
 * it may by calling `Function('')`. Our content security policy allows no `eval` (and should not),
 * so the probe alone made the browser report a violation on every page, though zod caught the
 * error. Jitless, zod checks objects without compiling code: no probe, no report, the same answers.
 * Zod reads this setting as each object schema is built, so `main.tsx` imports this module first,
 * before anything that builds a schema.
 */
import { z } from 'zod';

z.config({ jitless: true });
