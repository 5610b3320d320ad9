/**
 * The pictures of the record lists, kept in memory (each replica its own; nothing to share or sweep): least
 * recently used first out once 32 MB are held. A stored file never changes, so its picture stays until pushed out;
 * a fetched image is fetched again after an hour, and a failure is remembered for five minutes so a broken image
 * URL in a list of 100 rows is not asked for on every scroll. Requests for the same picture at once share one fetch.
 */
export interface Picture {
  type: string;
  bytes: Buffer;
}

interface Entry {
  picture: Picture | null;
  at: number;
}

const MAX_BYTES = 32 * 1024 * 1024;
const FETCHED_TTL_MS = 60 * 60 * 1000;
const FAILED_TTL_MS = 5 * 60 * 1000;
/** Failures hold no bytes; their number is bounded too. */
const MAX_ENTRIES = 5_000;

export class ThumbnailCache {
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<Picture | null>>();
  private held = 0;

  constructor(private readonly clock: () => number = Date.now, private readonly maxBytes = MAX_BYTES) {}

  async get(key: string, make: () => Promise<Picture | null>): Promise<Picture | null> {
    const entry = this.entries.get(key);
    if (entry && this.fresh(key, entry)) {
      // Map order is the recency order: a hit moves to the end.
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.picture;
    }
    if (entry) this.drop(key);
    const running = this.pending.get(key);
    if (running) return running;
    const made = make().finally(() => this.pending.delete(key));
    this.pending.set(key, made);
    const picture = await made;
    this.put(key, picture);
    return picture;
  }

  /** Bytes held (tests). */
  get size(): number {
    return this.held;
  }

  private fresh(key: string, entry: Entry): boolean {
    const age = this.clock() - entry.at;
    if (!entry.picture) return age < FAILED_TTL_MS;
    return key.startsWith('file:') || age < FETCHED_TTL_MS;
  }

  private put(key: string, picture: Picture | null): void {
    const bytes = picture?.bytes.length ?? 0;
    if (bytes > this.maxBytes) return;
    this.drop(key);
    this.entries.set(key, { picture, at: this.clock() });
    this.held += bytes;
    for (const [oldest] of this.entries) {
      if (this.held <= this.maxBytes && this.entries.size <= MAX_ENTRIES) break;
      this.drop(oldest);
    }
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.held -= entry.picture?.bytes.length ?? 0;
    this.entries.delete(key);
  }
}
