import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A program that receives webhooks, for tests: a local HTTP server that keeps every request (headers and the raw
 * body, which signatures cover) and answers from a script: a status code, or 'hang' (no answer at all, a timeout).
 * Once the script is used up it answers 200.
 */
export interface ReceivedWebhook {
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface WebhookReceiver {
  origin: string;
  url(path?: string): string;
  received: ReceivedWebhook[];
  /** What the next requests get, in order. */
  script: (number | 'hang')[];
  /** Resolves once `count` requests have come in (the test's own timeout bounds the wait). */
  waitFor(count: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const waiters: { count: number; resolve: (r: ReceivedWebhook[]) => void }[] = [];
  const sockets = new Set<Socket>();
  const receiver = { script: [] as (number | 'hang')[] };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]));
      received.push({ path: req.url ?? '/', headers, body: Buffer.concat(chunks).toString('utf8') });
      for (const w of waiters.filter((x) => received.length >= x.count)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve([...received]);
      }
      const answer = receiver.script.shift() ?? 200;
      if (answer === 'hang') return;
      res.writeHead(answer, { 'content-type': 'text/plain' }).end(answer < 300 ? 'thanks' : `failed with ${answer}`);
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(receiver, {
    origin,
    url: (path = '/hook') => `${origin}${path}`,
    received,
    waitFor: (count: number) => (received.length >= count ? Promise.resolve([...received]) : new Promise<ReceivedWebhook[]>((resolve) => waiters.push({ count, resolve }))),
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
