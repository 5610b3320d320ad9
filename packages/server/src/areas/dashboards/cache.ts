import { TtlCache } from '../../platform/cache.js';
import type { Services } from '../../platform/context.js';

/**
 * The dashboards' record figures, kept per process under the data version they were computed at: the sum of the
 * client's `dashboard_change` weights (migration 015: every statement that changes what the dashboards count adds
 * one, in its own transaction) and a fingerprint of the subcategories' aggregate categories. The version is read
 * from the database on every call, before the figures, so a figure is only ever used by a call that sees the same
 * committed changes (or, when a change commits in between, by none: the next call reads a newer version), on every
 * replica, without any message between them. Entries expire only to bound memory.
 */

const KEEP_MS = 30 * 60_000;
const MAX_ENTRIES = 200;

interface Figures {
  entries: TtlCache<string, { version: string; value: unknown }>;
  /** One computation per key and version at a time; later callers wait for it. */
  inflight: Map<string, Promise<unknown>>;
}
const byServices = new WeakMap<Services, Figures>();

function figuresOf(services: Services): Figures {
  let figures = byServices.get(services);
  if (!figures) byServices.set(services, (figures = { entries: new TtlCache(KEEP_MS, MAX_ENTRIES), inflight: new Map() }));
  return figures;
}

/** The figures under `key` at `version`: kept ones, the ones another call is computing, or computed now. */
export async function cachedFigures<T>(services: Services, key: string, version: string, compute: () => Promise<T>): Promise<T> {
  const figures = figuresOf(services);
  const kept = figures.entries.get(key, Date.now());
  if (kept?.version === version) return kept.value as T;
  const flight = `${key}@${version}`;
  const running = figures.inflight.get(flight);
  if (running) return running as Promise<T>;
  const computing = compute().then((value) => {
    figures.entries.set(key, { version, value }, Date.now());
    return value;
  });
  figures.inflight.set(flight, computing);
  try {
    return await computing;
  } finally {
    figures.inflight.delete(flight);
  }
}
