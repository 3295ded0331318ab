import type { RealValues } from './fuzz-fixtures.ts';

/**
 * Rows the fuzzed requests themselves created (an account with odd but accepted values, say),
 * by the collection their route names, so later routes read and change them too.
 */
export class CreatedRows {
  private readonly byCollection = new Map<string, string[]>();

  /** From a 2xx answer to a request on a collection (`/api/accounts`, `…/standing-orders`): the ids in its body. */
  collect(op: { method: string; path: string }, body: string) {
    if (op.method === 'GET' || op.method === 'DELETE') return;
    const collection = op.path
      .split('/')
      .filter((segment) => segment !== '' && !segment.startsWith('{'))
      .at(-1);
    if (!collection) return;
    const ids = idsIn(parseOrNull(body));
    if (ids.length === 0) return;
    this.byCollection.set(collection, [...ids, ...(this.byCollection.get(collection) ?? [])].slice(0, CREATED_KEPT));
  }

  addedTo(realValues: RealValues): RealValues {
    const merged = { ...realValues };
    for (const [collection, ids] of this.byCollection) merged[collection] = [...(merged[collection] ?? []), ...ids];
    return merged;
  }
}

const CREATED_KEPT = 4;

function parseOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The `id`s of the answer's objects: `{ id }`, `{ account: { id } }`, `{ items: [{ id }, …] }`. */
function idsIn(value: unknown, depth = 0): string[] {
  if (value === null || typeof value !== 'object' || depth > 2) return [];
  if (Array.isArray(value)) return value.flatMap((item) => idsIn(item, depth + 1));
  const { id } = value as { id?: unknown };
  if (typeof id === 'string') return [id];
  return Object.values(value).flatMap((item) => idsIn(item, depth + 1));
}
