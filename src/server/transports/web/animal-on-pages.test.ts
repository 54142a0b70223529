import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureClientBuilt } from '../../../../scripts/lib/site-server';
import { DEFAULT_CONTENT } from '../../../shared/default-content';
import type { EditableContent } from '../../../shared/site-content';
import { callProcedure, createTestApp, type TestApp } from '../../test/test-app';

/**
 * The animal records on the public pages (issue 42 items 1 and 6): an appeal names its animal and
 * its page links the animal's own page once that is public; a home page figure staff switch to
 * "rehomed since" shows the adoptions since that day, with the day in the page's language.
 */
const CLIENT_DIR = fileURLToPath(new URL('../../../../dist/client', import.meta.url));

let t: TestApp;
let clerk: string;
let admin: string;

beforeAll(async () => {
  await ensureClientBuilt();
  t = await createTestApp({}, { clientDir: CLIENT_DIR, appealPageMaxAgeMs: 300, contentCheckIntervalMs: 200 });
  await t.addAccount('meena', 'staff');
  await t.addAccount('secretary', 'admin');
  clerk = await t.signIn('meena');
  admin = await t.signIn('secretary');
}, 600_000);
afterAll(() => t?.close());

const ok = async <T = Record<string, unknown>>(path: string, input: unknown, token = clerk) => {
  const response = await callProcedure(t.app, `staff.${path}`, 'mutation', { token, input });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.data as T;
};
const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
const animal = (name: string, intakeOn = '2026-01-05') =>
  ok<{ id: number; slug: string }>('animals.create', {
    name,
    species: 'dog',
    intakeOn,
    intakeKind: 'rescued',
    oneLine: `${name} loves the beach.`,
  });
const move = (animalId: number, to: string, onDate: string) => ok('animals.move', { animalId, to, onDate, note: '' });
/** Waits for the pages' next check to have rendered what `done` looks for. */
async function eventually(url: string, done: (html: string) => boolean): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const html = (await page(url)).body;
    if (done(html) || Date.now() > deadline) return html;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('an appeal’s animal', () => {
  it('is chosen on the appeal, refused when unknown, and linked from the appeal’s page once public', async () => {
    const rocky = await animal('Rocky');
    const refused = await callProcedure(t.app, 'staff.appeals.create', 'mutation', {
      token: clerk,
      input: {
        title: 'Rocky’s surgery',
        story: 'Rocky needs surgery on his hind leg soon.',
        goal: 1_000_000,
        animalId: 999_999,
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.data.issues).toEqual([{ path: 'animalId', message: 'No animal has this number' }]);

    const appeal = await ok<{ id: number; slug: string }>('appeals.create', {
      title: 'Rocky’s surgery',
      story: 'Rocky needs surgery on his hind leg soon.',
      goal: 1_000_000,
      animalId: rocky.id,
    });
    await ok('appeals.publish', { id: appeal.id });
    const staffView = await callProcedure(t.app, 'staff.appeals.get', 'query', {
      token: clerk,
      input: { id: appeal.id },
    });
    expect(staffView.json().result.data.animalId).toBe(rocky.id);
    const animalView = await callProcedure(t.app, 'staff.animals.get', 'query', {
      token: clerk,
      input: { id: rocky.id },
    });
    expect(animalView.json().result.data.appeals).toMatchObject([{ id: appeal.id, slug: appeal.slug }]);

    // In care, the animal has no public page: the appeal does not link it.
    expect((await page(`/appeals/${appeal.slug}`)).body).not.toContain(`/adopt/${rocky.slug}`);
    await move(rocky.id, 'adoptable', '2026-02-01');
    const english = await eventually(`/appeals/${appeal.slug}`, (html) => html.includes(`/adopt/${rocky.slug}`));
    expect(english).toContain(`<a href="/adopt/${rocky.slug}">Meet Rocky</a>`);
    const tamil = await page(`/ta/appeals/${appeal.slug}`);
    expect(tamil.body.match(/<a href="[^"]*adopt[^"]*">[^<]*<\/a>/)?.[0]).toBe(
      `<a href="/ta/adopt/${rocky.slug}">Rocky-ஐச் சந்தியுங்கள்</a>`,
    );

    // Cleared on edit: the link goes.
    await ok('appeals.edit', {
      id: appeal.id,
      title: 'Rocky’s surgery',
      story: 'Rocky needs surgery on his hind leg soon.',
      goal: 1_000_000,
      animalId: null,
    });
    expect((await page(`/appeals/${appeal.slug}`)).body).not.toContain(`/adopt/${rocky.slug}`);
  });
});

describe('the home page’s impact figures', () => {
  it('show the typed number by default, and the adoptions since a day once a figure counts them', async () => {
    const home = await page('/');
    expect(home.body).toContain('2000+');
    expect(home.body).not.toContain('class="figure-since"');

    for (const [name, day] of [
      ['Adopted early', '2026-02-10'],
      ['Adopted one', '2026-07-02'],
      ['Adopted two', '2026-08-15'],
    ] as const) {
      const { id } = await animal(name);
      await move(id, 'adoptable', '2026-02-01');
      await move(id, 'adopted', day);
    }

    const content: EditableContent = structuredClone(DEFAULT_CONTENT);
    const [first, ...rest] = content.impact.figures;
    content.impact.figures = [
      {
        ...(first as EditableContent['impact']['figures'][number]),
        label: 'Animals found a home',
        count: { of: 'rehomed', since: '2026-07-01' },
      },
      ...rest,
    ];
    const refused = await callProcedure(t.app, 'staff.siteContent.saveDraft', 'mutation', {
      token: clerk,
      input: {
        ...content,
        impact: { ...content.impact, figures: [{ value: '1', label: 'x', count: { of: 'rehomed' } }] },
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.data.issues).toEqual([
      { path: 'impact.figures.0.count.since', message: 'must give the day the count starts from' },
    ]);
    const draft = await ok<{ id: number }>('siteContent.saveDraft', content);
    await ok('siteContent.publish', { id: draft.id }, admin);

    const english = await eventually('/', (html) => html.includes('class="figure-since"'));
    expect(english).toMatch(
      /<span class="figure-value">2<\/span><span class="figure-label">Animals found a home<\/span><span class="figure-since">since 1 July 2026<\/span>/,
    );
    // The other figures stay as typed.
    expect(english).toContain('500+');
    const tamil = await page('/ta/');
    expect(tamil.body).toContain('<span class="figure-value">2</span>');
    expect(tamil.body).toMatch(/1 ஜூலை, 2026 முதல்/);

    // One more adoption since the day: the page follows at its next check.
    const { id } = await animal('Adopted three');
    await move(id, 'adoptable', '2026-02-01');
    await move(id, 'adopted', '2026-09-01');
    const after = await eventually('/', (html) => html.includes('<span class="figure-value">3</span>'));
    expect(after).toContain(
      '<span class="figure-value">3</span><span class="figure-label">Animals found a home</span>',
    );
  });
});
