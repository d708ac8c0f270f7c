// The OpenAPI 3 document generated from the routes' zod schemas, at /swagger/json with its UI at /swagger.
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Surveillance console API',
        version: '1.0.0',
        description:
          'Every answer is `{code, msg, data}`; `code` 1 is success (SPEC §8 lists the others). ' +
          '`msg` follows the `language` header (zh-CN, zh-TW, en-US). Sign in with /rsa/getkey and ' +
          '/api/session/login/rsa, then send the token in the `xaccesstoken` header.',
      },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'xaccesstoken' } } },
      security: [{ token: [] }],
    },
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      // Say what each operation needs: public ones need no token, others name their access, which
      // readers and the isolation sweep use.
      const access =
        (input.route as { config?: { access?: string | readonly string[] } }).config?.access ?? 'signed-in';
      const schema = { ...out.schema, 'x-access': access, ...(access === 'public' ? { security: [] } : {}) };
      return { ...out, schema };
    },
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/swagger' });
}
