/**
 * PGlite's engine, compiled once per process and handed to every worker thread that opens a
 * database (src/server/db/pglite.ts). A worker left to itself compiles the 9 MB WebAssembly module
 * and reads the 6 MB bundle of PostgreSQL's share files again, and its hot functions are optimised
 * again from nothing: a process that opens many databases (the test suite opens hundreds) paid
 * that on every open. A compiled `WebAssembly.Module` posted to a worker shares its machine code,
 * optimised functions included, so later opens start warm. The server opens one database, so it
 * pays the same once, only on this thread's event loop instead of the worker's: the compile is
 * asynchronous and off the main thread.
 */
import fs from 'node:fs/promises';

export type PgliteEngine = { wasmModule: WebAssembly.Module; fsBundle: ArrayBuffer };

let engine: Promise<PgliteEngine | undefined> | undefined;

/** The files PGlite loads, found where its own module resolves them (beside dist/index.js). */
function engineFile(name: string): URL {
  return new URL(name, import.meta.resolve('@electric-sql/pglite'));
}

async function compileEngine(): Promise<PgliteEngine | undefined> {
  try {
    const [wasm, bundle] = await Promise.all([
      fs.readFile(engineFile('pglite.wasm')),
      fs.readFile(engineFile('pglite.data')),
    ]);
    const fsBundle = bundle.buffer.slice(bundle.byteOffset, bundle.byteOffset + bundle.byteLength);
    return { wasmModule: await WebAssembly.compile(wasm), fsBundle };
  } catch {
    // A PGlite laid out differently: each worker then loads its engine itself, as PGlite does alone.
    return undefined;
  }
}

/** The compiled engine, shared by every open in this process; undefined when its files are not where expected. */
export function pgliteEngine(): Promise<PgliteEngine | undefined> {
  engine ??= compileEngine();
  return engine;
}
