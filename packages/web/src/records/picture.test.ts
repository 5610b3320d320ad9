import { describe, expect, it } from 'vitest';
import type { Evidence } from '@portal/contract';
import { listThumbnailUrl, newestCapture, pictureCandidates, thumbnailUrl } from './picture';

const capture = (id: number, capturedAt: string, state: Evidence['state'] = 'done'): Evidence => ({
  id,
  capturedAt,
  requestedAt: capturedAt,
  url: 'https://shop.example/1',
  finalUrl: 'https://shop.example/1',
  status: 200,
  sha256Png: state === 'done' ? 'a'.repeat(64) : null,
  sha256Html: state === 'done' ? 'b'.repeat(64) : null,
  byUserName: 'Ana',
  state,
  reason: null,
  reasonDetail: null,
  recheckRound: null,
});

describe('the picture a record shows', () => {
  const base = { kind: 'ec' as const, clientId: 3, recordId: 42 };

  it('tries the image URL (through the portal), then the newest done capture, then the first screenshot', () => {
    const list = pictureCandidates({
      ...base,
      parts: { imageUrl: ' https://img.example/a.jpg ', screenshots: ['/shot-1', '/shot-2'] },
      captures: [capture(5, '2026-11-01T00:00:00Z'), capture(9, '2026-11-03T00:00:00Z'), capture(11, '2026-11-04T00:00:00Z', 'failed'), capture(12, '2026-11-05T00:00:00Z', 'pending')],
    });
    const image = '/api/records/thumbnail?clientId=3&kind=ec&recordId=42&size=large&from=image';
    expect(list).toEqual([
      { source: 'image', src: image, full: image },
      { source: 'capture', src: '/api/records/thumbnail?clientId=3&kind=ec&recordId=42&size=large&from=capture&v=9', full: '/api/evidence/file?clientId=3&id=9&part=png' },
      { source: 'screenshot', src: '/shot-1', full: '/shot-1' },
    ]);
  });

  it('leaves out what a record lacks: no image URL (or not a web address), no finished capture, no screenshot', () => {
    expect(pictureCandidates({ ...base, parts: { imageUrl: 'javascript:alert(1)', screenshots: [] }, captures: [capture(1, '2026-11-01T00:00:00Z', 'failed')] })).toEqual([]);
    expect(pictureCandidates({ ...base, parts: { imageUrl: '', screenshots: ['/s'] }, captures: [] }).map((c) => c.source)).toEqual(['screenshot']);
    expect(pictureCandidates({ ...base, kind: 'ws', parts: { imageUrl: '', screenshots: [] }, captures: [capture(7, '2026-11-01T00:00:00Z')] }).map((c) => c.source)).toEqual(['capture']);
  });

  it('the newest capture by time, the later id on a tie', () => {
    expect(newestCapture([capture(1, '2026-11-01T00:00:00Z'), capture(2, '2026-11-01T00:00:00Z')])?.id).toBe(2);
    expect(newestCapture([capture(3, '2026-11-02T00:00:00Z'), capture(2, '2026-11-01T00:00:00Z')])?.id).toBe(3);
    expect(newestCapture([])).toBeNull();
  });

  it('the list thumbnail address names the kind, the client and the record', () => {
    expect(thumbnailUrl('sns', 1, 2)).toBe('/api/records/thumbnail?clientId=1&kind=sns&recordId=2');
  });

  it('a list row asks for its thumbnail only when the list answer names it among the pictured (no request that can only 404)', () => {
    const pictured = new Set([2, 7]);
    expect(listThumbnailUrl('ec', 1, 2, pictured)).toBe('/api/records/thumbnail?clientId=1&kind=ec&recordId=2');
    expect(listThumbnailUrl('ec', 1, 3, pictured)).toBeNull();
    expect(listThumbnailUrl('ws', 1, 7, new Set())).toBeNull();
  });
});
