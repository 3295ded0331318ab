/**
 * What a browser downloads for the landing page: the HTML, then the scripts, module preloads and
 * stylesheets it names, and the static imports of those modules (bench/landing.ts).
 */
import fs from 'node:fs';
import http from 'node:http';
import zlib from 'node:zlib';

/** What a current browser sends (Brotli first, then gzip). */
export const BROWSER_ACCEPT_ENCODING = 'br, gzip';

export type Fetched = {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The Content-Encoding the server chose, or null for the bytes as they are. */
  coding: string | null;
  /** Bytes as they crossed the wire. */
  wireBytes: number;
  /** The bytes once decoded. */
  body: Buffer;
};

function decode(coding: string | null, bytes: Buffer): Buffer {
  if (coding === 'br') return zlib.brotliDecompressSync(bytes);
  if (coding === 'gzip') return zlib.gunzipSync(bytes);
  if (coding === null) return bytes;
  throw new Error(`unexpected Content-Encoding ${coding}`);
}

/** A GET over plain HTTP, measured as sent (fetch() would decode the body and hide its size). */
export function getRaw(baseUrl: string, path: string, headers: Record<string, string> = {}): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const request = http.get(new URL(path, baseUrl), { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const wire = Buffer.concat(chunks);
        const coding = typeof res.headers['content-encoding'] === 'string' ? res.headers['content-encoding'] : null;
        try {
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            coding,
            wireBytes: wire.length,
            body: decode(coding, wire),
          });
        } catch (err) {
          reject(err);
        }
      });
    });
    request.on('error', reject);
  });
}

export type HtmlRequests = { scripts: string[]; modulePreloads: string[]; stylesheets: string[] };

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];

/** What the HTML asks for before anything renders: its scripts (classic and module), module preloads and stylesheets. */
export function htmlRequests(html: string): HtmlRequests {
  const found: HtmlRequests = { scripts: [], modulePreloads: [], stylesheets: [] };
  // Comments can mention tags (index.html explains its theme script in one).
  const markup = html.replace(/<!--[\s\S]*?-->/g, '');
  for (const [tag] of markup.matchAll(/<script\b[^>]*>/gi)) {
    const src = attribute(tag, 'src');
    if (src) found.scripts.push(src);
  }
  for (const [tag] of markup.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attribute(tag, 'rel')?.toLowerCase();
    const href = attribute(tag, 'href');
    if (href && rel === 'modulepreload') found.modulePreloads.push(href);
    if (href && rel === 'stylesheet') found.stylesheets.push(href);
  }
  return found;
}

/**
 * A module's static imports (`import … from "./x.js"`, `import "./x.js"`, `export … from "./x.js"`),
 * resolved against its URL path; dynamic `import("…")` is left out, as the browser does until it runs.
 */
export function staticImports(code: string, fromPath: string): string[] {
  const specifiers = [...code.matchAll(/\b(?:import|export)\s*(?:[\w$*{},\s]*?\bfrom\s*)?["']([^"']+\.js)["']/g)];
  return specifiers.map(([, specifier]) => new URL(specifier!, `http://x${fromPath}`).pathname);
}

/**
 * The landing route's own chunk and the chunks it imports, from vite's manifest (the router loads
 * it after first render, so the HTML does not name it).
 */
export function routeChunks(manifestFile: string, source: string): string[] {
  type Entry = { file: string; imports?: string[] };
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, Entry>;
  const files: string[] = [];
  const visit = (key: string) => {
    const entry = manifest[key];
    if (!entry) throw new Error(`${key} is not in ${manifestFile}`);
    const file = `/${entry.file}`;
    if (files.includes(file)) return;
    files.push(file);
    for (const imported of entry.imports ?? []) visit(imported);
  };
  visit(source);
  return files;
}

export type AssetSize = {
  path: string;
  /** Why the browser fetches it: named by the HTML (script, modulepreload, stylesheet) or imported by one. */
  via: string;
  rawBytes: number;
  /** gzip level 9 and Brotli quality 11, what the build writes beside each file. */
  gzipBytes: number;
  brotliBytes: number;
  /** What the server sent to a browser taking Brotli and gzip. */
  sent: { coding: string | null; bytes: number };
  body: Buffer;
};

/** Fetches one file as a browser would, and its sizes raw, gzip and Brotli. */
export async function measureAsset(baseUrl: string, path: string, via: string): Promise<AssetSize> {
  const fetched = await getRaw(baseUrl, path, { 'Accept-Encoding': BROWSER_ACCEPT_ENCODING });
  if (fetched.status !== 200) throw new Error(`GET ${path}: ${fetched.status}`);
  const { body } = fetched;
  return {
    path,
    via,
    rawBytes: body.length,
    gzipBytes: zlib.gzipSync(body, { level: 9 }).length,
    brotliBytes: zlib.brotliCompressSync(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }).length,
    sent: { coding: fetched.coding, bytes: fetched.wireBytes },
    body,
  };
}

/** The scripts a page needs before first render: those the HTML names, then their static imports, each once. */
export async function measureScripts(baseUrl: string, requests: HtmlRequests): Promise<AssetSize[]> {
  const queue = [
    ...requests.scripts.map((path) => ({ path, via: 'script' })),
    ...requests.modulePreloads.map((path) => ({ path, via: 'modulepreload' })),
  ];
  const measured: AssetSize[] = [];
  for (let next = queue.shift(); next; next = queue.shift()) {
    const { path, via } = next;
    if (measured.some((asset) => asset.path === path)) continue;
    const asset = await measureAsset(baseUrl, path, via);
    measured.push(asset);
    for (const imported of staticImports(asset.body.toString('utf8'), path))
      queue.push({ path: imported, via: `import of ${path.split('/').pop()}` });
  }
  return measured;
}
