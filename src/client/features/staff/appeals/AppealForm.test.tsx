import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { httpLink } from '@trpc/client';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ImageRecord } from '../../../../shared/images';
import { render } from '../../../test/render';
import { staffTrpc } from '../trpc';
import { AppealForm } from './AppealForm';
import { type AppealFormValues, appealInputOf, emptyAppeal } from './appeal-form';

const photo = (id: number, alt: string): ImageRecord => ({
  id,
  hash: String(id).padStart(32, '0'),
  width: 1280,
  height: 960,
  alt,
  widths: [320, 640, 960, 1280],
});
const PHOTOS = [photo(5, 'Bruno in the clinic'), photo(6, 'Bruno standing')];

/** staff.images.byIds, as tRPC answers it over HTTP. */
function fakeServer() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const { ids } = JSON.parse(String(init?.body)) as { ids: number[] };
      const data = ids.flatMap((id) => PHOTOS.filter((image) => image.id === id));
      return new Response(JSON.stringify({ result: { data } }), { headers: { 'content-type': 'application/json' } });
    }),
  );
}

function Harness({
  initial,
  error,
  onSave,
}: {
  initial: AppealFormValues;
  error?: unknown;
  onSave: (values: AppealFormValues) => void;
}) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  const [client] = useState(() =>
    staffTrpc.createClient({ links: [httpLink({ url: '/trpc', methodOverride: 'POST' })] }),
  );
  return (
    <staffTrpc.Provider client={client} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <AppealForm initial={initial} submitLabel="Save" saving={false} error={error} onSave={onSave} />
      </QueryClientProvider>
    </staffTrpc.Provider>
  );
}

// The story's autosizing box listens for web fonts loading, which jsdom does not have.
beforeAll(() => {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
  }
});
afterEach(() => vi.unstubAllGlobals());

describe('the appeal form', () => {
  it('sends the goal in paise, the last day as an ISO day and the photos in the order staff put them', async () => {
    fakeServer();
    const onSave = vi.fn();
    render(<Harness initial={{ ...emptyAppeal(), photoImageIds: [5, 6] }} onSave={onSave} />);
    expect(await screen.findByText('Bruno standing')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Title/), 'Bruno was hit by a truck');
    await userEvent.type(screen.getByLabelText(/^The animal’s story/), 'He needs surgery on his leg.');
    await userEvent.type(screen.getByLabelText(/^Goal/), '45,000');
    await userEvent.type(screen.getByLabelText(/^Last day of the appeal/), '31 Dec 2026');
    await userEvent.click(screen.getByRole('button', { name: 'Move photo 2 earlier' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const saved = onSave.mock.calls[0]?.[0] as AppealFormValues;
    expect(screen.getByLabelText(/^Last day of the appeal/)).toHaveValue('31 Dec 2026');
    expect(appealInputOf(saved)).toEqual({
      title: 'Bruno was hit by a truck',
      story: 'He needs surgery on his leg.',
      goal: 4_500_000,
      endsOn: '2026-12-31',
      purposeClass: 'specific-grant',
      beyondGoal: undefined,
      photoImageIds: [6, 5],
      videoUrl: undefined,
      vetBillImageId: undefined,
      // No animal chosen: null, so an edit clears one chosen before.
      animalId: null,
    });
  });

  it('shows the server’s refusal against its field', async () => {
    fakeServer();
    const error = { message: 'Invalid input', data: { issues: [{ path: 'goal', message: 'must be at least ₹100' }] } };
    render(<Harness initial={emptyAppeal()} error={error} onSave={() => {}} />);
    expect(screen.getByText('Goal must be at least ₹100')).toBeInTheDocument();
  });

  it('edits the Tamil and Hindi texts beside the English, says what is missing, and sends only what is given', async () => {
    fakeServer();
    const onSave = vi.fn();
    const initial = { ...emptyAppeal(), title: 'Bruno’s surgery', story: 'Bruno was hit by a truck on the bridge.' };
    render(<Harness initial={initial} onSave={onSave} />);
    const summary = screen.getByRole('region', { name: 'Translations' });
    expect(summary).toHaveTextContent('Tamil: title, story missing — English shown');
    expect(summary).toHaveTextContent('Hindi: title, story missing — English shown');
    await userEvent.click(screen.getByRole('radio', { name: /^தமிழ்/ }));
    const title = screen.getByLabelText(/^Title in Tamil/);
    expect(title).toHaveAttribute('lang', 'ta-IN');
    await userEvent.type(title, 'புருனோவின் அறுவை சிகிச்சை');
    expect(summary).toHaveTextContent('Tamil: story missing — English shown');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const saved = onSave.mock.calls[0]?.[0] as AppealFormValues;
    expect(appealInputOf(saved).translations).toEqual({ ta: { title: 'புருனோவின் அறுவை சிகிச்சை' } });
  });

  it('shows a refused translation against its field and in the summary', async () => {
    fakeServer();
    const error = {
      message: 'Invalid input',
      data: { issues: [{ path: 'translations.hi.title', message: 'must be at most 120 characters' }] },
    };
    render(<Harness initial={emptyAppeal()} error={error} onSave={() => {}} />);
    expect(screen.getByText('Hindi title must be at most 120 characters')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: /^हिन्दी/ }));
    expect(screen.getAllByText('Hindi title must be at most 120 characters')).toHaveLength(2);
  });
});
