import { Role } from '@portal/contract';
import sharp from 'sharp';
import type { Services } from '../platform/context.js';
import { storeImage } from '../platform/files.js';
import { insertPhoto } from '../areas/client-settings/genuine-photo-queries.js';
import { GENUINE_FILE_KIND } from '../areas/client-settings/genuine-photos.js';
import { photoFingerprints } from '../records/pictures/fingerprint.js';
import { PICTURE_QUEUE } from '../records/pictures/queue.js';
import { demoUsers } from './data.js';
import { SAKURA_MARK_SVG } from './image.js';

/**
 * Pictures in the demo (issue 31): Sakura's genuine product photos, drawn here (a serum bottle and a jar of cream in
 * a studio light), and the demo market's pictures of some listings at `/img/<n>.jpg`: the first two EC records show
 * the serum photo (recompressed, resized: two sellers using the brand's photo), the third the cream photo padded to a
 * square, the fourth a photo of its own with the brand's word mark "SAKURA GLOW" on its label (read by the job's
 * OCR: "shows the word mark") and the brand's design mark in a corner (image.ts: "shows the logo"). The market's
 * port changes between starts, so the records' picture
 * addresses are moved to it on every start and the pictures job is queued: the records then show "same photo" and
 * "same picture as other listings", "shows the word mark" and "shows the logo" with their reasons.
 */

/**
 * A product photo: a gradient backdrop, a soft shadow and the product in the brand's colours; the seller's own photo
 * ('other') carries a label with the brand's word mark, dark on white, as a counterfeit's packaging shows it.
 */
function productSvg(kind: 'serum' | 'cream' | 'other'): string {
  const backdrop = { serum: ['#fdf2f8', '#f9a8d4'], cream: ['#f5f3ff', '#c4b5fd'], other: ['#ecfeff', '#67e8f9'] }[kind];
  const product =
    kind === 'serum'
      ? '<rect x="250" y="190" width="140" height="230" rx="40" fill="#db2777"/><rect x="295" y="120" width="50" height="80" fill="#fbcfe8"/><rect x="285" y="90" width="70" height="40" rx="8" fill="#374151"/><rect x="270" y="270" width="100" height="60" fill="#ffffff"/>'
      : kind === 'cream'
        ? '<rect x="190" y="230" width="260" height="60" rx="12" fill="#4b5563"/><rect x="180" y="285" width="280" height="150" rx="30" fill="#7c3aed"/><rect x="240" y="330" width="160" height="50" fill="#ffffff"/>'
        : '<circle cx="320" cy="230" r="110" fill="#0891b2"/><rect x="140" y="350" width="360" height="76" rx="10" fill="#ffffff"/><text x="320" y="388" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-weight="700" font-size="44" fill="#164e63" text-anchor="middle" dominant-baseline="central">SAKURA GLOW</text>';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${backdrop[0]}"/><stop offset="1" stop-color="${backdrop[1]}"/></linearGradient>
    <radialGradient id="s"><stop offset="0" stop-color="#000" stop-opacity="0.35"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient></defs>
    <rect width="640" height="480" fill="url(#g)"/><ellipse cx="320" cy="440" rx="200" ry="26" fill="url(#s)"/>${product}</svg>`;
}

const photoOf = (kind: 'serum' | 'cream' | 'other') => sharp(Buffer.from(productSvg(kind))).jpeg({ quality: 92 }).toBuffer();

/** The market's picture `n` (1-4), as a listing would show it. */
export async function demoListingPicture(n: number): Promise<Buffer | undefined> {
  if (n === 1) return sharp(await photoOf('serum')).resize(480).jpeg({ quality: 60 }).toBuffer();
  if (n === 2) return sharp(await photoOf('serum')).jpeg({ quality: 35 }).toBuffer();
  if (n === 3) return sharp(await photoOf('cream')).extend({ top: 80, bottom: 80, background: '#ffffff' }).jpeg({ quality: 80 }).toBuffer();
  // The seller's own photo, Sakura's design mark in its top left corner at a fifth of its width (a seller's badge).
  if (n === 4) return sharp(await photoOf('other')).composite([{ input: await sharp(Buffer.from(SAKURA_MARK_SVG)).resize({ width: 128 }).png().toBuffer(), left: 24, top: 20 }]).jpeg({ quality: 90 }).toBuffer();
  return undefined;
}

/** The genuine photos once, then the first records' pictures on the market's current origin, and the job queued. */
export async function seedDemoPictures(services: Services, origin: string): Promise<void> {
  const { db } = services;
  const clientMail = demoUsers.find((u) => u.role === Role.CLIENT)!.mail;
  const analystMail = demoUsers.find((u) => u.role === Role.ANALYST)!.mail;
  const client = await db.selectFrom('users').select('client_id').where('user_mail', '=', clientMail).executeTakeFirst();
  const analyst = await db.selectFrom('users').select('user_id').where('user_mail', '=', analystMail).executeTakeFirst();
  const clientId = client?.client_id;
  if (!clientId || !analyst) return;
  const now = services.clock();
  const hasPhotos = await db.selectFrom('genuine_photo').select('photo_id').where('client_id', '=', clientId).executeTakeFirst();
  const photos: { kind: 'serum' | 'cream'; bytes: Buffer; prints: Awaited<ReturnType<typeof photoFingerprints>> }[] = [];
  if (!hasPhotos) {
    for (const kind of ['serum', 'cream'] as const) {
      const bytes = await photoOf(kind);
      photos.push({ kind, bytes, prints: await photoFingerprints(bytes) });
    }
  }
  const records = await db.selectFrom('ec_record').select('ec_id').where('client_id', '=', clientId).orderBy('ec_id').limit(4).execute();
  await db.transaction().execute(async (tx) => {
    for (const p of photos) {
      const fileName = await storeImage(tx, { kind: GENUINE_FILE_KIND, clientId, type: 'jpeg', originalName: `sakura-${p.kind}.jpg`, bytes: p.bytes, userId: analyst.user_id, now, attached: true });
      const brand = p.kind === 'serum' ? 'Sakura Serum / さくら美容液' : 'Sakura Cream / さくらクリーム';
      await insertPhoto(tx, { clientId, brand, fileName, originalName: `sakura-${p.kind}.jpg`, ...p.prints.own, windows: p.prints.windows, userId: analyst.user_id, now });
    }
    for (const [i, r] of records.entries()) {
      const url = `${origin}/img/${i + 1}.jpg`;
      // Only a picture address the demo gave (or none yet) is moved: one an analyst set stays.
      await tx
        .updateTable('ec_record')
        .set({ ec_product_image_url: url })
        .where('ec_id', '=', r.ec_id)
        .where((eb) => eb.or([eb('ec_product_image_url', '=', ''), eb('ec_product_image_url', '~', `^http://127\\.0\\.0\\.1:[0-9]+/img/${i + 1}\\.jpg$`)]))
        .execute();
    }
    await services.queues.send(PICTURE_QUEUE, { clientId, kind: 'ec' }, { db: tx });
  });
}
