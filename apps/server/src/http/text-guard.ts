// Refuses, at the edge and for every route, text that PostgreSQL cannot store: a NUL byte (text
// columns reject it, so it used to surface as a database error) and unpaired UTF-16 surrogates
// (encoded to UTF-8 they silently become U+FFFD, so the stored text would differ from the input).
import type { FastifyInstance } from 'fastify';
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

export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const field =
      unstorableText(request.params, 'params') ??
      unstorableText(request.query, 'query') ??
      unstorableText(request.body, '');
    if (field !== null) throw AppError.param(field.replace(/^\./, '') || 'body', 'validation.character');
  });
}
