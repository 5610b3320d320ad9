import type { Updateable } from 'kysely';
import type { Tx } from '../../platform/db.js';
import { deleteFile, storeFile } from '../../platform/files.js';
import type { DomainCandidateTable } from '../../platform/schema.js';
import type { PageOutcome } from './pages.js';

/**
 * The page columns a run writes for an inspected candidate, in its transaction. The screenshot is stored (a
 * stored_file of kind `domain-shot`, attached) when the page changed or none was kept yet, and the one it replaces
 * deleted; a page that cannot be displayed any more keeps its last screenshot, as what was seen.
 */
export const DOMAIN_SHOT_KIND = 'domain-shot';

export interface ShotWrites {
  clientId: number;
  now: Date;
  stored: string[];
  replaced: string[];
}

interface Before {
  page_fingerprint: string | null;
  screenshot_file: string | null;
}

export async function pageColumns(tx: Tx, page: PageOutcome, before: Before | undefined, shots: ShotWrites): Promise<Updateable<DomainCandidateTable>> {
  const { inspection, result, fingerprint } = page;
  let screenshot = before?.screenshot_file ?? null;
  const changed = before?.page_fingerprint !== fingerprint;
  if (inspection.ok && inspection.png && (changed || !screenshot)) {
    const name = await storeFile(tx, {
      kind: DOMAIN_SHOT_KIND, clientId: shots.clientId, contentType: 'image/png', extension: 'png', originalName: `${new URL(inspection.url).hostname}.png`,
      bytes: inspection.png, userId: null, now: shots.now, attached: true,
    });
    if (screenshot) {
      await deleteFile(tx, screenshot);
      shots.replaced.push(screenshot);
    }
    shots.stored.push(name);
    screenshot = name;
  }
  return {
    live: inspection.ok,
    score: result.score,
    site_category: result.category,
    page_url: inspection.ok ? inspection.url : null,
    page_status: inspection.ok ? inspection.status : null,
    page_title: inspection.ok ? inspection.facts.title.slice(0, 500) || null : null,
    page_tlsh: inspection.ok ? `${inspection.hashes.markupTlsh ?? '-'} ${inspection.hashes.textTlsh ?? '-'}` : null,
    page_phash: inspection.ok ? inspection.hashes.shotHash : null,
    page_signals: JSON.stringify(result.signals),
    page_fingerprint: fingerprint,
    screenshot_file: screenshot,
    checked_at: shots.now,
  };
}
