import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ImageRecord, imageUrl, masterImageUrl, pictureSources } from '../../../shared/images';
import {
  CAMERA_MARKER,
  GPS_MARKER,
  heicBranded,
  phonePhoto,
  photoForm,
  pixelBomb,
  plainImage,
} from '../../test/image-fixtures';
import { callProcedure, createTestApp, SITE, type TestApp } from '../../test/test-app';
import { setImageUses } from './image-uses';
import { HEIC_READABLE, HEIC_REFUSED } from './process-image';

/**
 * A volunteer's photo of a dog, taken on a phone at night (turned by its EXIF, the place it was
 * taken in its GPS tags), uploaded from the console and served to donors' phones.
 */
let t: TestApp;
let staff: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.addAccount('volunteer', 'staff');
  staff = await t.signIn('volunteer');
});
afterAll(() => t.close());

function upload(
  app: TestApp,
  alt: string | undefined,
  file?: { data: Buffer; name?: string; type?: string },
  { token = staff as string | null, origin = SITE } = {},
) {
  const form = photoForm(alt, file);
  return app.app.inject({
    method: 'POST',
    url: '/staff/api/images',
    headers: {
      'content-type': form.contentType,
      origin,
      ...(token ? { cookie: `staff_session=${token}` } : {}),
    },
    payload: form.payload,
  });
}

const get = (app: TestApp, url: string, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'GET', url, headers });

const count = async (app: TestApp, table: string) => {
  const [row] = await app.db.orm.em.execute<{ n: string }[]>(`select count(*) as n from ${table}`);
  return Number(row?.n);
};

describe('a photo uploaded by staff', () => {
  let image: ImageRecord;

  it('is turned upright, stripped of its location, and served as AVIF and WebP in five widths', async () => {
    const photo = await phonePhoto(2400, 1600);
    // The upload does carry the location, as a phone's photo does.
    expect(photo.includes(GPS_MARKER)).toBe(true);
    expect((await sharp(photo).metadata()).orientation).toBe(6);

    const response = await upload(t, '  Bruno, a brown dog, on the night he came in  ', {
      data: photo,
      name: 'IMG_2041.jpg',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json() as { image: ImageRecord; created: boolean };
    expect(body.created).toBe(true);
    image = body.image;
    expect(image).toMatchObject({
      alt: 'Bruno, a brown dog, on the night he came in',
      width: 1600,
      height: 2400,
      widths: [320, 640, 960, 1280, 1600],
    });
    expect(image.hash).toMatch(/^[0-9a-f]{32}$/);

    for (const width of image.widths) {
      for (const format of ['avif', 'webp'] as const) {
        const served = await get(t, imageUrl(image, width, format));
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe(`image/${format}`);
        expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        // A file, not a document: nosniff, without the pages' CSP and the like (issue 34).
        expect(served.headers['x-content-type-options']).toBe('nosniff');
        expect(served.headers['content-security-policy']).toBeUndefined();
        expect(served.headers['x-frame-options']).toBeUndefined();
        expect(served.headers.etag).toBe(`"${image.hash}-${width}.${format}"`);
        const bytes = served.rawPayload;
        const metadata = await sharp(bytes).metadata();
        expect(metadata.format).toBe(format === 'avif' ? 'heif' : 'webp');
        expect(metadata.width).toBe(width);
        expect(metadata.height).toBe(Math.round((width * 2400) / 1600));
        expect(metadata.exif).toBeUndefined();
        expect(metadata.xmp).toBeUndefined();
        expect(bytes.includes(GPS_MARKER)).toBe(false);
        expect(bytes.includes(CAMERA_MARKER)).toBe(false);
      }
    }
    const master = await get(t, masterImageUrl(image));
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe('image/jpeg');
    expect(master.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const masterMetadata = await sharp(master.rawPayload).metadata();
    expect(masterMetadata).toMatchObject({ format: 'jpeg', width: 1600, height: 2400 });
    expect(masterMetadata.exif).toBeUndefined();
    expect(masterMetadata.orientation).toBeUndefined();
    expect(master.rawPayload.includes(GPS_MARKER)).toBe(false);
    expect(master.rawPayload.includes(CAMERA_MARKER)).toBe(false);
  });

  it('gives the <picture> its sources, sizes and the fallback', () => {
    const picture = pictureSources(image, { sizes: '(min-width: 48em) 40rem, 100vw', displayWidth: 640 });
    expect(picture.sources.map((source) => source.type)).toEqual(['image/avif', 'image/webp']);
    expect(picture.sources[0]?.srcSet).toBe(
      image.widths.map((width) => `/images/${image.hash}-${width}.avif ${width}w`).join(', '),
    );
    expect(picture).toMatchObject({ src: masterImageUrl(image), width: 640, height: 960, alt: image.alt });
  });

  it('answers 304 to a browser that has it, 404 for what is not there', async () => {
    const url = imageUrl(image, 640, 'webp');
    const again = await get(t, url, { 'if-none-match': `"${image.hash}-640.webp"` });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    for (const missing of [
      imageUrl(image, 500, 'webp'),
      imageUrl(image, 640, 'jpg'),
      imageUrl(image, 1601, 'jpg'),
      `/images/${'0'.repeat(32)}-640.webp`,
      `/images/${image.hash}-640.png`,
      '/images/..%2F..%2Fetc%2Fpasswd',
    ]) {
      const response = await get(t, missing);
      expect(response.statusCode, missing).toBe(404);
      expect(response.headers['cache-control']).not.toContain('immutable');
    }
  });

  it('is the same photo when uploaded again, and every upload is in the audit trail', async () => {
    const photo = await phonePhoto(2400, 1600);
    const again = await upload(t, 'Bruno again', { data: photo });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ created: false, image: { id: image.id, alt: image.alt } });
    expect(await count(t, 'images')).toBe(1);
    const [entry] = await t.db.orm.em.execute<{ action: string; username: string; details: Record<string, unknown> }[]>(
      `select action, username, details from staff_audit where action = 'image_uploaded'`,
    );
    expect(entry).toMatchObject({
      username: 'volunteer',
      details: { imageId: image.id, hash: image.hash, sourceFormat: 'jpeg', width: 1600, height: 2400 },
    });
  });

  it('is listed in the console, its alt text can change, and it cannot be deleted while in use', async () => {
    const listed = await callProcedure(t.app, 'staff.images.list', 'query', { token: staff, input: {} });
    expect(listed.statusCode).toBe(200);
    const list = listed.json().result.data;
    expect(list.total).toBe(1);
    expect(list.rows[0]).toMatchObject({ id: image.id, used: false, createdBy: 'volunteer', sourceFormat: 'jpeg' });

    const renamed = await callProcedure(t.app, 'staff.images.updateAlt', 'mutation', {
      token: staff,
      input: { id: image.id, alt: 'Bruno after his surgery' },
    });
    expect(renamed.json().result.data.alt).toBe('Bruno after his surgery');
    const blank = await callProcedure(t.app, 'staff.images.updateAlt', 'mutation', {
      token: staff,
      input: { id: image.id, alt: '   ' },
    });
    expect(blank.statusCode).toBe(400);

    const byIds = await callProcedure(t.app, 'staff.images.byIds', 'query', {
      token: staff,
      input: { ids: [999, image.id] },
    });
    expect(byIds.json().result.data).toEqual([{ ...image, alt: 'Bruno after his surgery' }]);

    await setImageUses(t.db.orm.em.fork(), 'appeal:1', [image.id]);
    const inUse = await callProcedure(t.app, 'staff.images.delete', 'mutation', {
      token: staff,
      input: { id: image.id },
    });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().error.message).toMatch(/in use/);
    const listedInUse = await callProcedure(t.app, 'staff.images.list', 'query', { token: staff, input: {} });
    expect(listedInUse.json().result.data.rows[0].used).toBe(true);
    await expect(setImageUses(t.db.orm.em.fork(), 'appeal:1', [image.id, 424242])).rejects.toThrow(/no longer exists/);

    await setImageUses(t.db.orm.em.fork(), 'appeal:1', []);
    const deleted = await callProcedure(t.app, 'staff.images.delete', 'mutation', {
      token: staff,
      input: { id: image.id },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await get(t, imageUrl(image, 640, 'avif'))).statusCode).toBe(404);
    expect(await count(t, 'image_variants')).toBe(0);
    const actions = await t.db.orm.em.execute<{ action: string }[]>(
      `select action from staff_audit where action like 'image_%' order by id`,
    );
    expect(actions.map((row) => row.action)).toEqual(['image_uploaded', 'image_alt_changed', 'image_deleted']);
  });

  it('takes PNG and WebP, and never makes a variant wider than the photo', async () => {
    const png = await upload(t, 'The shelter’s logo', { data: await plainImage('png', 500, 400), name: 'logo.png' });
    expect(png.statusCode).toBe(201);
    expect(png.json().image).toMatchObject({ width: 500, height: 400, widths: [320, 500] });
    const webp = await upload(t, 'A small kitten', { data: await plainImage('webp', 200, 150), type: 'image/webp' });
    expect(webp.statusCode).toBe(201);
    expect(webp.json().image).toMatchObject({ width: 200, height: 150, widths: [200] });
  });
});

describe('files that are not photos, or too much of one', () => {
  const refused = async (response: Awaited<ReturnType<typeof upload>>, reason: RegExp) => {
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toMatch(reason);
  };

  it('refuses each with a 400 that says why, and keeps nothing', async () => {
    const before = await count(t, 'images');
    const php = Buffer.from('<?php system($_GET["cmd"]); ?>\n');
    await refused(await upload(t, 'A dog', { data: php, name: 'dog.jpg', type: 'image/jpeg' }), /not a photo/);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="9"/></svg>');
    await refused(await upload(t, 'A dog', { data: svg, name: 'dog.svg', type: 'image/svg+xml' }), /SVG/);
    await refused(await upload(t, 'A dog', { data: Buffer.alloc(0), name: 'dog.jpg' }), /empty/);
    const photo = await phonePhoto(800, 600);
    await refused(
      await upload(t, 'A dog', { data: photo.subarray(0, Math.floor(photo.length / 2)) }),
      /damaged or incomplete/,
    );
    await refused(await upload(t, 'A dog', { data: pixelBomb(), name: 'dog.png', type: 'image/png' }), /megapixels/);
    const huge = Buffer.concat([photo, Buffer.alloc(40 * 1024 * 1024 - photo.length)]);
    await refused(await upload(t, 'A dog', { data: huge }), /larger than 15 MB/);
    await refused(await upload(t, undefined, { data: photo }), /Describe the photo/);
    await refused(await upload(t, '   ', { data: photo }), /Describe the photo/);
    await refused(await upload(t, 'A dog'), /Choose a photo/);
    expect(await count(t, 'images')).toBe(before);
  });

  it(`says plainly that HEIC cannot be read here (this build: ${HEIC_READABLE ? 'it can' : 'it cannot'})`, async () => {
    const response = await upload(t, 'A dog', { data: await heicBranded(), name: 'IMG_0001.HEIC', type: 'image/heic' });
    if (HEIC_READABLE) {
      expect(response.statusCode).toBe(201);
    } else {
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(HEIC_REFUSED);
      expect(HEIC_REFUSED).toMatch(/send the photo as JPEG/);
    }
  });

  it('takes uploads from signed-in staff on the console only', async () => {
    const photo = await phonePhoto(800, 600);
    expect((await upload(t, 'A dog', { data: photo }, { token: null })).statusCode).toBe(401);
    const elsewhere = await upload(t, 'A dog', { data: photo }, { origin: 'https://attacker.example' });
    expect(elsewhere.statusCode).toBe(403);
  });

  it('leaves every other API path JSON-only: multipart is refused there with 415', async () => {
    const form = photoForm('A dog', { data: await plainImage('jpeg') });
    for (const url of ['/api/donations', '/trpc/staff.images.updateAlt', '/staff/api/certificates?year=2026-27']) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': form.contentType, cookie: `staff_session=${staff}`, origin: SITE },
        payload: form.payload,
      });
      expect(response.statusCode, url).toBe(415);
    }
  });
});

describe('photos kept in a directory (IMAGE_DIR)', () => {
  let dir: string;
  let other: TestApp;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'images-'));
    other = await createTestApp({ IMAGE_DIR: dir });
    await other.addAccount('secretary', 'staff');
  });
  afterAll(async () => {
    await other.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes the master and variants there, serves them from there, and deletes them with the photo', async () => {
    const token = await other.signIn('secretary');
    const response = await upload(other, 'Lakshmi the cow', { data: await phonePhoto(1000, 700) }, { token });
    expect(response.statusCode).toBe(201);
    const image = response.json().image as ImageRecord;
    expect(image).toMatchObject({ width: 700, height: 1000, widths: [320, 640, 700] });
    expect(readdirSync(dir).sort()).toEqual(
      [
        `${image.hash}-700.jpg`,
        ...image.widths.flatMap((width) => [`${image.hash}-${width}.avif`, `${image.hash}-${width}.webp`]),
      ].sort(),
    );
    const [stored] = await other.db.orm.em.execute<{ inRows: string }[]>(
      'select count(data) as "inRows" from image_variants',
    );
    expect(Number(stored?.inRows)).toBe(0);

    const served = await get(other, imageUrl(image, 640, 'avif'));
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/avif');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(640);

    const deleted = await callProcedure(other.app, 'staff.images.delete', 'mutation', {
      token,
      input: { id: image.id },
    });
    expect(deleted.statusCode).toBe(200);
    expect(existsSync(join(dir, `${image.hash}-640.avif`))).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
    expect((await get(other, imageUrl(image, 640, 'avif'))).statusCode).toBe(404);
  });
});
