import sharp from 'sharp';
import { cleanLine, findTextLines, type TextLine } from './text-finder.js';

/**
 * The crops of a picture's text lines that ocr.ts reads when the whole picture gave no word mark: where the lines are
 * is text-finder.ts's; here each is cut from the picture at reading size, enlarged and cleaned to black letters on
 * white, what tesseract reads best as a single line.
 */

/** The longest side lines are looked for at: letters of 8 px and more there are those a listing picture shows. */
const FIND_SIDE = 800;
/** The height a line's crop is enlarged to: tesseract's LSTM reads 40-60 px letters best, Japanese needs them big. */
const LINE_HEIGHT = 64;

/**
 * The picture's likely text lines (at most six, best first), each cropped from the reading-size picture (ocrBase)
 * with a margin, enlarged to `LINE_HEIGHT` and made black letters on white, as PNGs.
 */
export async function lineCrops(base: Buffer): Promise<Buffer[]> {
  const { width = 0, height = 0 } = await sharp(base).metadata();
  const scale = Math.min(1, FIND_SIDE / Math.max(width, height));
  const small = await sharp(base).resize(Math.round(width * scale), Math.round(height * scale)).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  const lines = findTextLines(small.data, small.info.width, small.info.height);
  return Promise.all(lines.map((line) => lineCrop(base, width, height, scaled(line, 1 / scale))));
}

const scaled = (line: TextLine, by: number): TextLine => ({ ...line, left: line.left * by, top: line.top * by, width: line.width * by, height: line.height * by });

/** One line's crop; `line` in the reading-size picture's pixels. */
async function lineCrop(base: Buffer, width: number, height: number, line: TextLine): Promise<Buffer> {
  // A margin for the outline and a letter the line missed at its ends (what it catches of the ground is cleaned away).
  const margin = line.height * 0.4;
  const left = Math.max(0, Math.floor(line.left - 2 * margin));
  const top = Math.max(0, Math.floor(line.top - margin));
  const right = Math.min(width, Math.ceil(line.left + line.width + 2 * margin));
  const bottom = Math.min(height, Math.ceil(line.top + line.height + margin));
  const by = LINE_HEIGHT / line.height;
  const crop = await sharp(base)
    .extract({ left, top, width: right - left, height: bottom - top })
    .resize(Math.max(1, Math.round((right - left) * by)), Math.max(1, Math.round((bottom - top) * by)))
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const rows = { top: Math.round((line.top - top) * by), bottom: Math.round((line.top + line.height - top) * by) };
  const clean = cleanLine(crop.data, crop.info.width, crop.info.height, { light: line.light, level: line.level, ...rows });
  return sharp(clean, { raw: { width: crop.info.width, height: crop.info.height, channels: 1 } })
    .extend({ top: 16, bottom: 16, left: 16, right: 16, background: '#ffffff' })
    .png({ compressionLevel: 1 })
    .toBuffer();
}
