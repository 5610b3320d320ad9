import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import { lineCrops } from './line-crops.js';

/**
 * Reading the text of a listing picture (issue 31, "shows the word mark"): tesseract.js with English and Japanese
 * together, its LSTM models from the `@tesseract.js-data/eng` and `jpn` packages (the "best_int" builds), read from
 * their package files: nothing is fetched or cached at run time (`cacheMethod: 'none'`). tesseract takes one
 * `langPath` for all languages (and its language objects with data are broken in 7.0: their data is used as the
 * name), so the two packages' files are linked into one temporary folder, removed again by `closeOcr`. Two workers
 * per process, English and Japanese together for the whole picture and Japanese alone for its text lines (see
 * `readOnce`), each made on first use and kept (loading the models takes about a second), ended by `closeOcr` when
 * the portal closes. A read that takes too long ends them (tesseract cannot be interrupted otherwise); the next read
 * makes new ones. They are used one after the other, never together: one core per picture.
 */

const require = createRequire(import.meta.url);
const LANGS = ['eng', 'jpn'] as const;
/** Longest side the picture is read at: bigger costs time without making marketplace-size text clearer. */
const MAX_SIDE = 1600;
/** A picture smaller than this (longest side) is enlarged to it: tesseract reads glyphs of 20-40 px best. */
const MIN_SIDE = 640;
export const OCR_TIMEOUT_MS = 20_000;

/** The workers by their languages: `eng+jpn` for the whole picture, `jpn` for lines (see `readOnce`). */
const workers = new Map<string, Promise<Worker>>();
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

function ocrWorker(langs: readonly string[]): Promise<Worker> {
  const key = langs.join('+');
  let made = workers.get(key);
  if (!made) {
    made = (async () => createWorker([...langs], OEM.LSTM_ONLY, { langPath: await langPath(), cacheMethod: 'none', gzip: true }))().catch((err: unknown) => {
      workers.delete(key);
      throw err;
    });
    workers.set(key, made);
  }
  return made;
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
 * The whole-picture passes, in the order that found most on real photos (bench/wordmark.ts: each pass chosen for what
 * the ones before it missed): sparse text (scattered words anywhere) on the dark, light and smooth pictures, then the
 * page layout (a line of words on a plate) on the light one, then the two that the tests' made photos needed. The
 * first `FIRST_PASSES` are tried before the picture's text lines, the rest after them.
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
 * The text read in the picture, reading after reading until `enough` says what was read suffices: two whole-picture
 * passes, the picture's likeliest text lines (text-finder.ts) cropped and cleaned, the other passes. Null when it
 * could not be read (a worker failed, or the readings took longer than `timeoutMs` together). A picture with the words
 * usually stops after one or two readings; one without them costs all (bench/wordmark.ts measures it).
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

/**
 * The whole-picture passes tried before the lines (the fast path: a word on a plate or a calm ground is read by the
 * first or second); the others come after the lines, for what the lines miss.
 */
const FIRST_PASSES = 2;

let queue: Promise<void> = Promise.resolve();

async function readOnce(base: Buffer, enough: (text: string) => boolean, timeoutMs: number): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  let over = false;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => {
      over = true;
      resolve(null);
    }, timeoutMs);
  });
  let text = '';
  // Once the time is over the workers are ended: asking one again would fail (in tesseract, past any catch).
  const recognize = async (langs: readonly string[], image: Buffer, psm: PSM) => {
    if (over) throw new Error('the time limit passed');
    const w = await ocrWorker(langs);
    await w.setParameters({ tessedit_pageseg_mode: psm });
    text += `${(await w.recognize(image)).data.text}\n`;
    return enough(text);
  };
  const prepared = new Map<string, Buffer>();
  const pass = async ([how, psm]: (typeof PASSES)[number]) => {
    if (!prepared.has(how)) prepared.set(how, await PREPARE[how](sharp(base)).png({ compressionLevel: 1 }).toBuffer());
    return recognize(LANGS, prepared.get(how)!, psm);
  };
  const read = async () => {
    for (const each of PASSES.slice(0, FIRST_PASSES)) if (await pass(each)) return text;
    // The whole picture gave nothing: its likeliest text lines, one at a time, as a single line each. Both languages
    // together read a Japanese line as Latin letters ("EL HEM" for さくら美肌), Japanese alone misreads Latin
    // ("SARURA GL@W"), so a line is read both ways.
    for (const crop of await lineCrops(base)) {
      if ((await recognize(LANGS, crop, PSM.SINGLE_LINE)) || (await recognize(['jpn'], crop, PSM.SINGLE_LINE))) return text;
    }
    for (const each of PASSES.slice(FIRST_PASSES)) if (await pass(each)) return text;
    return text;
  };
  try {
    const result = await Promise.race([read().catch(() => null), timeout]);
    if (result === null) await dropWorkers();
    return result;
  } finally {
    clearTimeout(timer);
  }
}

async function dropWorkers(): Promise<void> {
  const all = [...workers.values()];
  workers.clear();
  await Promise.all(all.map(async (w) => (await w).terminate().catch(() => undefined)));
}

/** Ends the process's OCR workers, if any were made (the portal's close). */
export async function closeOcr(): Promise<void> {
  await dropWorkers().catch(() => undefined);
  if (langFolder) await rm(langFolder, { recursive: true, force: true });
  langFolder = null;
}
