import { describe, expect, it } from 'vitest';
import { ImageFileCache } from './image-file-cache';

const HASH = 'a'.repeat(32);
const OTHER = 'b'.repeat(32);
const bytes = (length: number, fill = 1) => Buffer.alloc(length, fill);

describe('the photo files kept in memory', () => {
  it('serves what it was given, drops the least recently served past its bytes, and keeps nothing too large', () => {
    const cache = new ImageFileCache(300);
    cache.set(`${HASH}-320.avif`, bytes(100, 1));
    cache.set(`${HASH}-640.avif`, bytes(100, 2));
    expect(cache.get(`${HASH}-320.avif`)?.[0]).toBe(1);
    // 320 was served last: 640 is the one to go when 150 more bytes arrive.
    cache.set(`${OTHER}-320.webp`, bytes(150, 3));
    expect(cache.size).toBe(250);
    expect(cache.get(`${HASH}-640.avif`)).toBeUndefined();
    expect(cache.get(`${HASH}-320.avif`)?.[0]).toBe(1);
    expect(cache.get(`${OTHER}-320.webp`)?.[0]).toBe(3);
    cache.set(`${OTHER}-1600.jpg`, bytes(301));
    expect(cache.get(`${OTHER}-1600.jpg`)).toBeUndefined();
    expect(cache.size).toBe(250);
  });

  it('reads a file again once it is older than its age, and forgets a deleted photo’s files at once', () => {
    let now = 0;
    const cache = new ImageFileCache(1000, 60_000, () => now);
    cache.set(`${HASH}-320.avif`, bytes(10));
    cache.set(`${HASH}-320.webp`, bytes(10));
    cache.set(`${OTHER}-320.avif`, bytes(10));
    now = 60_001;
    expect(cache.get(`${OTHER}-320.avif`)).toBeUndefined();
    cache.set(`${OTHER}-320.avif`, bytes(10));
    cache.forgetHash(HASH);
    expect(cache.get(`${HASH}-320.avif`)).toBeUndefined();
    expect(cache.get(`${HASH}-320.webp`)).toBeUndefined();
    expect(cache.get(`${OTHER}-320.avif`)).toBeDefined();
    expect(cache.size).toBe(10);
  });
});
