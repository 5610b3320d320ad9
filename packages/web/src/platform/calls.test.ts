import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { callKey, invalidateCalls, normalizeInput, setCallData } from './callKeys';

describe('the key of a call', () => {
  it('is the path and the input as the server receives it: members in name order, undefined ones dropped', () => {
    expect(callKey('/api/trademark/search-trademarks', { pageSize: 500, clientId: 3 })).toEqual(['/api/trademark/search-trademarks', { clientId: 3, pageSize: 500 }]);
    const a = callKey('/api/trademark/search-trademarks', { clientId: 3, pageSize: 500, keyword: undefined });
    const b = callKey('/api/trademark/search-trademarks', { pageSize: 500, clientId: 3 });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });

  it('orders nested members too, keeps arrays in their order, and gives dates as text', () => {
    expect(normalizeInput({ b: [{ y: 1, x: 2 }, 3], a: { d: null, c: new Date('2026-01-02T00:00:00Z') } })).toEqual({
      a: { c: '2026-01-02T00:00:00.000Z', d: null },
      b: [{ x: 2, y: 1 }, 3],
    });
    expect(Object.keys(normalizeInput({ z: 1, a: 2, m: 3 }) as object)).toEqual(['a', 'm', 'z']);
  });

  it('is the path alone without an input (every answer of the path)', () => {
    expect(callKey('/api/user/fetch-api-keys')).toEqual(['/api/user/fetch-api-keys']);
  });
});

describe('invalidation by path', () => {
  const seeded = () => {
    const client = new QueryClient();
    setCallData(client, '/api/ec-data/fetch-last-batch', { clientId: 1 }, { batch: null });
    setCallData(client, '/api/ec-data/fetch-last-batch', { clientId: 2 }, { batch: null });
    setCallData(client, '/api/ws-data/fetch-last-batch', { clientId: 1 }, { batch: null });
    setCallData(client, '/api/user/fetch-api-keys', {}, { apiKeys: [] });
    return client;
  };
  const stale = (client: QueryClient) =>
    client
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.isInvalidated)
      .map((q) => q.queryKey);

  it('marks stale every answer of the paths named, and nothing else', async () => {
    const client = seeded();
    await invalidateCalls(client, ['/api/ec-data/fetch-last-batch', '/api/user/fetch-api-keys']);
    expect(stale(client)).toEqual([
      ['/api/ec-data/fetch-last-batch', { clientId: 1 }],
      ['/api/ec-data/fetch-last-batch', { clientId: 2 }],
      ['/api/user/fetch-api-keys', {}],
    ]);
  });

  it('marks stale only the answers whose input has the members of a partial input', async () => {
    const client = seeded();
    await invalidateCalls(client, [callKey('/api/ec-data/fetch-last-batch', { clientId: 2 })]);
    expect(stale(client)).toEqual([['/api/ec-data/fetch-last-batch', { clientId: 2 }]]);
  });
});
