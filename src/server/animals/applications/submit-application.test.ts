// Over 250 lines on purpose: the intake's specification as one file (each kind, the animal rules, hostile
// input on every form, the limits and the honeypot), sharing one app and its bodies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAnimal } from '../../test/animal-fixtures';
import { donorEmail, mailTo } from '../../test/mail-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { APPLICATION_LIMITS } from './application-guard';

/**
 * The public application forms' intake, end to end over `POST /api/applications` (and /trpc): the
 * application's row, its first step, a partner's contact, the acknowledgement in the real
 * in-process mailbox in the applicant's language; and every kind of bad input answered 400 with
 * its field, a flood 429, a honeypot stored nowhere.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

let addresses = 0;
/** Each test posts from an address of its own, so the per-address limit is its own too. */
const freshAddress = () => `10.0.${Math.floor(++addresses / 250)}.${addresses % 250}`;

const post = (payload: unknown, remoteAddress = freshAddress()) =>
  t.app.inject({ method: 'POST', url: '/api/applications', payload: payload as object, remoteAddress });

const applicant = (label: string, language = 'en') => ({
  name: 'Lakshmi Narayanan',
  email: donorEmail(label),
  phone: '98400 12345',
  language,
  consent: true,
});

const adoption = (label: string, extra: Record<string, unknown> = {}) => ({
  kind: 'adopt',
  ...applicant(label, 'ta'),
  home: 'rent',
  landlordAgrees: 'yes',
  household: 'Two adults (38, 41), our son of 10 and my mother (67)',
  otherAnimals: 'A cat of 4',
  otherAnimalsSterilised: 'all',
  otherAnimalsVaccinated: 'all',
  hoursAlone: 3,
  sleepsWhere: 'Inside, in the hall',
  vetName: 'Dr. Priya, Adyar',
  homeVisit: true,
  ...extra,
});
const foster = (label: string) => ({
  kind: 'foster',
  ...applicant(label, 'hi'),
  fosterCount: 2,
  fosterSpecies: 'cat',
  fosterDuration: 'one-month',
  home: 'own',
});
const volunteer = (label: string) => ({
  kind: 'volunteer',
  ...applicant(label),
  days: ['sat', 'sun'],
  skills: 'Walking dogs, photography',
  languages: 'Tamil, English',
});
const partner = (label: string) => ({
  kind: 'partner',
  ...applicant(label),
  organisation: 'Besant Nagar Residents Association',
  offer: 'A feeding station and a sterilisation drive in our colony',
});

const count = async (table: string) => {
  const [row] = await t.db.orm.em.fork().execute<{ count: string }[]>(`select count(*) from ${table}`);
  return Number(row?.count);
};
const counts = async () => ({
  applications: await count('applications'),
  events: await count('application_events'),
  contacts: await count('contacts'),
  mails: await count('mail_outbox'),
});
const issuesOf = (response: { json(): unknown }) =>
  (response.json() as { issues?: { path: string; message: string }[] }).issues ?? [];

describe('an application sent from each form', () => {
  it('adopt, naming a dog, in Tamil: the row names the dog, its first step is new, the mail is in Tamil', async () => {
    const dog = await seedAnimal(t.db.orm.em.fork(), { name: 'Raja', status: 'adoptable' });
    const body = adoption('adopt-tamil', { animal: dog.slug });
    const response = await post(body);
    expect(response.statusCode).toBe(200);
    const { id, kind } = response.json() as { id: number; kind: string };
    expect(kind).toBe('adopt');
    const [row] = await t.db.orm.em
      .fork()
      .execute(
        'select kind, status, animal_id, wanted_species, contact_id, name, email, phone, language, answers from applications where id = ?',
        [id],
      );
    expect(row).toMatchObject({
      kind: 'adopt',
      status: 'new',
      animal_id: dog.id,
      wanted_species: null,
      contact_id: null,
      name: 'Lakshmi Narayanan',
      email: body.email,
      phone: '98400 12345',
      language: 'ta',
      answers: {
        home: 'rent',
        landlordAgrees: 'yes',
        household: body.household,
        otherAnimals: 'A cat of 4',
        otherAnimalsSterilised: 'all',
        otherAnimalsVaccinated: 'all',
        hoursAlone: 3,
        sleepsWhere: 'Inside, in the hall',
        vetName: 'Dr. Priya, Adyar',
        homeVisit: true,
      },
    });
    // Who applied is in the row's own columns, never again in the answers; nor the consent or the honeypot.
    expect(Object.keys((row as { answers: object }).answers)).not.toEqual(
      expect.arrayContaining(['name', 'email', 'animal', 'consent', 'website']),
    );
    const events = await t.db.orm.em
      .fork()
      .execute('select kind, from_status, to_status, by_user from application_events where application_id = ?', [id]);
    expect(events).toEqual([{ kind: 'status', from_status: null, to_status: 'new', by_user: 'applicant' }]);

    const [mail, ...more] = await mailTo(t, body.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('தத்தெடுப்பதற்கான உங்கள் விண்ணப்பம் கிடைத்தது');
    expect(mail?.text).toContain('அன்புள்ள Lakshmi Narayanan,');
    expect(mail?.text).toContain('Raja-ஐத் தத்தெடுக்க விண்ணப்பித்ததற்கு நன்றி');
    expect(mail?.text).toContain(`உங்கள் விண்ணப்ப எண் ${id}`);
    expect(mail?.html).toContain('lang="ta-IN"');
  });

  it('adopt "any cat that would suit us": the species wanted, no animal', async () => {
    const body = adoption('adopt-any', {
      wantedSpecies: 'cat',
      home: 'own',
      landlordAgrees: undefined,
      language: 'en',
    });
    const response = await post(body);
    expect(response.statusCode).toBe(200);
    const [row] = await t.db.orm.em
      .fork()
      .execute('select animal_id, wanted_species from applications where id = ?', [
        (response.json() as { id: number }).id,
      ]);
    expect(row).toEqual({ animal_id: null, wanted_species: 'cat' });
    const [mail] = await mailTo(t, body.email);
    expect(mail?.subject).toBe('We have your application to adopt');
    expect(mail?.text).toContain('Thank you for applying to adopt one of our animals.');
  });

  it('foster, in Hindi: its answers kept, the mail in Hindi', async () => {
    const body = foster('foster-hindi');
    const response = await post(body);
    expect(response.statusCode).toBe(200);
    const [row] = await t.db.orm.em
      .fork()
      .execute('select kind, language, answers from applications where id = ?', [
        (response.json() as { id: number }).id,
      ]);
    expect(row).toEqual({
      kind: 'foster',
      language: 'hi',
      answers: { fosterCount: 2, fosterSpecies: 'cat', fosterDuration: 'one-month', home: 'own', notes: '' },
    });
    const [mail] = await mailTo(t, body.email);
    expect(mail?.subject).toBe('कुछ समय के लिए घर देने का आपका आवेदन हमें मिल गया है');
    expect(mail?.text).toContain('प्रिय Lakshmi Narayanan,');
  });

  it('volunteer, over tRPC as the typed client sends it: the days, skills and languages kept, the mail in English', async () => {
    const body = volunteer('volunteer');
    const response = await t.app.inject({
      method: 'POST',
      url: '/trpc/applications.submit',
      payload: body,
      remoteAddress: freshAddress(),
    });
    expect(response.statusCode).toBe(200);
    const { id } = (response.json() as { result: { data: { id: number } } }).result.data;
    const [row] = await t.db.orm.em.fork().execute('select kind, answers from applications where id = ?', [id]);
    expect(row).toEqual({
      kind: 'volunteer',
      answers: { days: ['sat', 'sun'], skills: 'Walking dogs, photography', languages: 'Tamil, English' },
    });
    const [mail] = await mailTo(t, body.email);
    expect(mail?.subject).toBe('We have your offer to volunteer');
  });

  it('partner: a contacts row (the organisation as subject, the offer as message) and an application pointing at it', async () => {
    const body = partner('partner');
    const response = await post(body);
    expect(response.statusCode).toBe(200);
    const em = t.db.orm.em.fork();
    const [row] = await em.execute<{ contact_id: number; kind: string; answers: object }[]>(
      'select kind, contact_id, answers from applications where id = ?',
      [(response.json() as { id: number }).id],
    );
    expect(row?.kind).toBe('partner');
    const [contact] = await em.execute('select name, email, subject, message from contacts where id = ?', [
      row?.contact_id,
    ]);
    expect(contact).toEqual({
      name: 'Lakshmi Narayanan',
      email: body.email,
      subject: 'Besant Nagar Residents Association',
      message: 'A feeding station and a sterilisation drive in our colony',
    });
    const [mail] = await mailTo(t, body.email);
    expect(mail?.subject).toBe('We have your message about working with us');
  });
});

describe('an adoption naming an animal that takes none', () => {
  it('a reserved dog: 400 on `animal` saying it has found a home, and nothing stored', async () => {
    const dog = await seedAnimal(t.db.orm.em.fork(), { name: 'Kutty', status: 'reserved' });
    const before = await counts();
    const response = await post(adoption('adopt-reserved', { animal: dog.slug }));
    expect(response.statusCode).toBe(400);
    expect(issuesOf(response)).toEqual([
      { path: 'animal', message: expect.stringContaining('Kutty has found a home') },
    ]);
    expect(await counts()).toEqual(before);
  });

  it('an animal in care, an unknown slug, a malformed slug: 400 on `animal`', async () => {
    const cat = await seedAnimal(t.db.orm.em.fork(), { name: 'Minnie', species: 'cat', status: 'in-care' });
    for (const [animal, says] of [
      [cat.slug, 'Minnie is not looking for a home now'],
      ['no-such-dog', 'No animal has this address'],
      ['../../etc/passwd', 'Must be an animal’s address'],
      ['<script>', 'Must be an animal’s address'],
    ] as const) {
      const response = await post(adoption('adopt-bad-animal', { animal }));
      expect(response.statusCode, animal).toBe(400);
      expect(issuesOf(response)).toEqual([{ path: 'animal', message: expect.stringContaining(says) }]);
    }
  });
});

describe('hostile input on every form', () => {
  const forms = [
    ['adopt', adoption('hostile'), 'household'],
    ['foster', foster('hostile'), 'notes'],
    ['volunteer', volunteer('hostile'), 'skills'],
    ['partner', partner('hostile'), 'offer'],
  ] as const;

  it.each(forms)(
    '%s: HTML, a 100 KB answer, a 100 KB name: 400 naming the field, nothing stored',
    async (_kind, body, text) => {
      const before = await counts();
      const cases: [Record<string, unknown>, string, string][] = [
        [{ name: '<script>alert(1)</script>' }, 'name', 'Must not contain < or >'],
        [{ [text]: '<img src=x onerror=alert(1)>' }, text, 'Must not contain < or >'],
        // 100 KB of Tamil (3 bytes a letter), and 100 KB of ASCII.
        [{ [text]: 'ஆ'.repeat(34_000) }, text, 'Must be at most'],
        [{ [text]: 'x'.repeat(100 * 1024) }, text, 'Must be at most'],
        [{ name: 'x'.repeat(100 * 1024) }, 'name', 'Must be at most 100 characters'],
        [{ email: 'lakshmi@example.com\r\nBcc: everyone@example.com' }, 'email', ''],
        [{ phone: "98400'12345" }, 'phone', 'Use digits'],
        [{ name: 'Lakshmi\u0000' }, 'name', 'control characters'],
      ];
      for (const [change, field, says] of cases) {
        const response = await post({ ...body, ...change });
        expect(response.statusCode, `${field}: ${JSON.stringify(change).slice(0, 60)}`).toBe(400);
        expect(issuesOf(response).map((issue) => issue.path)).toContain(field);
        expect(issuesOf(response).find((issue) => issue.path === field)?.message).toContain(says);
      }
      expect(await counts()).toEqual(before);
    },
  );

  it('wrong types, missing answers, no consent, an unknown kind, no body: 400 with the field, never a 500', async () => {
    const before = await counts();
    const cases: [unknown, string][] = [
      [{ ...adoption('types'), hoursAlone: 'lots' }, 'hoursAlone'],
      [{ ...adoption('types'), hoursAlone: 30 }, 'hoursAlone'],
      [{ ...adoption('types'), homeVisit: false }, 'homeVisit'],
      [{ ...adoption('types'), home: 'rent', landlordAgrees: undefined }, 'landlordAgrees'],
      [{ ...adoption('types'), otherAnimalsSterilised: undefined }, 'otherAnimalsSterilised'],
      [{ ...adoption('types'), animal: undefined, wantedSpecies: undefined }, 'wantedSpecies'],
      [{ ...adoption('types'), household: ['a', 'b'] }, 'household'],
      [{ ...foster('types'), fosterCount: 0 }, 'fosterCount'],
      [{ ...foster('types'), fosterCount: { $gt: 1 } }, 'fosterCount'],
      [{ ...foster('types'), fosterDuration: 'forever' }, 'fosterDuration'],
      [{ ...volunteer('types'), days: 'monday' }, 'days'],
      [{ ...volunteer('types'), days: [] }, 'days'],
      [{ ...volunteer('types'), days: ['sat', 'sat'] }, 'days'],
      [{ ...partner('types'), organisation: '' }, 'organisation'],
      [{ ...partner('types'), consent: 'yes' }, 'consent'],
      [{ ...partner('types'), consent: undefined }, 'consent'],
      [{ ...partner('types'), language: 'fr' }, 'language'],
      [{ ...partner('types'), kind: 'sponsor' }, 'kind'],
      [{ ...partner('types'), kind: 42 }, 'kind'],
      [{ name: 'Only a name' }, 'kind'],
      [[partner('types')], ''],
    ];
    for (const [payload, field] of cases) {
      const response = await post(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(issuesOf(response).map((issue) => issue.path)).toContain(field);
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: { 'content-type': 'application/json' },
      payload: '{"kind":"adopt",',
      remoteAddress: freshAddress(),
    });
    expect(notJson.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('a body over 128 KB: 413, read no further', async () => {
    const response = await post({ ...partner('huge'), offer: 'x'.repeat(200 * 1024) });
    expect(response.statusCode).toBe(413);
  });
});

describe('spam', () => {
  it('a flood from one address: each answered until the hour’s limit, then 429 with Retry-After, storing nothing more', async () => {
    const address = freshAddress();
    for (let sent = 0; sent < APPLICATION_LIMITS.perAddressPerHour; sent += 1) {
      // Each from its own e-mail, so only the address's limit is spent.
      const response = await post(volunteer(`flood-${sent}`), address);
      expect(response.statusCode, `application ${sent + 1}`).toBe(200);
    }
    const before = await counts();
    const refused = await post(volunteer('flood-over'), address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((refused.json() as { message: string }).message).toMatch(/Too many applications from this address/);
    // Over tRPC too: the same counters.
    const overTrpc = await t.app.inject({
      method: 'POST',
      url: '/trpc/applications.submit',
      payload: volunteer('flood-trpc'),
      remoteAddress: address,
    });
    expect(overTrpc.statusCode).toBe(429);
    expect(await counts()).toEqual(before);
    // Another address is not held back.
    expect((await post(volunteer('flood-elsewhere'))).statusCode).toBe(200);
  });

  it('one e-mail from many addresses: refused after its own limit', async () => {
    const body = partner('one-email');
    for (let sent = 0; sent < APPLICATION_LIMITS.perEmailPerHour; sent += 1) {
      expect((await post(body)).statusCode).toBe(200);
    }
    const refused = await post(body);
    expect(refused.statusCode).toBe(429);
    expect((refused.json() as { message: string }).message).toMatch(/this e-mail address/);
  });

  it('a filled honeypot: answered like a success, and nothing stored or mailed', async () => {
    const before = await counts();
    const body = { ...partner('honeypot'), website: 'https://cheap-pills.example' };
    const response = await post(body);
    expect(response.statusCode).toBe(200);
    const { id, kind } = response.json() as { id: number; kind: string };
    expect(kind).toBe('partner');
    const [row] = await t.db.orm.em.fork().execute('select count(*)::int as n from applications where id = ?', [id]);
    expect(row).toEqual({ n: 0 });
    expect(await counts()).toEqual(before);
    expect(await mailTo(t, body.email)).toEqual([]);
    // The log says a honeypot was filled, and carries none of what the bot sent.
    const line = t.logs.find((entry) => entry.includes('honeypot filled'));
    expect(line).toBeDefined();
    expect(t.logs.join('\n')).not.toContain(body.email);
  });
});

describe('the OpenAPI document', () => {
  it('documents POST /applications with every kind’s fields and its 400 and 429', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const operation = (response.json() as { paths: Record<string, { post?: Record<string, unknown> }> }).paths[
      '/applications'
    ]?.post as { requestBody: { content: Record<string, { schema: { properties: object } }> }; responses: object };
    expect(Object.keys(operation.requestBody.content['application/json']?.schema.properties ?? {})).toEqual(
      expect.arrayContaining([
        'kind',
        'name',
        'email',
        'phone',
        'consent',
        'animal',
        'household',
        'fosterCount',
        'days',
        'organisation',
        'offer',
      ]),
    );
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '400', '429']));
  });
});
