/**
 * Makes every image and video of the site from the SVG art in scripts/assets/art.ts: nothing is
 * downloaded. Run by hand (`npm run assets`) when the art changes; the output is committed.
 *
 * - logo.svg, favicon.svg, favicon-32.png, apple-touch-icon.png
 * - hero-{640,1280,1920}.{avif,webp,jpg}: the hero background, responsive
 * - og-image.jpg (1200×630): the link preview on WhatsApp and social networks
 * - about-video and donate-video: .webm (VP9) and .mp4 (H.264), 640×360, a few seconds, looping,
 *   with a .webp poster (the first frame)
 */
import { spawn } from 'node:child_process';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import sharp from 'sharp';
import { logoSvg } from '../src/client/components/logo';
import { siteContent } from '../src/shared/site-content';
import { aboutFrameSvg, donateFrameSvg, heroSvg, ogImageSvg } from './assets/art';

const PUBLIC = fileURLToPath(new URL('../public', import.meta.url));
const ASSETS = join(PUBLIC, 'attached-assets');
mkdirSync(ASSETS, { recursive: true });

const svg = (text: string) => sharp(Buffer.from(text));
const report = (path: string) =>
  console.log(`${path.replace(`${PUBLIC}/`, 'public/')} ${(statSync(path).size / 1024).toFixed(1)} KiB`);

async function images(): Promise<void> {
  const logo = logoSvg(siteContent.trust.name);
  for (const path of [join(ASSETS, 'logo.svg'), join(PUBLIC, 'favicon.svg')]) {
    writeFileSync(path, logo);
    report(path);
  }
  await svg(logo).resize(32, 32).png({ compressionLevel: 9 }).toFile(join(PUBLIC, 'favicon-32.png'));
  await svg(logo)
    .resize(180, 180)
    .flatten({ background: '#ffffff' })
    .png()
    .toFile(join(PUBLIC, 'apple-touch-icon.png'));

  const hero = await svg(heroSvg()).png().toBuffer();
  for (const width of [640, 1280, 1920]) {
    const base = join(ASSETS, `hero-${width}`);
    const resized = () => sharp(hero).resize(width);
    await resized().avif({ quality: 45, effort: 6 }).toFile(`${base}.avif`);
    await resized().webp({ quality: 70 }).toFile(`${base}.webp`);
    await resized().jpeg({ quality: 72, mozjpeg: true, progressive: true }).toFile(`${base}.jpg`);
    for (const ext of ['avif', 'webp', 'jpg']) report(`${base}.${ext}`);
  }
  const og = join(ASSETS, 'og-image.jpg');
  await svg(ogImageSvg(logo)).jpeg({ quality: 80, mozjpeg: true }).toFile(og);
  report(og);
}

/** Renders the frames with sharp and pipes them into ffmpeg as raw RGB. */
async function encode(frame: (t: number) => string, frames: number, args: string[], output: string): Promise<void> {
  const child = spawn(
    ffmpeg.path,
    [
      '-y',
      '-loglevel',
      'error',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-s',
      '640x360',
      '-r',
      '24',
      '-i',
      '-',
      ...args,
      output,
    ],
    { stdio: ['pipe', 'inherit', 'inherit'] },
  );
  const done = new Promise<void>((resolve, reject) =>
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}`)))),
  );
  for (let i = 0; i < frames; i++) {
    const raw = await svg(frame(i / frames))
      .removeAlpha()
      .raw()
      .toBuffer();
    if (!child.stdin.write(raw)) await new Promise((resolve) => child.stdin.once('drain', resolve));
  }
  child.stdin.end();
  await done;
  report(output);
}

async function video(name: string, frame: (t: number) => string, seconds: number): Promise<void> {
  const frames = seconds * 24;
  const base = join(ASSETS, name);
  await encode(frame, frames, ['-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '42', '-row-mt', '1', '-an'], `${base}.webm`);
  await encode(
    frame,
    frames,
    ['-c:v', 'libx264', '-preset', 'slow', '-crf', '28', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-an'],
    `${base}.mp4`,
  );
  await svg(frame(0)).webp({ quality: 70 }).toFile(`${base}-poster.webp`);
  report(`${base}-poster.webp`);
}

await images();
await video('about-video', aboutFrameSvg, 6);
await video('donate-video', donateFrameSvg, 6);
