import net from 'node:net';

/**
 * Whether an IP address is a public unicast one the portal may fetch from. Everything else is refused:
 * loopback, private, shared (CGNAT), link-local, unique-local, site-local, multicast, unspecified, broadcast,
 * documentation and benchmarking ranges, and IPv6 forms that embed an IPv4 address (mapped, compatible,
 * NAT64, 6to4) when the embedded address is not public.
 */
export function isPublicAddress(ip: string): boolean {
  const bare = ip.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = net.isIP(bare);
  if (family === 4) return isPublicV4(v4Bytes(bare));
  if (family === 6) return isPublicV6(v6Bytes(bare));
  return false;
}

type Range = [bytes: number[], prefix: number];

const v4Refused: Range[] = [
  [[0, 0, 0, 0], 8], // "this network", unspecified
  [[10, 0, 0, 0], 8],
  [[100, 64, 0, 0], 10], // carrier-grade NAT
  [[127, 0, 0, 0], 8],
  [[169, 254, 0, 0], 16], // link-local (cloud metadata lives here)
  [[172, 16, 0, 0], 12],
  [[192, 0, 0, 0], 24], // IETF protocol assignments
  [[192, 0, 2, 0], 24], // documentation
  [[192, 88, 99, 0], 24], // 6to4 relay anycast
  [[192, 168, 0, 0], 16],
  [[198, 18, 0, 0], 15], // benchmarking
  [[198, 51, 100, 0], 24],
  [[203, 0, 113, 0], 24],
  [[224, 0, 0, 0], 4], // multicast
  [[240, 0, 0, 0], 4], // reserved, and the broadcast address
];

function inRange(bytes: number[], [base, prefix]: Range): boolean {
  for (let bit = 0; bit < prefix; bit++) {
    const i = bit >> 3;
    const mask = 0x80 >> (bit & 7);
    if ((bytes[i]! & mask) !== (base[i]! & mask)) return false;
  }
  return true;
}

function isPublicV4(bytes: number[]): boolean {
  return !v4Refused.some((r) => inRange(bytes, r));
}

const hex = (s: string) => s.split(':').flatMap((h) => { const n = parseInt(h, 16); return [n >> 8, n & 0xff]; });

function isPublicV6(b: number[]): boolean {
  const zero10 = b.slice(0, 10).every((x) => x === 0);
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible, also covers :: and ::1): judge the IPv4 part.
  if (zero10 && b[10] === 0xff && b[11] === 0xff) return isPublicV4(b.slice(12));
  if (zero10 && b[10] === 0 && b[11] === 0) return false;
  if (inRange(b, [hex('0064:ff9b:0000:0000:0000:0000'), 96])) return isPublicV4(b.slice(12)); // NAT64
  if (inRange(b, [[0x20, 0x02], 16])) return isPublicV4(b.slice(2, 6)); // 6to4
  if (!inRange(b, [[0x20, 0x00], 3])) return false; // only global unicast (ULA fc00::/7, fe80::/10, ff00::/8 are outside)
  if (inRange(b, [[0x20, 0x01, 0x0d, 0xb8], 32])) return false; // documentation
  if (inRange(b, [[0x20, 0x01, 0x00, 0x00], 23])) return false; // IETF protocol assignments (Teredo, ORCHID, ...)
  return true;
}

function v4Bytes(ip: string): number[] {
  return ip.split('.').map(Number);
}

/** 16 bytes of an IPv6 address in any textual form (zero compression, embedded dotted IPv4). */
function v6Bytes(ip: string): number[] {
  let text = ip.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = v4Bytes(dotted[1]!);
    text = text.slice(0, dotted.index) + ((a! << 8) | b!).toString(16) + ':' + ((c! << 8) | d!).toString(16);
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = tail === undefined ? headGroups : [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups];
  return groups.flatMap((g) => { const n = parseInt(g, 16); return [n >> 8, n & 0xff]; });
}
