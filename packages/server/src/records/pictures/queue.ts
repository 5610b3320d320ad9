import type { Services } from '../../platform/context.js';
import type { Db, Tx } from '../../platform/db.js';
import type { QueueDef } from '../../platform/queues.js';
import { refreshGenuinePhotos } from './genuine-refresh.js';
import { lookAtPictures } from './look.js';
import { isPictureKind, marksChanged } from './picture-queries.js';

/**
 * The pictures queue (issue 31): one job looks at every new or changed listing picture of a client's records of one
 * kind (look.ts). Sent whenever records may have new picture addresses (an upload, an update upload, a crawl or a
 * watch's report); `stately` per client and kind, so sends while a job waits add nothing (the waiting job will see
 * every record), and one job at a time works a client's kind.
 */
export const PICTURE_QUEUE = 'picture-look';
/**
 * The seller networks' queue (areas/triage-signals), by name: records/ imports no area. Pictures looked at may link
 * sellers by a shared photo, and the triage rules ask about picture matches; that job recomputes the networks, then
 * re-evaluates the rules.
 */
const SIGNALS_QUEUE = 'triage-signals';

declare module '../../platform/queues.js' {
  interface QueuePayloads {
    'picture-look': { clientId: number; kind: 'ec' | 'sns' };
  }
}

export function pictureQueue(services: Services): QueueDef<typeof PICTURE_QUEUE> {
  return {
    name: PICTURE_QUEUE,
    // A job fetches at most a few hundred pictures a minute; a crashed one is taken again (rows are the truth).
    options: { policy: 'stately', retryLimit: 2, retryDelay: 30, expireInSeconds: 3600 },
    sendOptions: ({ clientId, kind }) => ({ singletonKey: `${clientId}:${kind}` }),
    pollingIntervalSeconds: 1,
    sendsTo: [SIGNALS_QUEUE],
    async handler({ clientId, kind }) {
      const refreshed = await refreshGenuinePhotos(services.db, clientId);
      const { done } = await lookAtPictures(services, clientId, kind);
      if (done > 0 || refreshed > 0) await services.queues.send(SIGNALS_QUEUE, { clientId });
    },
  };
}

/** Queues a look at the client's pictures of a kind, in the caller's transaction; a kind without pictures needs none. */
export async function queuePictureLook(services: Services, db: Db | Tx, clientId: number, kind: string): Promise<void> {
  if (isPictureKind(kind)) await services.queues.send(PICTURE_QUEUE, { clientId, kind }, { db });
}

/**
 * A word or design mark of the client added or changed (a trademark's word or image, a brand's name): its listing
 * pictures read before are read again for it in the background, after any new ones (look.ts). A mark removed takes
 * its matches with it (ON DELETE CASCADE), so removal needs nothing here.
 */
export async function readPicturesAgain(services: Services, db: Db | Tx, clientId: number): Promise<void> {
  await marksChanged(db, clientId);
  for (const kind of ['ec', 'sns']) await queuePictureLook(services, db, clientId, kind);
}
