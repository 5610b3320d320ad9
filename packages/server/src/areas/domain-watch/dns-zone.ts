import dgram from 'node:dgram';
import dnsPacket, { type Answer } from 'dns-packet';

/**
 * A small authoritative DNS server in-process, over UDP on 127.0.0.1 (dns-packet for the wire format): the tests of
 * resolve.ts ask it, and the demo can serve its look-alikes from it (issue 32 point 5). It answers the records it
 * holds, wildcards (`*.zone`) for names it does not hold, "no data" for a name that holds other records or names
 * below it, NXDOMAIN for the rest; `misbehave` makes chosen questions (by name, or by name and type) answer SERVFAIL
 * or REFUSED, or not at all.
 */

export interface ZoneRecord {
  name: string;
  type: 'A' | 'AAAA' | 'MX' | 'NS' | 'TXT';
  /** An address or host name; MX: `priority host`. */
  data: string;
}
export type Misbehaviour = 'SERVFAIL' | 'REFUSED' | 'silent';
export type Misbehave = Record<string, Misbehaviour> | ((name: string, type: string) => Misbehaviour | undefined);

const RCODE = { NOERROR: 0, SERVFAIL: 2, NXDOMAIN: 3, REFUSED: 5 };

function answer(record: ZoneRecord, name: string): Answer {
  if (record.type === 'MX') {
    const [priority, exchange] = record.data.split(' ');
    return { name, type: 'MX', ttl: 60, data: { preference: Number(priority), exchange: exchange! } };
  }
  if (record.type === 'TXT') return { name, type: 'TXT', ttl: 60, data: record.data };
  return { name, type: record.type, ttl: 60, data: record.data };
}

export async function startDnsZone(records: ZoneRecord[], misbehave: Misbehave = {}) {
  const held = records.map((r) => ({ ...r, name: r.name.toLowerCase() }));
  const lookup = (qname: string, qtype: string): { rcode: number; answers: Answer[] } => {
    const name = qname.toLowerCase();
    let at = held.filter((r) => r.name === name);
    if (!at.length && !held.some((r) => r.name.endsWith(`.${name}`))) {
      const labels = name.split('.');
      for (let i = 1; i < labels.length && !at.length; i++) at = held.filter((r) => r.name === `*.${labels.slice(i).join('.')}`);
      if (!at.length) return { rcode: RCODE.NXDOMAIN, answers: [] };
    }
    return { rcode: RCODE.NOERROR, answers: at.filter((r) => r.type === qtype).map((r) => answer(r, qname)) };
  };

  const socket = dgram.createSocket('udp4');
  socket.on('message', (message, peer) => {
    let query;
    try {
      query = dnsPacket.decode(message);
    } catch {
      return;
    }
    const question = query.questions?.[0];
    if (!question) return;
    const name = question.name.toLowerCase();
    const trouble = typeof misbehave === 'function' ? misbehave(name, question.type) : misbehave[name];
    if (trouble === 'silent') return;
    const { rcode, answers } = trouble ? { rcode: RCODE[trouble], answers: [] } : lookup(question.name, question.type);
    const reply = dnsPacket.encode({
      type: 'response',
      id: query.id,
      flags: dnsPacket.AUTHORITATIVE_ANSWER | dnsPacket.RECURSION_AVAILABLE | ((query.flags ?? 0) & dnsPacket.RECURSION_DESIRED) | rcode,
      questions: [question],
      answers,
    });
    socket.send(reply, peer.port, peer.address);
  });
  await new Promise<void>((ready) => socket.bind(0, '127.0.0.1', ready));
  const { port } = socket.address();
  return {
    /** `127.0.0.1:port`, as DNS_SERVERS takes it. */
    server: `127.0.0.1:${port}`,
    close: () => new Promise<void>((done) => socket.close(() => done())),
  };
}
