import type { EntityManager } from '@mikro-orm/postgresql';
import sharp, { type OverlayOptions } from 'sharp';
import { APPEAL_CARD_HEIGHT, APPEAL_CARD_WIDTH } from '../../../shared/appeal-card';
import type { PublicAppeal } from '../../../shared/appeals.schema';
import { formatRupees } from '../../../shared/rupees';
import { findImageFile, type ImageStorage } from '../../platform/images/images';

const W = APPEAL_CARD_WIDTH;
const H = APPEAL_CARD_HEIGHT;
/** The photo's part of the card (left); the words and progress on the right. */
const PHOTO_W = 560;
const FONT = "'Noto Sans', 'DejaVu Sans', sans-serif";

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The title in at most `maxLines` lines of about `perLine` characters, the last cut with … if it must be. */
export function wrapTitle(title: string, perLine: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  const words = title.split(/\s+/).filter(Boolean);
  for (let index = 0; index < words.length; index++) {
    const word = words[index] as string;
    const next = line ? `${line} ${word}` : word;
    if (next.length <= perLine || !line) {
      line = next.length > perLine ? `${next.slice(0, perLine - 1)}…` : next;
      continue;
    }
    lines.push(line);
    line = word;
    if (lines.length === maxLines) {
      const last = lines[maxLines - 1] as string;
      lines[maxLines - 1] = `${last.slice(0, perLine - 1)}…`;
      return lines;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The words, bar and figures over the card's right side, as SVG. */
function overlaySvg(appeal: PublicAppeal, trustName: string): string {
  const x = PHOTO_W + 48;
  const textWidth = W - x - 48;
  const lines = wrapTitle(appeal.title, 20, 3);
  const titleSvg = lines
    .map((line, index) => `<text x="${x}" y="${110 + index * 62}" class="title">${escapeXml(line)}</text>`)
    .join('');
  const barY = 110 + lines.length * 62 + 40;
  const filled = Math.round((textWidth * appeal.percent) / 100);
  const status =
    appeal.status === 'closed'
      ? 'Appeal closed'
      : appeal.daysLeft === null
        ? `${appeal.donors} ${appeal.donors === 1 ? 'donor' : 'donors'}`
        : `${appeal.donors} ${appeal.donors === 1 ? 'donor' : 'donors'} · ${appeal.daysLeft} ${appeal.daysLeft === 1 ? 'day' : 'days'} left`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  <style>
    text { font-family: ${FONT}; fill: #1b1b1b; }
    .title { font-size: 52px; font-weight: 700; }
    .raised { font-size: 40px; font-weight: 700; fill: #1b5e20; }
    .small { font-size: 28px; fill: #333333; }
    .trust { font-size: 26px; font-weight: 700; fill: #ffffff; }
  </style>
  <rect x="${PHOTO_W}" y="0" width="${W - PHOTO_W}" height="${H}" fill="#ffffff"/>
  ${titleSvg}
  <rect x="${x}" y="${barY}" width="${textWidth}" height="28" rx="14" fill="#e8f5e9" stroke="#2e7d32" stroke-width="2"/>
  ${filled > 0 ? `<rect x="${x}" y="${barY}" width="${Math.max(filled, 28)}" height="28" rx="14" fill="#2e7d32"/>` : ''}
  <text x="${x}" y="${barY + 82}" class="raised">${escapeXml(formatRupees(appeal.raised))} raised</text>
  <text x="${x}" y="${barY + 126}" class="small">of ${escapeXml(formatRupees(appeal.goal))} goal (${appeal.percent}%)</text>
  <text x="${x}" y="${barY + 168}" class="small">${escapeXml(status)}</text>
  <rect x="0" y="${H - 64}" width="${W}" height="64" fill="#1b5e20"/>
  <text x="40" y="${H - 22}" class="trust">${escapeXml(trustName)}</text>
</svg>`;
}

/** The appeal's first photo as bytes sharp can read (its JPEG master), or undefined. */
export async function appealPhotoBytes(
  em: EntityManager,
  storage: ImageStorage,
  appeal: Pick<PublicAppeal, 'photos'>,
): Promise<Buffer | undefined> {
  const photo = appeal.photos[0];
  if (!photo) return undefined;
  const file = await findImageFile(em, storage, { hash: photo.hash, width: photo.width, format: 'jpeg' });
  return file?.data;
}

/**
 * The appeal's link preview: a 1200×630 JPEG, its first photo on the left (cropped to fill, or the
 * trust's green without one), the title, the progress bar, raised against the goal, donors and days left.
 */
export async function renderAppealCard(
  appeal: PublicAppeal,
  { photo, trustName }: { photo?: Buffer; trustName: string },
): Promise<Buffer> {
  const layers: OverlayOptions[] = [];
  if (photo) {
    const resized = await sharp(photo).rotate().resize(PHOTO_W, H, { fit: 'cover', position: 'attention' }).toBuffer();
    layers.push({ input: resized, left: 0, top: 0 });
  }
  layers.push({ input: Buffer.from(overlaySvg(appeal, trustName)), left: 0, top: 0 });
  return sharp({ create: { width: W, height: H, channels: 3, background: '#2e7d32' } })
    .composite(layers)
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}
