// The answer envelope of SPEC §7: wraps handler results as {code: 1, msg, data} and every failure as
// {code, msg} with the HTTP status of its class; no stack trace or SQL ever leaves the process.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  envelope,
  httpStatusOf,
  issueProblem,
  resolveLanguage,
  translate,
  type AppCode,
  type IssueLike,
  type Language,
  type MessageKey,
} from '@svc/contracts';
import type { z } from 'zod';
import { AppError } from './app-error.js';

declare module 'fastify' {
  interface FastifyRequest {
    language: Language;
    /** A success message of the route's own (SPEC §7: adding a project answers the server's msg). */
    successMessage: MessageKey | null;
    /** IANA zone from the `timezone` header, for zone-less times (architecture §5). */
    timezone: string;
  }
}

/** For commands: run the service call, answer no data (`data: null`). */
export const noData = (_done: void): null => null;

/** Paths whose answers are enveloped (SPEC §7). */
export function isApiPath(url: string): boolean {
  return url.startsWith('/api/') || url === '/api' || url.startsWith('/rsa/');
}

const errorEnvelopes = new WeakSet<object>();

type Envelope = { code: number; msg: string; data?: unknown };

function errorEnvelope(lang: Language, error: AppError): Envelope {
  const { code, details } = error;
  let msg: string;
  if (details.field !== undefined) {
    const reason = translate(lang, details.messageKey ?? 'validation.invalid', details.params);
    msg = translate(lang, 'param.error', { field: details.field, reason });
  } else {
    msg = translate(lang, details.messageKey ?? `code.${code}`, details.params);
  }
  const body: Envelope = details.data === undefined ? { code, msg } : { code, msg, data: details.data };
  errorEnvelopes.add(body);
  return body;
}

/** Sends an AppError as its envelope with the status of its class. */
export function sendAppError(request: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  // Bypass the route's success serializer: an error body is not the route's data shape.
  return reply
    .code(httpStatusOf(error.code))
    .serializer(JSON.stringify)
    .type('application/json; charset=utf-8')
    .send(errorEnvelope(request.language, error));
}

/** Turns a schema violation into 4000 naming the first field at fault and why. */
function validationError(error: FastifyError): AppError {
  const first = error.validation?.[0];
  const where = error.validationContext === 'body' ? '' : `${error.validationContext ?? ''}.`;
  if (!first) return AppError.param('request', 'validation.invalid');
  const path = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const params = first.params as { keys?: string[]; input?: unknown; code?: string };
  if (first.keyword === 'unrecognized_keys' && params.keys?.length) {
    const field = [path, params.keys[0]].filter(Boolean).join('.');
    return new AppError(4000, { messageKey: 'param.unknownField', params: { field: `${where}${field}` } });
  }
  const field = path
    ? `${where}${path}`
    : error.validationContext === 'body'
      ? 'body'
      : (error.validationContext ?? 'request');
  // Schemas carry catalogue keys as messages; a crossed bound is named ("at most 20 characters");
  // zod's own English messages fall back to one per kind.
  const problem = issueProblem({ ...(first.params as IssueLike), code: first.keyword, message: first.message });
  return AppError.param(field, problem.key as MessageKey, problem.params);
}

/**
 * Fastify hands string answers to the client untouched (no preSerialization hook), so a route whose
 * data is a string (SPEC §7 /api/restful) sends its envelope itself.
 */
export function sendStringData(request: FastifyRequest, reply: FastifyReply, data: string): FastifyReply {
  const body = { code: 1, msg: translate(request.language, request.successMessage ?? 'code.1'), data };
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(body));
}

export function registerEnvelope(app: FastifyInstance): void {
  app.decorateRequest('language', 'en-US');
  app.decorateRequest('timezone', 'UTC');
  app.decorateRequest('successMessage', null);
  app.addHook('onRequest', async (request) => {
    request.language = resolveLanguage(request.headers['language'] as string | undefined);
    const tz = request.headers['timezone'];
    if (typeof tz === 'string' && tz.length <= 64 && isTimeZone(tz)) request.timezone = tz;
  });

  // Routes declare their data schema; the answer they send is the envelope around it.
  // Fastify hands the same schema object to the HEAD twin of a GET route: wrap each data schema once.
  const wrapped = new WeakMap<z.ZodType, z.ZodType>();
  const envelopes = new WeakSet<z.ZodType>();
  app.addHook('onRoute', (route: RouteOptions) => {
    const response = route.schema?.response as Record<string, z.ZodType> | undefined;
    const data = response?.[200];
    if (!isApiPath(route.url) || !data || envelopes.has(data)) return;
    if (!wrapped.has(data)) {
      const env = envelope(data);
      wrapped.set(data, env);
      envelopes.add(env);
    }
    route.schema = { ...route.schema, response: { ...response, 200: wrapped.get(data)! } };
  });

  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    if (!isApiPath(request.url) || reply.statusCode !== 200) return payload;
    if (typeof payload === 'object' && payload !== null && errorEnvelopes.has(payload)) return payload;
    return { code: 1, msg: translate(request.language, request.successMessage ?? 'code.1'), data: payload ?? null };
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return sendAppError(request, reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) return sendAppError(request, reply, validationError(error));
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own refusals: malformed JSON, wrong content type, body too large, …
      request.log.info({ err: { code: error.code, message: error.message } }, 'request refused');
      const code: AppCode = status === 404 ? 404 : status === 429 ? 111 : 4000;
      return sendAppError(
        request,
        reply,
        code === 4000 ? AppError.param('body', 'validation.invalid') : new AppError(code),
      );
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendAppError(request, reply, new AppError(502));
  });
}

// Every console call names its zone; checking one builds an Intl formatter, so answers are remembered.
// IANA zones are a few hundred: the cap only guards against a client inventing names.
const knownZones = new Map<string, boolean>();
function isTimeZone(tz: string): boolean {
  const known = knownZones.get(tz);
  if (known !== undefined) return known;
  let valid = true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
  } catch {
    valid = false;
  }
  if (knownZones.size < 2000) knownZones.set(tz, valid);
  return valid;
}
