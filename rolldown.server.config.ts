import { defineConfig, type RolldownOptions } from 'rolldown';

// Node 24 loads drizzle-orm slowly unbundled (1.0 s / 288 MB vs 0.25 s / 106 MB bundled).
// PGlite (WASM + data files), pg and the native bindings (argon2, sharp) stay external.
const server: RolldownOptions = {
  input: { index: 'src/server/index.ts' },
  platform: 'node',
  external: [
    /^@electric-sql\/pglite/,
    /^pg($|\/)/,
    /^pg-/,
    /^@node-rs\//,
    /^nodemailer/,
    /^sharp($|\/)/,
    // The importer's (issue 27), loaded by its first request rather than at start.
    /^exceljs($|\/)/,
    /^@googleapis\//,
    /^google-auth-library($|\/)/,
    // HubSpot's client: tens of MB, loaded by the CRM's first request (src/server/crm/client.ts).
    /^@hubspot\//,
  ],
  output: { dir: 'dist-server', format: 'esm', codeSplitting: false, sourcemap: true, entryFileNames: '[name].js' },
};

// PGlite's own thread (docs/decisions/0049) is a second bundle beside the server's.
export default defineConfig([server, { ...server, input: { 'pglite-worker': 'src/server/db/pglite-worker.ts' } }]);
