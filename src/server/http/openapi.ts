import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from './context.ts';
import { declareAccess } from './access.ts';

type OpenApiDoc = {
  info: { title: string; version: string; description?: string };
  paths: Record<
    string,
    Record<
      string,
      {
        summary?: string;
        description?: string;
        tags?: string[];
        'x-access'?: string;
        requestBody?: unknown;
        parameters?: Array<{ name: string; in: string; required?: boolean }>;
        responses?: Record<string, { description?: string }>;
      }
    >
  >;
};

const esc = (s: string) =>
  s.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!);

/** Serves `/api/openapi.json` and a readable, self-contained reference page at `/api/docs`. */
export function mountOpenApi(app: OpenAPIHono<AppEnv>, version: string) {
  const documentConfig = {
    openapi: '3.1.0',
    info: {
      title: 'SavvyPig API',
      version,
      description:
        'JSON over HTTPS. Errors are always `{ "error": { "code", "message" } }`. Each operation names who may call it in `x-access` (public, user, admin). Auth endpoints under /api/auth are served by better-auth.',
    },
  };
  declareAccess('GET', '/api/openapi.json', 'public');
  declareAccess('GET', '/api/docs', 'public');
  app.doc31('/api/openapi.json', documentConfig);
  app.get('/api/docs', (c) => {
    const doc = app.getOpenAPI31Document(documentConfig) as unknown as OpenApiDoc;
    return c.html(renderReference(doc));
  });
}

export function renderReference(doc: OpenApiDoc): string {
  const rows = Object.entries(doc.paths)
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => {
        const responses = Object.entries(op.responses ?? {})
          .map(([status, r]) => `<li><code>${esc(status)}</code> ${esc(r.description ?? '')}</li>`)
          .join('');
        return `<section class="op"><h2><span class="m m-${esc(method)}">${esc(method.toUpperCase())}</span> <code>${esc(path)}</code> <span class="a">${esc(op['x-access'] ?? '')}</span></h2>
<p>${esc(op.summary ?? '')}</p>${op.description ? `<p class="d">${esc(op.description)}</p>` : ''}<ul>${responses}</ul></section>`;
      }),
    )
    .join('\n');
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(doc.info.title)} reference</title><style>
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;max-width:960px;margin:0 auto;padding:24px;color:#18181b;background:#fff}
@media (prefers-color-scheme: dark){body{color:#f4f4f5;background:#09090b}.op{border-color:#27272a!important}}
h1{color:#AA1164}.op{border:1px solid #e4e4e7;border-radius:8px;padding:12px 16px;margin:12px 0}.op h2{font-size:16px;margin:0 0 8px}
.m{display:inline-block;min-width:64px;font-size:12px;padding:2px 6px;border-radius:4px;color:#fff;background:#52525b;text-align:center}
.m-get{background:#1d4ed8}.m-post{background:#15803d}.m-put,.m-patch{background:#a16207}.m-delete{background:#b91c1c}
.a{font-size:12px;color:#AA1164;border:1px solid currentColor;border-radius:999px;padding:0 8px;margin-left:8px}.d{color:#52525b}</style></head>
<body><h1>${esc(doc.info.title)}</h1><p>Version ${esc(doc.info.version)}. ${esc(doc.info.description ?? '')}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a></p>${rows}</body></html>`;
}
