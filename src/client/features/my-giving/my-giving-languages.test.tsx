import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TRPCClientError } from '@trpc/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '../../../shared/languages';
import { pageContentOf, siteContent } from '../../../shared/site-content';
import { ALL_MESSAGES } from '../../all-messages';
import { LanguageProvider } from '../../i18n';
import { pageMetaOf } from '../../page-meta';
import { render } from '../../test/render';
import { type DonorClient, type DonorGifts, failureMessage } from './donor-api';
import { GivingHistory } from './GivingHistory';
import { LinkRequestForm } from './LinkRequestForm';
import { MonthlyGifts } from './MonthlyGifts';

/**
 * The donor's page speaks the language of its address: Tamil at /ta/my-giving, Hindi at
 * /hi/my-giving, English as before. Amounts keep Indian grouping in every language; dates are the
 * language's own; the server's codes (statuses, modes, purposes) are the page's words.
 */

const GIFTS: DonorGifts = {
  email: 'asha@example.org',
  gifts: [
    {
      id: 1,
      date: '2026-05-01T04:30:00.000Z',
      amount: 10_000_000,
      donationType: 'one-time',
      purpose: 'medical',
      status: 'paid',
      mode: 'online',
      appeal: null,
      receipt: { id: 7, number: 'ART/2026-27/0001', status: 'issued' },
    },
    {
      id: 2,
      date: '2026-06-01T04:30:00.000Z',
      amount: 70_000,
      donationType: 'monthly',
      purpose: null,
      status: 'refunded',
      mode: 'cheque',
      appeal: { title: 'Bruno', slug: 'bruno' },
      receipt: { id: 8, number: 'ART/2026-27/0002', status: 'cancelled' },
    },
  ],
  monthly: [
    {
      id: 3,
      status: 'active',
      amount: 60_000,
      purpose: 'food',
      startedAt: '2026-04-02T04:30:00.000Z',
      canCancel: true,
      animalName: null,
      animalLeft: null,
      endsAt: null,
      paymentMethod: 'card',
      canChangeAmount: true,
      amountNeedsNewMandate: false,
      canPause: true,
      canResume: false,
      canCancelAtCycleEnd: true,
      canReplaceMandate: true,
      changes: [],
    },
  ],
  statementYears: ['2026-27'],
  erasureRequested: false,
  certificates: [],
};

const inLanguage = (language: Language, ui: React.ReactNode) =>
  render(
    <LanguageProvider language={language} messages={ALL_MESSAGES[language]}>
      {ui}
    </LanguageProvider>,
  );

const noClient = {} as DonorClient;

afterEach(() => vi.unstubAllGlobals());

describe('the giving history', () => {
  it('in Tamil: headings, statuses, modes, purposes and dates in Tamil, amounts with Indian grouping', () => {
    inLanguage('ta', <GivingHistory data={GIFTS} token="t" />);
    const history = screen.getByRole('region', { name: 'உங்கள் நன்கொடைகளும் ரசீதுகளும்' });
    const text = history.textContent ?? '';
    expect(text).toContain('நிதியாண்டு 2026-27');
    expect(text).toContain('ஏப்ரல் 2026 முதல் மார்ச் 2027 வரை');
    expect(text).toContain('₹1,00,000');
    expect(text).toContain('1 மே, 2026 · ஒருமுறை நன்கொடை · மருத்துவ சிகிச்சை');
    expect(text).toContain('மாதாந்திர நன்கொடை · காசோலை');
    expect(text).toContain('“Bruno” வேண்டுகோளுக்காக');
    expect(text).toContain('ரசீது எண் ART/2026-27/0001');
    expect(within(history).getByText('செலுத்தப்பட்டது')).toBeInTheDocument();
    expect(within(history).getByText('திருப்பி அளிக்கப்பட்டது')).toBeInTheDocument();
    expect(within(history).getByText('ரத்து செய்யப்பட்டது')).toBeInTheDocument();
    expect(
      within(history).getByRole('link', { name: '2026-27 நிதியாண்டுக்கான அறிக்கையைப் பதிவிறக்குங்கள் (PDF)' }),
    ).toBeInTheDocument();
    expect(within(history).getByRole('link', { name: 'ART/2026-27/0001 ரசீதைப் பதிவிறக்குங்கள்' })).toBeInTheDocument();
    expect(text).not.toMatch(/Financial year|Paid|Refunded|Receipt|Download/);
  });

  it('in Hindi, and in English exactly as before', () => {
    inLanguage('hi', <GivingHistory data={GIFTS} token="t" />);
    const hindi = screen.getByRole('region', { name: 'आपके दान और रसीदें' }).textContent ?? '';
    expect(hindi).toContain('वित्त वर्ष 2026-27');
    expect(hindi).toContain('अप्रैल 2026 से मार्च 2027 तक');
    expect(hindi).toContain('1 मई 2026 · एक बार का दान · इलाज');
    expect(hindi).toContain('₹1,00,000');
    expect(hindi).toContain('रसीद संख्या ART/2026-27/0002');
    cleanup();

    inLanguage('en', <GivingHistory data={GIFTS} token="t" />);
    const english = screen.getByRole('region', { name: 'Your gifts and receipts' }).textContent ?? '';
    expect(english).toContain('Financial year 2026-27');
    expect(english).toContain('April 2026 to March 2027');
    expect(english).toContain('1 May 2026 · One-time gift · Medical Treatment');
    expect(english).toContain('1 June 2026 · Monthly gift · Cheque');
    expect(english).toContain('For the appeal “Bruno”');
    expect(english).toContain('Receipt ART/2026-27/0001');
    expect(screen.getByRole('link', { name: 'Download statement for 2026-27 (PDF)' })).toBeInTheDocument();
  });
});

describe('the monthly gifts', () => {
  it('in Tamil: the amount a month, its status, and the donate page in Tamil for a new one', async () => {
    inLanguage('ta', <MonthlyGifts monthly={GIFTS.monthly} client={noClient} />);
    const card = screen.getByRole('article', { name: 'மாதம் ₹600 என்ற மாதாந்திர நன்கொடை' });
    expect(card.textContent).toContain('மாதம் ₹600');
    expect(card.textContent).toContain('நடப்பில் உள்ளது');
    expect(card.textContent).toContain('2 ஏப்ரல், 2026 முதல் · உணவும் தங்குமிடமும்');
    expect(screen.getByRole('link', { name: 'புதிய மாதாந்திர நன்கொடையைத் தொடங்குங்கள்' })).toHaveAttribute(
      'href',
      '/ta/donate?type=monthly',
    );
    await userEvent.click(within(card).getByRole('button', { name: 'மாதாந்திர நன்கொடையை ரத்து செய்யுங்கள்' }));
    const confirm = screen.getByRole('group', { name: 'இந்த மாதாந்திர நன்கொடையை ரத்து செய்யவா?' });
    expect(confirm.textContent).toContain('மாதம் ₹600 என்ற இந்த மாதாந்திர நன்கொடையை நிறுத்தவா?');
  });

  it('in English as before, the donate page in English', () => {
    inLanguage('en', <MonthlyGifts monthly={GIFTS.monthly} client={noClient} />);
    expect(screen.getByRole('article', { name: 'Monthly gift of ₹600 a month' }).textContent).toContain(
      'Since 2 April 2026 · Food & Shelter',
    );
    expect(screen.getByRole('link', { name: 'Start a new monthly gift' })).toHaveAttribute(
      'href',
      '/donate?type=monthly',
    );
  });
  it('in Tamil: a sponsor’s gift whose animal left care names it, offers no Resume, and links the sponsor’s page in Tamil', () => {
    const [gift] = GIFTS.monthly;
    if (!gift) throw new Error('no monthly gift in the fixture');
    const paused = {
      ...gift,
      status: 'paused',
      canPause: false,
      canResume: false,
      canCancelAtCycleEnd: false,
      animalName: 'Moti',
      animalLeft: { name: 'Moti', choiceToken: '3.1900000000.sig' },
    };
    inLanguage('ta', <MonthlyGifts monthly={[paused]} client={noClient} />);
    const card = screen.getByRole('article', { name: 'மாதம் ₹600 என்ற மாதாந்திர நன்கொடை' });
    expect(card.textContent).toContain('2 ஏப்ரல், 2026 முதல் · Moti-க்கு ஆதரவு');
    expect(card.textContent).toContain('Moti இப்போது எங்கள் பராமரிப்பில் இல்லை');
    expect(within(card).queryByRole('button', { name: 'மீண்டும் தொடங்கு' })).toBeNull();
    expect(within(card).getByRole('link', { name: 'வேறொரு விலங்கைத் தேர்ந்தெடுக்க' })).toHaveAttribute(
      'href',
      '/ta/my-sponsorship?token=3.1900000000.sig',
    );
  });
});

describe('the link request', () => {
  it('in Tamil: names a typo in Tamil, sends the page’s language, and answers in Tamil', async () => {
    const fetch = vi.fn(
      async () => new Response(JSON.stringify({ message: 'English from the server' }), { status: 202 }),
    );
    vi.stubGlobal('fetch', fetch);
    inLanguage('ta', <LinkRequestForm />);
    const form = screen.getByRole('form', { name: 'உங்கள் பக்கத்துக்கான இணைப்பைப் பெறுங்கள்' });
    const field = within(form).getByLabelText(/நன்கொடை அளித்தபோது கொடுத்த மின்னஞ்சல் முகவரியை உள்ளிடுங்கள்/);
    await userEvent.type(field, 'not-an-address');
    await userEvent.click(within(form).getByRole('button', { name: 'எனக்கு இணைப்பை அனுப்புங்கள்' }));
    expect(screen.getByText('name@example.com போன்ற ஒரு மின்னஞ்சல் முகவரியை உள்ளிடுங்கள்')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();

    await userEvent.clear(field);
    await userEvent.type(field, 'asha@example.org');
    await userEvent.click(within(form).getByRole('button', { name: 'எனக்கு இணைப்பை அனுப்புங்கள்' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('உங்கள் மின்னஞ்சலைப் பாருங்கள்');
    expect(status.textContent).not.toContain('English');
    expect(JSON.parse(String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body))).toEqual({
      email: 'asha@example.org',
      language: 'ta',
    });
  });

  it('in Hindi: one link a minute, said in Hindi', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ message: 'One link a minute' }), { status: 429 })),
    );
    inLanguage('hi', <LinkRequestForm />);
    await userEvent.type(screen.getByLabelText(/वह ई-मेल लिखें जिससे आपने दान दिया था/), 'asha@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'मुझे लिंक भेजें' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('एक मिनट में एक ही लिंक: कृपया एक मिनट रुककर'),
    );
  });
});

describe('a refused call', () => {
  const refused = (code: string, message: string) =>
    TRPCClientError.from({ error: { message, code: -32000, data: { code, httpStatus: 409 } } });
  const say = (language: Language) => {
    const messages = ALL_MESSAGES[language] as unknown as Record<string, () => string>;
    return ((key: string) => messages[key]?.()) as Parameters<typeof failureMessage>[2];
  };

  it('is the server’s own sentence in English, the page’s by its code in Tamil and Hindi', () => {
    const conflict = refused('CONFLICT', 'This monthly gift is already cancelled');
    expect(failureMessage(conflict, 'en', say('en'))).toBe('This monthly gift is already cancelled');
    expect(failureMessage(conflict, 'ta', say('ta'))).toBe(ALL_MESSAGES.ta.giving_failed_changed({}));
    expect(failureMessage(refused('BAD_GATEWAY', 'Razorpay'), 'hi', say('hi'))).toBe(
      ALL_MESSAGES.hi.giving_failed_gateway({}),
    );
    expect(failureMessage(refused('INTERNAL_SERVER_ERROR', 'x'), 'ta', say('ta'))).toBe(
      ALL_MESSAGES.ta.giving_went_wrong({}),
    );
    expect(failureMessage(new TypeError('Failed to fetch'), 'hi', say('hi'))).toBe(
      ALL_MESSAGES.hi.giving_unreachable({}),
    );
  });
});

describe('the page’s title and description', () => {
  it('are messages in each language, English as before', () => {
    const content = pageContentOf(siteContent);
    const name = content.trust.name;
    expect(pageMetaOf(content, 'en', ALL_MESSAGES.en).myGiving).toMatchObject({
      title: `My giving | ${name}`,
      description: `Your gifts to ${name}, their receipts and yearly statements.`,
    });
    expect(pageMetaOf(content, 'ta', ALL_MESSAGES.ta).myGiving.title).toBe(`என் நன்கொடைகள் | ${name}`);
    expect(pageMetaOf(content, 'hi', ALL_MESSAGES.hi).myGiving.description).toBe(
      `${name} को दिए आपके दान, उनकी रसीदें और वार्षिक विवरण।`,
    );
  });
});
