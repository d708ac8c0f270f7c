// Refuses, at the schema edge of every route, text that PostgreSQL cannot store: a NUL byte (text
// columns reject it, so it used to surface as a database error) and unpaired UTF-16 surrogates
// (encoded to UTF-8 they silently become U+FFFD, so the stored text would differ from the input).
import type { FastifySchemaCompiler } from 'fastify';
import { AppError } from './app-error.js';

/** The path of the first string (value or key) in `value` that cannot be stored, else null. */
export function unstorableText(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return storable(value) ? null : path;
  // JSON bodies are bounded by the body limit; the depth cap only keeps the walk off the stack's edge.
  if (typeof value !== 'object' || value === null || depth > 64) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unstorableText(value[i], `${path}.${i}`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  if (Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (!storable(key)) return at;
    const found = unstorableText(item, at, depth + 1);
    if (found) return found;
  }
  return null;
}

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function storable(s: string): boolean {
  return !s.includes('\u0000') && !LONE_SURROGATE.test(s);
}

/**
 * Wraps a route's schema validator: the text is looked at before the schema, as part of reading the
 * request, so routes without a schema for a part (and their answers per second) pay nothing.
 */
export const storableTextFirst =
  (compile: FastifySchemaCompiler<unknown>): FastifySchemaCompiler<unknown> =>
  (route) => {
    const validate = compile(route);
    const part = route.httpPart === 'body' ? '' : route.httpPart === 'querystring' ? 'query' : (route.httpPart ?? '');
    return (data) => {
      const field = unstorableText(data, part);
      if (field === null) return validate(data);
      // An Error is handed to the error handler as it is: the envelope's 4000 naming the field.
      return { error: AppError.param(field.replace(/^\./, '') || 'body', 'validation.character') };
    };
  };
