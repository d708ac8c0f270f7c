// The HTTP plugin: cookies, compression, uploads, WebSockets, the answer envelope, schema validation and OpenAPI.
import type { FastifySchemaCompiler } from 'fastify';
import fp from 'fastify-plugin';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerEnvelope } from './envelope.js';
import { registerOpenApi } from './openapi.js';
import { storableTextFirst } from './text-guard.js';

export default fp(
  async (app) => {
    app.setValidatorCompiler(storableTextFirst(validatorCompiler as FastifySchemaCompiler<unknown>));
    app.setSerializerCompiler(serializerCompiler);
    await app.register(cookie);
    // The project tree of a large enterprise is a megabyte of JSON; gzip makes it a tenth over a WAN.
    // Brotli's default quality costs more CPU than it saves here; big answers compress off the event
    // loop (the plugin streams them through zlib's thread pool).
    await app.register(compress, { global: true, threshold: 1024, encodings: ['gzip', 'deflate'] });
    // Uploads are read by the routes that take them, with their own size limits.
    await app.register(multipart, { limits: { fileSize: 2 * 1024 * 1024, files: 1, fields: 10 } });
    await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
    registerEnvelope(app);
    await registerOpenApi(app);
  },
  { name: 'http', dependencies: ['core'] },
);
