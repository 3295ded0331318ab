/** The operations of an OpenAPI 3.1 document, as the schema-driven fuzz test walks them. */
import type { JsonSchema } from './openapi-arbitraries.ts';

export type Parameter = {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
};
type OperationObject = {
  'x-access'?: 'public' | 'user' | 'admin';
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
};
export type OpenApiDocument = {
  paths: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

export type Operation = {
  method: string;
  /** As the document writes it: `/api/accounts/{id}`. */
  path: string;
  access: 'public' | 'user' | 'admin';
  parameters: Parameter[];
  body: { contentType: string; schema: JsonSchema } | null;
};

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/**
 * How many inputs an operation has: its parameters and its body's top-level fields. Routes with
 * more get more requests (see the fuzz test's `runsFor`).
 */
export function inputCount(op: Operation, doc: OpenApiDocument): number {
  const ref = op.body?.schema.$ref?.replace('#/components/schemas/', '');
  const body = op.body ? (ref ? doc.components?.schemas?.[ref] : op.body.schema) : undefined;
  return op.parameters.length + (body ? Math.max(1, Object.keys(body.properties ?? {}).length) : 0);
}

/** Every operation the document declares. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.has(method))
      .map(([method, op]) => {
        const [contentType, media] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
        return {
          method: method.toUpperCase(),
          path,
          access: op['x-access'] ?? 'public',
          parameters: op.parameters ?? [],
          body: contentType ? { contentType, schema: media?.schema ?? {} } : null,
        };
      }),
  );
}
