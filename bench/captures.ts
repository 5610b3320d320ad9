import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Role } from '@portal/contract';
import { createClient, createUser, startCaptureQueue, startTestPortal } from '@portal/server/testing';

/**
 * Evidence captures per minute with one and two browsers (issue 18), and the peak memory of the process and its
 * Chromium children (proportional set size, shared pages counted once, sampled from /proc every 200 ms). Each capture is the whole path: the
 * capture-batch call, the pg-boss job, Chromium opening a local fixture page (a listing of about 60 kB with 20
 * images), the PNG and HTML stored with their hashes. BENCH_CAPTURES captures per run (default 30).
 */
const COUNT = Number(process.env.BENCH_CAPTURES ?? 30);
const img = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f5c5b40000000049454e44ae426082', 'hex');
const PAGE = Buffer.from(
  `<!doctype html><html><head><meta charset="utf-8"><title>Listing</title></head><body>${'<p>Genuine-looking bag, free shipping, 9,800 JPY. </p>'.repeat(1000)}${Array.from({ length: 20 }, (_, i) => `<img src="/img/${i}.png" width="120" height="120">`).join('')}</body></html>`,
);

function rssOfTree(): number {
  // The process and every descendant (Chromium's processes), from /proc.
  const parents = new Map<number, number>();
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      parents.set(Number(d), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      /* gone meanwhile */
    }
  }
  const mine = new Set([process.pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, ppid] of parents) {
      if (!mine.has(pid) && mine.has(ppid)) {
        mine.add(pid);
        grew = true;
      }
    }
  }
  let kb = 0;
  for (const pid of mine) {
    try {
      // Proportional set size: Chromium's processes share most of their pages, which resident sizes count in each.
      kb += Number(/^Pss:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
    } catch {
      /* gone meanwhile */
    }
  }
  return kb / 1024;
}

async function run(browsers: number): Promise<{ perMinute: number; peakMb: number }> {
  const server = http.createServer((req, res) => void (req.url?.startsWith('/img/') ? res.writeHead(200, { 'content-type': 'image/png' }).end(img) : res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const tp = await startTestPortal({ checkAnswers: false });
  const queue = await startCaptureQueue(tp.portal.services, tp.portal.database.pool, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    browsers,
    timeoutMs: 30_000,
    maxBytes: 25 * 1024 * 1024,
    policy: { allowPrivate: false, allowOrigins: [origin] },
  });
  try {
    const db = tp.portal.services.db;
    const clientId = await createClient(tp);
    const analyst = await createUser(tp, { role: Role.ANALYST });
    await db.insertInto('client_manager').values({ client_id: clientId, user_id: analyst.userId }).execute();
    const report = (await db.insertInto('ec_report').values({ client_id: clientId, report_name: 'bench', upload_date: new Date() }).returning('report_id').executeTakeFirstOrThrow()).report_id;
    const rows = Array.from({ length: COUNT + browsers }, (_, i) => ({ client_id: clientId, report_id: report, ec_site: 'Amazon', ec_scan_date: '2026-11-01', ec_product_title: `Listing ${i}`, ec_product_url: `${origin}/item/${i}`, url_key: `item/${i}`, published: true, updated_at: new Date() }));
    const ids = (await db.insertInto('ec_record').values(rows).returning('ec_id').execute()).map((r) => r.ec_id);
    const batch = async (recordIds: number[]) => {
      const res = await tp.post('/api/evidence/capture-batch', { clientId, kind: 'ec', recordIds }, { token: analyst.token });
      const captureIds = (res.body.data as { ids: number[] }).ids;
      for (;;) {
        const p = (await tp.post('/api/evidence/fetch-progress', { clientId, ids: captureIds }, { token: analyst.token })).body.data as { pending: number; failed: number };
        if (p.pending === 0) {
          if (p.failed > 0) throw new Error(`${p.failed} captures failed`);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    await batch(ids.slice(0, browsers)); // warm-up: the browsers start
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOfTree())), 200);
    const started = performance.now();
    await batch(ids.slice(browsers));
    const ms = performance.now() - started;
    clearInterval(sampler);
    return { perMinute: (COUNT * 60_000) / ms, peakMb: peak };
  } finally {
    await queue.stop();
    await tp.close();
    server.close();
  }
}

for (const browsers of [1, 2]) {
  const { perMinute, peakMb } = await run(browsers);
  console.log(`captures (${process.env.TEST_DB ?? 'pglite'}), ${browsers} browser(s): ${perMinute.toFixed(1)} per minute (${(perMinute / 60).toFixed(2)} listings/s) over ${COUNT}; peak memory (server and Chromium) ${peakMb.toFixed(0)} MB`);
}
