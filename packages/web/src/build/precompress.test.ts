import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompress } from './precompress';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('precompress', () => {
  it('writes brotli and gzip copies of the text files over 1 kB that decompress to the file, and leaves the rest alone', () => {
    const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i % 37}`))};\n`;
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'assets/app-abc123.js'), script);
    fs.writeFileSync(path.join(dir, 'assets/tiny-abc123.css'), 'a{color:red}');
    fs.writeFileSync(path.join(dir, 'assets/picture-abc123.png'), Buffer.alloc(4096, 7));
    const written = precompress(dir);
    expect(written.map((w) => w.file)).toEqual([path.join('assets', 'app-abc123.js')]);
    expect(brotliDecompressSync(fs.readFileSync(path.join(dir, 'assets/app-abc123.js.br'))).toString()).toBe(script);
    expect(gunzipSync(fs.readFileSync(path.join(dir, 'assets/app-abc123.js.gz'))).toString()).toBe(script);
    expect(written[0]!.br).toBeLessThan(written[0]!.gzip);
    for (const skipped of ['tiny-abc123.css', 'picture-abc123.png']) {
      expect(fs.existsSync(path.join(dir, 'assets', `${skipped}.br`))).toBe(false);
      expect(fs.existsSync(path.join(dir, 'assets', `${skipped}.gz`))).toBe(false);
    }
  });
});
