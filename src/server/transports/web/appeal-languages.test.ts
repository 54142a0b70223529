import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureClientBuilt } from '../../../../scripts/lib/site-server';
import { PAGE_DATA_ELEMENT_ID } from '../../../shared/page-render';
import { donationBody } from '../../test/donation-fixtures';
import { donorEmail, mailTo } from '../../test/mail-fixtures';
import { callProcedure, createTestApp, deliverSandboxWebhooks, SITE, type TestApp } from '../../test/test-app';

/**
 * An appeal's page in Tamil and Hindi (`/ta/appeals/<slug>`, `/hi/appeals/<slug>`): the site's
 * words in the page's language, the appeal's own texts in it where staff gave them and in English
 * (marked `lang="en-IN"`) where not, its own canonical address and hreflang alternates, the English
 * Open Graph card; the English page as it was. Translations have the English bounds, and an
 * unknown slug is that language's 404 page.
 */
const CLIENT_DIR = fileURLToPath(new URL('../../../../dist/client', import.meta.url));

let t: TestApp;
let clerk: string;

beforeAll(async () => {
  await ensureClientBuilt();
  t = await createTestApp({}, { clientDir: CLIENT_DIR, appealPageMaxAgeMs: 400, contentCheckIntervalMs: 200 });
  deliverSandboxWebhooks(t);
  await t.addAccount('meena', 'staff');
  clerk = await t.signIn('meena');
}, 600_000);
afterAll(() => t?.close());

const call = (path: string, input: unknown) =>
  callProcedure(t.app, `staff.appeals.${path}`, 'mutation', { token: clerk, input });
const staff = async <T>(path: string, input: unknown) => {
  const response = await call(path, input);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.data as T;
};
const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
const meta = (html: string, property: string) =>
  html.match(new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`))?.[1];
const pageData = (html: string) =>
  JSON.parse(
    html.match(new RegExp(`<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">(.*?)</script>`))?.[1] ?? '{}',
  );

const ENGLISH = {
  title: 'Bruno’s surgery',
  story: 'Bruno was hit by a truck on the Adyar bridge.\n\nHis hind leg needs surgery; the vet has estimated the cost.',
};
const TAMIL = {
  title: 'புருனோவின் அறுவை சிகிச்சை',
  story:
    'அடையாறு பாலத்தில் ஒரு லாரி புருனோவை மோதியது.\n\nஅவனது பின்னங்காலுக்கு அறுவை சிகிச்சை தேவை; மருத்துவர் செலவை மதிப்பிட்டுள்ளார்.',
  beyondGoal: 'இலக்கைத் தாண்டி வரும் தொகை புருனோவின் மறுவாழ்வுப் பயிற்சிக்குச் செல்லும்.',
};
const HINDI_TITLE = 'ब्रूनो की सर्जरी';

describe('an appeal’s page in Tamil and Hindi', () => {
  let id: number;
  let slug: string;

  beforeAll(async () => {
    ({ id, slug } = await staff<{ id: number; slug: string }>('create', {
      ...ENGLISH,
      goal: 4_500_000,
      translations: { ta: TAMIL, hi: { title: HINDI_TITLE, story: '  ' } },
    }));
    await staff('publish', { id });
    await staff('postUpdate', {
      appealId: id,
      text: 'Bruno stood up on his own today!',
      translations: { ta: { text: 'புருனோ இன்று தானாகவே எழுந்து நின்றான்!' } },
    });
  });

  it('Tamil: the Tamil texts staff gave, Tamil chrome, lang, canonical and hreflang alternates', async () => {
    const response = await page(`/ta/appeals/${slug}`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toMatch(/<html lang="ta-IN"/);
    expect(html).toContain(`<title>${TAMIL.title} | `);
    expect(html).toMatch(new RegExp(`<h1 id="appeal-title" class="page-title">${TAMIL.title}</h1>`));
    expect(html).toContain('அடையாறு பாலத்தில் ஒரு லாரி புருனோவை மோதியது.');
    expect(html).toContain(TAMIL.beyondGoal);
    expect(html).toContain('புருனோ இன்று தானாகவே எழுந்து நின்றான்!');
    expect(html).not.toContain('Bruno was hit by a truck');
    // Nothing of the appeal is in English (the language switch's "English" is).
    expect(html.slice(html.indexOf('<main'), html.indexOf('</main>'))).not.toContain('lang="en-IN"');
    // The site's words in Tamil: the progress, the headings.
    expect(html).toContain('இலக்கைத் தாண்டி வரும் தொகை');
    expect(html).toContain('புதிய தகவல்கள்');
    expect(html).toMatch(/aria-valuetext="₹45,000 இலக்கில் ₹0 \(0%\)"/);
    expect(html).toMatch(/0<!-- --> <!-- -->நன்கொடையாளர்கள்</);
    // Its own address, the alternates, the description in Tamil, the English card.
    expect(html).toContain(`<link rel="canonical" href="${SITE}/ta/appeals/${slug}" />`);
    for (const [hreflang, path] of [
      ['en', `/appeals/${slug}`],
      ['ta', `/ta/appeals/${slug}`],
      ['hi', `/hi/appeals/${slug}`],
      ['x-default', `/appeals/${slug}`],
    ]) {
      expect(html).toContain(`<link rel="alternate" hreflang="${hreflang}" href="${SITE}${path}" />`);
    }
    expect(meta(html, 'og:locale')).toBe('ta_IN');
    expect(meta(html, 'og:url')).toBe(`${SITE}/ta/appeals/${slug}`);
    expect(meta(html, 'og:description')).toBe('அடையாறு பாலத்தில் ஒரு லாரி புருனோவை மோதியது.');
    const english = (await page(`/appeals/${slug}`)).body;
    expect(meta(html, 'og:image')).toBe(meta(english, 'og:image'));
    // Its share link passes on the Tamil address; the page hydrates in Tamil with the Tamil texts.
    const whatsapp = /href="(https:\/\/wa\.me\/[^"]+)"/.exec(html)?.[1] ?? '';
    expect(whatsapp).toMatch(new RegExp(`%20${SITE}/ta/appeals/${slug}$`));
    expect(pageData(html)).toMatchObject({ language: 'ta', appeal: { title: TAMIL.title, untranslated: [] } });
  });

  it('Hindi: Hindi chrome and title, the English story where staff gave none, marked as English', async () => {
    const html = (await page(`/hi/appeals/${slug}`)).body;
    expect(html).toMatch(/<html lang="hi-IN"/);
    expect(html).toContain(`<title>${HINDI_TITLE} | `);
    // The story and the update in English, said to be English; the default beyond-goal sentence in Hindi.
    expect(html).toContain('<div lang="en-IN">');
    expect(html).toContain('Bruno was hit by a truck on the Adyar bridge.');
    expect(html).toMatch(/<p [^>]*lang="en-IN">Bruno stood up on his own today!<\/p>/);
    expect(html).toContain('लक्ष्य से अधिक दी गई राशि हमारे सामान्य कोष में जाएगी');
    expect(html).toContain('लक्ष्य से अधिक राशि');
    expect(html).toContain('ताज़ा जानकारी');
    expect(meta(html, 'og:description')).toBe('Bruno was hit by a truck on the Adyar bridge.');
    expect(html).toContain(`<link rel="canonical" href="${SITE}/hi/appeals/${slug}" />`);
    expect(pageData(html).appeal.untranslated).toEqual(['story']);
  });

  it('English: as it was', async () => {
    const html = (await page(`/appeals/${slug}`)).body;
    expect(html).toMatch(/<html lang="en-IN"/);
    expect(html).toContain(`<title>${ENGLISH.title} | `);
    expect(html).toContain('Bruno was hit by a truck on the Adyar bridge.');
    expect(html).toContain('Beyond the goal');
    expect(html).toContain('Bruno stood up on his own today!');
    expect(html).toContain(`<h1 id="appeal-title" class="page-title">${ENGLISH.title}</h1>`);
    expect(html).not.toContain(TAMIL.title);
    expect(html).toContain(`<link rel="canonical" href="${SITE}/appeals/${slug}" />`);
  });

  it('is listed on the Tamil home page with its Tamil title, linking to the Tamil page', async () => {
    const link = `<a href="/ta/appeals/${slug}">${TAMIL.title}</a>`;
    for (let tries = 0; !(await page('/ta/')).body.includes(link); tries++) {
      expect(tries).toBeLessThan(60);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const home = (await page('/ta/')).body;
    expect(home).toContain('இப்போது உங்கள் உதவி தேவைப்படும் விலங்குகள்');
    // The Hindi list: its Hindi title, the English summary marked as English.
    const hindi = (await page('/hi/donate')).body;
    expect(hindi).toContain(`<a href="/hi/appeals/${slug}">${HINDI_TITLE}</a>`);
    expect(hindi).toMatch(/<p [^>]*lang="en-IN">Bruno was hit by a truck on the Adyar bridge.<\/p>/);
    expect(await t.caller.appeals.listOpen({ language: 'ta' })).toEqual(
      expect.arrayContaining([expect.objectContaining({ slug, title: TAMIL.title })]),
    );
  });

  it('refuses a translation beyond the English bounds, naming its field; an edit is audited by the text', async () => {
    const tooLong = await call('edit', {
      id,
      ...ENGLISH,
      goal: 4_500_000,
      translations: { ta: { ...TAMIL, title: 'அ'.repeat(121) }, hi: { story: 'छोटी', beyondGoal: '<b>नहीं</b> यह' } },
    });
    expect(tooLong.statusCode).toBe(400);
    const issues = tooLong.json().error.data.issues as { path: string; message: string }[];
    expect(issues.map((issue) => issue.path).sort()).toEqual([
      'translations.hi.beyondGoal',
      'translations.hi.story',
      'translations.ta.title',
    ]);
    expect(issues.find((issue) => issue.path === 'translations.ta.title')?.message).toMatch(/at most 120 characters/);
    const update = await callProcedure(t.app, 'staff.appeals.postUpdate', 'mutation', {
      token: clerk,
      input: { appealId: id, text: 'Fine', translations: { hi: { text: 'क'.repeat(2001) } } },
    });
    expect(update.statusCode).toBe(400);
    expect(update.json().error.data.issues.map((issue: { path: string }) => issue.path)).toEqual([
      'translations.hi.text',
    ]);

    const edited = await staff<{ changed: string[] }>('edit', {
      id,
      ...ENGLISH,
      goal: 4_500_000,
      translations: { ta: TAMIL, hi: { title: HINDI_TITLE, story: `${ENGLISH.story} (हिन्दी में जल्द)` } },
    });
    expect(edited.changed).toEqual(['translations.hi.story']);
    const [entry] = await t.db.orm.em.execute<{ details: { changed: string[] } }[]>(
      `select details from staff_audit where action = 'appeal_edited' and details->>'appealId' = ? order by id desc limit 1`,
      [String(id)],
    );
    expect(entry?.details.changed).toEqual(['translations.hi.story']);
    // Shown at once on the Hindi page.
    expect((await page(`/hi/appeals/${slug}`)).body).toContain('(हिन्दी में जल्द)');
  });

  it('a posted update takes its translations later, audited', async () => {
    const stored = await callProcedure(t.app, 'staff.appeals.get', 'query', { token: clerk, input: { id } });
    const [update] = stored.json().result.data.updates as { id: number; translations: unknown }[];
    expect(update?.translations).toEqual({ ta: { text: 'புருனோ இன்று தானாகவே எழுந்து நின்றான்!' } });
    await staff('translateUpdate', {
      id: update?.id,
      translations: { ta: { text: 'புருனோ இன்று தானாகவே எழுந்து நின்றான்!' }, hi: { text: 'ब्रूनो आज अपने आप खड़ा हो गया!' } },
    });
    expect((await page(`/hi/appeals/${slug}`)).body).toContain('ब्रूनो आज अपने आप खड़ा हो गया!');
    const [entry] = await t.db.orm.em.execute<{ details: { changed: string[] } }[]>(
      `select details from staff_audit where action = 'appeal_update_translated' order by id desc limit 1`,
    );
    expect(entry?.details.changed).toEqual(['hi']);
  });

  it('an unknown slug in Tamil is the Tamil 404 page', async () => {
    for (const url of ['/ta/appeals/no-such-appeal', '/ta/appeals/Not_A_Slug']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body).toMatch(/<html lang="ta-IN"/);
      expect(response.body).toContain('பக்கம் கிடைக்கவில்லை');
    }
    const hindi = await page('/hi/appeals/no-such-appeal');
    expect(hindi.statusCode).toBe(404);
    expect(hindi.body).toMatch(/<html lang="hi-IN"/);
  });
});

describe('an update mailed to the appeal’s donors', () => {
  it('speaks each donor’s language: the title and text in it where staff gave them, the page in it', async () => {
    const { id, slug } = await staff<{ id: number; slug: string }>('create', {
      title: 'Kali’s new home',
      story: 'Kali was found under a bus stand in Tambaram, thin and afraid.',
      goal: 1_000_000,
      translations: { ta: { title: 'காளிக்கு ஒரு புதிய வீடு' } },
    });
    await staff('publish', { id });
    const tamil = donorEmail('tamil-donor');
    const hindi = donorEmail('hindi-donor');
    for (const [email, language] of [
      [tamil, 'ta'],
      [hindi, 'hi'],
    ] as const) {
      const created = await t.caller.donation.create(
        donationBody({ email, appealId: id, language, newsConsent: true }),
      );
      await t.emulator.completePayment({ orderId: created.order.id });
      await t.emulator.webhooksIdle();
    }
    await staff('postUpdate', {
      appealId: id,
      text: 'Kali has a family now.',
      translations: { ta: { text: 'காளிக்கு இப்போது ஒரு குடும்பம் கிடைத்துவிட்டது.' } },
      mailDonors: true,
    });
    const update = (mails: Awaited<ReturnType<typeof mailTo>>) =>
      mails.find(
        (mail) => (mail.text ?? '').includes('Kali has a family') || (mail.text ?? '').includes('காளிக்கு இப்போது'),
      );
    const toTamil = update(await mailTo(t, tamil));
    expect(toTamil?.subject).toContain('காளிக்கு ஒரு புதிய வீடு');
    expect(toTamil?.text).toContain('காளிக்கு இப்போது ஒரு குடும்பம் கிடைத்துவிட்டது.');
    expect(toTamil?.text).toContain(`${SITE}/ta/appeals/${slug}`);
    // No Hindi given: the English title and text, in a Hindi mail pointing at the Hindi page.
    const toHindi = update(await mailTo(t, hindi));
    expect(toHindi?.subject).toContain('Kali’s new home');
    expect(toHindi?.text).toContain('Kali has a family now.');
    expect(toHindi?.text).toContain(`${SITE}/hi/appeals/${slug}`);
  });
});
