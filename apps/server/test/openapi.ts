// The OpenAPI document as the route sweeps read it: schemas, operations and the access each names.
import type { Access } from '../src/http/auth.js';

export type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  format?: string;
  default?: unknown;
};
export type Operation = {
  'x-access'?: Access;
  parameters?: { in: 'path' | 'query'; name: string; required?: boolean; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
};
export type Doc = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };

/** Every operation of the document, its method in capitals, with the access it names (none: signed-in). */
export const operationsOf = (doc: Doc) =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, op]) => ({ path, method: method.toUpperCase(), op, access: op['x-access'] })),
  );
