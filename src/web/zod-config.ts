/**
 * Zod compiles a fast path for each object schema with `new Function`, and first probes whether
 * it may by calling `Function('')`. Our content security policy allows no `eval` (and should not),
 * so the probe alone made the browser report a violation on every page, though zod caught the
 * error. Jitless, zod checks objects without compiling code: no probe, no report, the same answers.
 * Zod reads this setting as each object schema is built, so `main.tsx` imports this module first,
 * before anything that builds a schema.
 *
 * The setting goes on zod's global configuration object (`globalThis.__zod_globalConfig`, which
 * zod adopts when it loads, and which `z.config()` changes) rather than through `z.config`, so the
 * first download does not carry zod for one call: every schema is in a page loaded later.
 * zod-config.test.ts checks that zod reads it.
 */
const zodGlobal = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig ??= {};
zodGlobal.__zod_globalConfig.jitless = true;
