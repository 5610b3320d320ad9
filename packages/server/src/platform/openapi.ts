import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { PUBLIC, type RegisteredCall } from './call.js';

/**
 * GET /api/openapi.json: every registered call with its payload and answer schema, generated from the contract,
 * so the document cannot drift from the code. Roles are listed per call (x-roles: the bit mask, or "public").
 */
export function openApiDocument(calls: RegisteredCall[]) {
  const envelope = (data: unknown) => ({
    type: 'object',
    required: ['code', 'message', 'data'],
    properties: { code: { type: 'integer' }, message: { type: 'string' }, data },
  });
  const schema = (s: z.ZodType) => z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' });
  return {
    openapi: '3.1.0',
    info: { title: 'Brand Protection Portal API', version: '1' },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths: Object.fromEntries(
      calls.map((c) => [
        c.path,
        {
          post: {
            'x-roles': c.roles === PUBLIC ? 'public' : c.roles,
            ...(c.roles === PUBLIC ? {} : { security: [{ bearer: [] }] }),
            requestBody: { required: false, content: { 'application/json': { schema: schema(c.input) } } },
            responses: { '200': { description: 'code 0 on success', content: { 'application/json': { schema: envelope(z.toJSONSchema(c.output, { io: 'output', unrepresentable: 'any' })) } } } },
          },
        },
      ]),
    ),
  };
}

export function serveOpenApi(app: FastifyInstance, calls: RegisteredCall[]): void {
  const document = openApiDocument(calls);
  app.get('/api/openapi.json', (_req, reply) => reply.send(document));
}
