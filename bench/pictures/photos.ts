import { execFileSync } from 'node:child_process';
import path from 'node:path';
import sharp from 'sharp';

/**
 * The real photographs of the pictures benchmark (issue 31), from Debian packages installed here when missing:
 * desktop backgrounds (MATE, UKUI, Lomiri, Plasma: landscapes, animals, flowers, cities) and Tux Paint's stamps
 * (photographs of animals, food, plants and things cut out on a transparent ground: what a product photo on white
 * looks like). Nothing is copied into the repository. Drawings are left out: Tux Paint's letters, signs, symbols and
 * cartoons by their folder, and any picture whose grey entropy says flat colours (a drawing, a gradient).
 */

const WALLPAPERS = ['mate-backgrounds', 'ukui-wallpapers', 'lomiri-wallpapers-16.04', 'lomiri-wallpapers-20.04', 'plasma-workspace-wallpapers'];
const STAMPS = 'tuxpaint-stamps-default';
/** Tux Paint's folders of drawings, not photographs. */
const DRAWN = new Set(['cartoon', 'lowercase', 'uppercase', 'asl', 'roadsigns', 'chess', 'operators', 'math', '00_symbols', 'symbols', 'shapes', 'flags', 'music', 'faces', 'hanukkah', 'halloween', 'christmas', 'easter', 'newyears', 'japanese']);
/** Grey entropy (bits) below which a picture is flat colours rather than a photograph. */
const MIN_ENTROPY = { wallpaper: 6.5, stamp: 4.5 };
/** Stamps smaller than this (pixels, either side) are icons, not listing pictures. */
const MIN_SIDE = 150;
/** The long side of the benchmark's originals: a marketplace's large listing picture. */
export const ORIGINAL_SIDE = 1024;

export interface Photo {
  name: string;
  source: 'wallpaper' | 'stamp';
  bytes: Buffer;
}

const installed = (pkg: string) => {
  try {
    return execFileSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' }).includes('install ok installed');
  } catch {
    return false;
  }
};

/** Installs the packages missing with apt-get; answers which it installed. */
export function installPhotoPackages(): string[] {
  const missing = [...WALLPAPERS, STAMPS].filter((p) => !installed(p));
  if (missing.length > 0) {
    console.log(`installing Debian's packages of photographs: apt-get install -y --no-install-recommends ${missing.join(' ')}`);
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', ...missing], { stdio: 'inherit' });
  }
  return missing;
}

// Plasma's screenshot.png is each wallpaper again, small: the wallpaper itself stands for it.
const filesOf = (pkg: string) => execFileSync('dpkg', ['-L', pkg], { encoding: 'utf8' }).split('\n').filter((f) => /\.(jpe?g|png|webp)$/i.test(f) && !f.endsWith('/screenshot.png'));

/**
 * The name a photo goes by whatever its resolution: "Elephants_3840x2160.jpg" is "Elephants"; Plasma's
 * "Altai/contents/images/1920x1080.jpg" (and images_dark) is "Altai".
 */
export function stemOf(file: string): string {
  const base = path.basename(file).replace(/\.[a-z]+$/i, '');
  if (/^\d+x\d+$/.test(base)) return file.split('/').at(-4)!;
  return base.replace(/[-_]?\d{3,5}x\d{3,5}$/, '').toLowerCase();
}

/** The candidate files of each source, one per stem (a wallpaper's largest), in a stable order. */
function candidates(): Record<Photo['source'], string[]> {
  const byStem = new Map<string, { file: string; size: number }>();
  for (const pkg of WALLPAPERS) {
    for (const file of filesOf(pkg)) {
      const m = /(\d+)x(\d+)\.\w+$/.exec(file);
      const size = m ? Number(m[1]) * Number(m[2]) : Number.MAX_SAFE_INTEGER;
      const stem = `${pkg}:${stemOf(file)}`;
      if ((byStem.get(stem)?.size ?? -1) < size) byStem.set(stem, { file, size });
    }
  }
  const stamps = new Map(filesOf(STAMPS).filter((f) => !DRAWN.has(f.split('/').at(-2)!)).map((f) => [stemOf(f), f]));
  return { wallpaper: [...byStem.values()].map((c) => c.file).sort(), stamp: [...stamps.values()].sort() };
}

/**
 * Up to `limit` photographs, wallpapers and stamps taken in turn, each as the benchmark's original (at most
 * ORIGINAL_SIDE on the long side, on white, JPEG 92); `skipped` counts the files left out on the way.
 */
export async function loadPhotos(limit: number): Promise<{ photos: Photo[]; skipped: { drawn: number; small: number } }> {
  const files = candidates();
  const photos: Photo[] = [];
  const skipped = { drawn: 0, small: 0 };
  const next = { wallpaper: 0, stamp: 0 };
  const take = async (source: Photo['source']): Promise<boolean> => {
    const file = files[source][next[source]++];
    if (!file) return false;
    const meta = await sharp(file).metadata();
    if (source === 'stamp' && Math.min(meta.width ?? 0, meta.height ?? 0) < MIN_SIDE) {
      skipped.small += 1;
      return true;
    }
    const bytes = await sharp(file).flatten({ background: '#ffffff' }).resize(ORIGINAL_SIDE, ORIGINAL_SIDE, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 92 }).toBuffer();
    const { entropy } = await sharp(bytes).greyscale().stats();
    if (entropy < MIN_ENTROPY[source]) {
      skipped.drawn += 1;
      return true;
    }
    photos.push({ name: path.relative('/usr/share', file), source, bytes });
    return true;
  };
  // Wallpapers first in each turn; a source run dry leaves the rest to the other.
  for (let more = true; more && photos.length < limit; ) {
    more = false;
    for (const source of ['wallpaper', 'stamp'] as const) if (photos.length < limit && (await take(source))) more = true;
  }
  return { photos, skipped };
}
