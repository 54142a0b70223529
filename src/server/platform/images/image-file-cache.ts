/**
 * The photo files served lately, kept in memory: an appeal's or an animal's main photo is its page's
 * largest paint, and every donor who follows a shared link asks for the same few files. Read from
 * PostgreSQL (or IMAGE_DIR) each time, a file waited for a pool connection and a query behind
 * whatever else the server did; from here it is sent at once.
 *
 * Safe to keep: a file's address names its hash, so its bytes never change (browsers and CDNs keep
 * it a year already). A photo staff delete is forgotten here at once on this instance
 * (`forgetHash`); other instances serve what they hold of it for at most MAX_AGE_MS, as a CDN would
 * for far longer. Bounded by bytes (MAX_BYTES), the least recently served dropped first.
 */

/** What the cache holds at most: a few dozen phone-sized variants and their masters. */
export const IMAGE_CACHE_MAX_BYTES = 32 * 1024 * 1024;
/** A file larger than this is never kept (a large master): it would push out many variants. */
const MAX_FILE_BYTES = 1024 * 1024;
/** How long a file is served from memory before it is read again. */
export const IMAGE_CACHE_MAX_AGE_MS = 10 * 60_000;

export class ImageFileCache {
  private readonly files = new Map<string, { data: Buffer; at: number }>();
  private bytes = 0;

  constructor(
    private readonly maxBytes = IMAGE_CACHE_MAX_BYTES,
    private readonly maxAgeMs = IMAGE_CACHE_MAX_AGE_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** The file's bytes if held and fresh (it becomes the most recently served). */
  get(name: string): Buffer | undefined {
    const entry = this.files.get(name);
    if (!entry) return undefined;
    this.drop(name);
    if (this.now() - entry.at > this.maxAgeMs) return undefined;
    this.files.set(name, entry);
    this.bytes += entry.data.length;
    return entry.data;
  }

  set(name: string, data: Buffer): void {
    if (data.length > MAX_FILE_BYTES || data.length > this.maxBytes) return;
    this.drop(name);
    this.files.set(name, { data, at: this.now() });
    this.bytes += data.length;
    for (const oldest of this.files.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(oldest);
    }
  }

  /** Every file of a photo (`<hash>-…`): it was deleted. */
  forgetHash(hash: string): void {
    for (const name of [...this.files.keys()]) if (name.startsWith(`${hash}-`)) this.drop(name);
  }

  /** The bytes held (for tests). */
  get size(): number {
    return this.bytes;
  }

  private drop(name: string): void {
    const entry = this.files.get(name);
    if (!entry) return;
    this.files.delete(name);
    this.bytes -= entry.data.length;
  }
}

/** This process's: the /images/ route fills it, deleting a photo empties it of that photo. */
export const servedImageFiles = new ImageFileCache();
