import { startDnsZone, type ZoneRecord } from '../packages/server/src/areas/domain-watch/dns-zone.js';
import { permutations } from '../packages/server/src/areas/domain-watch/permutations.js';
import { DNS_DEFAULTS, createDomainResolver, type Registration } from '../packages/server/src/areas/domain-watch/resolve.js';

/**
 * Issue 32, "Quality and speed": look-alikes of rakuten.co.jp resolved against a local DNS server (dns-zone.ts)
 * that holds some as registered (A, AAAA, MX or NS only), serves a wildcard zone under which the subdomain
 * fuzzer's names fall, and answers SERVFAIL or nothing for others. Every name's truth is known: the run must give
 * 0 false "registered" and 0 missed, and report failures as failures. Speed: names resolved per second at the
 * default pace (DNS_DEFAULTS: the rate cap bounds it) and with the rate cap lifted (there the silent names' two
 * tries, 2.5 s then 5 s, are most of the time). BENCH_DNS_NAMES sets how many names (2,000 at most by default).
 */

const NAMES = Number(process.env.BENCH_DNS_NAMES ?? 2000);
const all = permutations('rakuten.co.jp', { tlds: ['com', 'jp', 'net'] }).map((p) => p.domain);
// Every fuzzer's names, spread evenly, and all of the subdomain fuzzer's (the wildcard cases).
const step = Math.max(1, Math.ceil(all.length / NAMES));
const names = [...new Set([...all.filter((n) => n.split('.').length > 3), ...all.filter((_, i) => i % step === 0)])].slice(0, NAMES);
const truth = new Map<string, Registration>();
const records: ZoneRecord[] = [];
const failing = new Map<string, 'SERVFAIL' | 'silent'>();
const kinds: ZoneRecord['type'][] = ['A', 'AAAA', 'MX', 'NS'];
const data = { A: '192.0.2.1', AAAA: '2001:db8::1', MX: '10 mail.example.net', NS: 'ns1.example.net', TXT: '' };
names.forEach((name, i) => {
  if (name.split('.').length > 3) {
    // Subdomain look-alikes (r.akuten.co.jp): their parent answers any name.
    const parent = name.slice(name.indexOf('.') + 1);
    records.push({ name: `*.${parent}`, type: 'A', data: '192.0.2.99' });
    truth.set(name, 'wildcard');
  } else if (i % 40 === 0) {
    const type = kinds[(i / 40) % 4]!;
    records.push({ name, type, data: data[type] });
    truth.set(name, 'registered');
  } else if (i % 151 === 0) {
    failing.set(name, i % 2 ? 'silent' : 'SERVFAIL');
    truth.set(name, 'failed');
  } else truth.set(name, 'unregistered');
});
const zone = await startDnsZone(records, Object.fromEntries(failing));

async function measure(label: string, options: Parameters<typeof createDomainResolver>[0]) {
  const resolver = createDomainResolver({ servers: [zone.server], ...options });
  const started = performance.now();
  const results = await resolver.resolveAll(names);
  const seconds = (performance.now() - started) / 1000;
  let falseRegistered = 0;
  let missed = 0;
  let wrong = 0;
  for (const r of results) {
    const expected = truth.get(r.domain)!;
    if (r.status === 'registered' && expected !== 'registered') falseRegistered++;
    if (expected === 'registered' && r.status !== 'registered') missed++;
    if (r.status !== expected) wrong++;
  }
  const count = (s: Registration) => results.filter((r) => r.status === s).length;
  console.log(`${label}: ${names.length} names in ${seconds.toFixed(1)} s = ${(names.length / seconds).toFixed(0)} names/s; registered ${count('registered')}, wildcard ${count('wildcard')}, failed ${count('failed')}, unregistered ${count('unregistered')}; false registered ${falseRegistered}, missed ${missed}, other mismatches ${wrong - falseRegistered - missed}`);
  if (falseRegistered || missed || wrong) process.exitCode = 1;
}

console.log(`resolution: ${names.length} look-alikes of rakuten.co.jp, ${records.length} records, ${failing.size} failing names`);
await measure(`default pace (${DNS_DEFAULTS.concurrency} at once, ${DNS_DEFAULTS.perSecond} queries/s)`, {});
await measure(`rate cap lifted (${DNS_DEFAULTS.concurrency} at once)`, { perSecond: 1_000_000 });
await zone.close();
