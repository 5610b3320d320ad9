import { describe, expect, it } from 'vitest';
import { ThumbnailCache, type Picture } from './thumbnail-cache.js';

const picture = (bytes: number): Picture => ({ type: 'image/png', bytes: Buffer.alloc(bytes) });

describe('the pictures kept in memory', () => {
  it('makes a picture once, pushes the least recently used out past its budget', async () => {
    const cache = new ThumbnailCache(() => 0, 100);
    let made = 0;
    const make = (bytes: number) => async () => {
      made += 1;
      return picture(bytes);
    };
    await cache.get('file:a', make(40));
    await cache.get('file:b', make(40));
    await cache.get('file:a', make(40)); // a hit: a is now the most recent
    expect(made).toBe(2);
    await cache.get('file:c', make(40)); // 120 bytes: b, the least recent, goes
    expect(cache.size).toBe(80);
    await cache.get('file:a', make(40));
    expect(made).toBe(3);
    await cache.get('file:b', make(40));
    expect(made).toBe(4);
  });

  it('fetches an image again after an hour, a failure after five minutes; a stored file stays', async () => {
    let now = 0;
    const cache = new ThumbnailCache(() => now);
    let made = 0;
    const make = (result: Picture | null) => async () => {
      made += 1;
      return result;
    };
    await cache.get('url:https://img.example/a.png|small', make(picture(10)));
    await cache.get('url:https://img.example/gone.png|small', make(null));
    await cache.get('file:capture-1.png|small', make(picture(10)));
    now = 4 * 60 * 1000;
    for (const key of ['url:https://img.example/a.png|small', 'url:https://img.example/gone.png|small', 'file:capture-1.png|small']) await cache.get(key, make(null));
    expect(made).toBe(3);
    now = 6 * 60 * 1000;
    expect(await cache.get('url:https://img.example/gone.png|small', make(picture(5)))).not.toBeNull();
    expect(made).toBe(4);
    now = 61 * 60 * 1000;
    await cache.get('url:https://img.example/a.png|small', make(picture(10)));
    await cache.get('file:capture-1.png|small', make(null));
    expect(made).toBe(5);
  });

  it('shares one fetch among requests for the same picture at once', async () => {
    const cache = new ThumbnailCache();
    let made = 0;
    let release: (p: Picture) => void = () => {};
    const make = () => {
      made += 1;
      return new Promise<Picture>((resolve) => (release = resolve));
    };
    const both = Promise.all([cache.get('url:x', make), cache.get('url:x', make)]);
    release(picture(3));
    const [a, b] = await both;
    expect(made).toBe(1);
    expect(a).toBe(b);
  });
});
