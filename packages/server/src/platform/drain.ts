import type { FastifyInstance } from 'fastify';

/**
 * Once the server begins to close, every answer still going out says `Connection: close`. Fastify stops listening
 * and drops idle connections, but a request in flight on a keep-alive connection would otherwise leave that
 * connection open after its answer, and closing waits for it until the client hangs up or the keep-alive timeout
 * (72 s) ends it.
 */
export function closeConnectionsWhenDraining(app: FastifyInstance): void {
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  app.addHook('onSend', async (_req, reply, payload) => {
    if (draining) reply.header('connection', 'close');
    return payload;
  });
}
