import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';

/**
 * Reading the text of a listing picture (issue 31, "shows the word mark"): tesseract.js with English and Japanese
 * together, its LSTM models from the `@tesseract.js-data/eng` and `jpn` packages (the "best_int" builds), read from
 * their package files: nothing is fetched or cached at run time (`cacheMethod: 'none'`). tesseract takes one
 * `langPath` for all languages (and its language objects with data are broken in 7.0: their data is used as the
 * name), so the two packages' files are linked into one temporary folder, removed again by `closeOcr`. One worker per
 * process, made on first use and kept (loading both models takes about a second), ended by `closeOcr` when the
 * portal closes. A read that takes too long ends the worker (tesseract cannot be interrupted otherwise); the next
 * read makes a new one.
 */

const require = createRequire(import.meta.url);
const LANGS = ['eng', 'jpn'] as const;
/** Longest side the picture is read at: bigger costs time without making marketplace-size text clearer. */
const MAX_SIDE = 1600;
/** A picture smaller than this (longest side) is enlarged to it: tesseract reads glyphs of 20-40 px best. */
const MIN_SIDE = 640;
export const OCR_TIMEOUT_MS = 20_000;

let worker: Promise<Worker> | null = null;
let langFolder: string | null = null;

/** A folder with both languages' models (links to the packages' files). */
async function langPath(): Promise<string> {
  if (langFolder) return langFolder;
  const folder = await mkdtemp(join(tmpdir(), 'portal-ocr-'));
  for (const code of LANGS) {
    const dir = dirname(require.resolve(`@tesseract.js-data/${code}/package.json`));
    await symlink(join(dir, '4.0.0_best_int', `${code}.traineddata.gz`), join(folder, `${code}.traineddata.gz`));
  }
  langFolder = folder;
  return folder;
}

function ocrWorker(): Promise<Worker> {
  worker ??= (async () => {
    const w = await createWorker([...LANGS], OEM.LSTM_ONLY, { langPath: await langPath(), cacheMethod: 'none', gzip: true });
    return w;
  })().catch((err: unknown) => {
    worker = null;
    throw err;
  });
  return worker;
}

/**
 * The picture at the size it is read at: upright, on white, grey, its longest side at least 640 px (a thumbnail's
 * letters are enlarged to what tesseract reads) and at most 1600 (bigger costs time and reads no better).
 */
export async function ocrBase(bytes: Buffer): Promise<Buffer> {
  const img = sharp(bytes, { limitInputPixels: 40_000_000 }).rotate().flatten({ background: '#ffffff' });
  const { width = 0, height = 0 } = await img.metadata();
  const longest = Math.max(width, height, 1);
  const side = Math.min(MAX_SIDE, Math.max(MIN_SIDE, longest));
  const resize = width >= height ? { width: side } : { height: side };
  return img.greyscale().resize(resize).png({ compressionLevel: 1 }).toBuffer();
}

/**
 * Ways of making the letters clear. Tesseract often finds no text at all in a photo (its grain, leaves and gradients
 * break the page layout), and which preparation rescues it differs from picture to picture. Words put on a listing
 * picture are mostly near black or near white: `dark` keeps only the darkest pixels (black on white), `light` only the
 * lightest (made black on white); `smooth` is the grey picture with its grain smoothed (a 3 px median); `binary` a
 * blur with the contrast stretched and a middle threshold; `sharpened` a 5 px median sharpened again (bold Japanese
 * on grain).
 */
const PREPARE = {
  dark: (img: Sharp) => img.threshold(60),
  light: (img: Sharp) => img.threshold(200).negate(),
  smooth: (img: Sharp) => img.median(3),
  binary: (img: Sharp) => img.blur(1.5).normalise().threshold(140),
  sharpened: (img: Sharp) => img.median(5).sharpen(),
};

/**
 * The passes, tried in turn until the words are found, in the order that found most on real photos (bench/wordmark.ts:
 * each pass chosen for what the ones before it missed): sparse text (scattered words anywhere) on the dark, light
 * and smooth pictures, then the page layout (a line of words on a plate) on the light one, then the two that the
 * tests' made photos needed. A picture with the words usually stops after one or two; one without them costs all
 * six (about 1-2 s on one core).
 */
const PASSES: [keyof typeof PREPARE, PSM][] = [
  ['dark', PSM.SPARSE_TEXT],
  ['light', PSM.SPARSE_TEXT],
  ['smooth', PSM.SPARSE_TEXT],
  ['light', PSM.AUTO],
  ['binary', PSM.SPARSE_TEXT],
  ['sharpened', PSM.SPARSE_TEXT],
];

/**
 * The text read in the picture, pass after pass until `enough` says what was read suffices; null when it could not
 * be read (the worker failed, or the passes took longer than `timeoutMs` together).
 */
export async function readText(bytes: Buffer, enough: (text: string) => boolean, timeoutMs = OCR_TIMEOUT_MS): Promise<string | null> {
  const base = await ocrBase(bytes);
  // One picture at a time on the one worker, so the time limit counts this picture's reading, not a wait behind others.
  const turn = queue.then(() => readOnce(base, enough, timeoutMs));
  queue = turn.then(
    () => undefined,
    () => undefined,
  );
  return turn;
}

let queue: Promise<void> = Promise.resolve();

async function readOnce(base: Buffer, enough: (text: string) => boolean, timeoutMs: number): Promise<string | null> {
  const current = ocrWorker();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  const read = async () => {
    const w = await current;
    const prepared = new Map<string, Buffer>();
    let text = '';
    for (const [how, psm] of PASSES) {
      if (!prepared.has(how)) prepared.set(how, await PREPARE[how](sharp(base)).png({ compressionLevel: 1 }).toBuffer());
      await w.setParameters({ tessedit_pageseg_mode: psm });
      text += `${(await w.recognize(prepared.get(how)!)).data.text}\n`;
      if (enough(text)) break;
    }
    return text;
  };
  try {
    const result = await Promise.race([read().catch(() => null), timeout]);
    if (result === null) await dropWorker(current);
    return result;
  } finally {
    clearTimeout(timer);
  }
}

async function dropWorker(which: Promise<Worker>): Promise<void> {
  if (worker !== which) return;
  worker = null;
  await (await which).terminate().catch(() => undefined);
}

/** Ends the process's OCR worker, if one was made (the portal's close). */
export async function closeOcr(): Promise<void> {
  const current = worker;
  if (current) await dropWorker(current).catch(() => undefined);
  if (langFolder) await rm(langFolder, { recursive: true, force: true });
  langFolder = null;
}
