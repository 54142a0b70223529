import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { httpLink } from '@trpc/client';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImageRecord } from '../../../../shared/images';
import { render } from '../../../test/render';
import { staffTrpc } from '../trpc';
import { ImageUploadField } from './ImageUploadField';

const photo = (id: number, alt: string): ImageRecord => ({
  id,
  hash: String(id).padStart(32, '0'),
  width: 1280,
  height: 960,
  alt,
  widths: [320, 640, 960, 1280],
});
const BRUNO = photo(5, 'Bruno, a brown dog, after his surgery');
const LAKSHMI = photo(6, 'Lakshmi the cow at the gate');

/** The server's staff.images procedures, as tRPC answers them over HTTP. */
function fakeServer() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const procedure = new URL(url, 'https://rescue.example.org').pathname.replace('/trpc/', '');
      calls.push(procedure);
      const data =
        procedure === 'staff.images.list'
          ? { rows: [LAKSHMI, BRUNO].map((row) => ({ ...row, used: false, createdBy: 'asha' })), total: 2 }
          : [BRUNO, LAKSHMI].filter((row) =>
              (JSON.parse(String(init?.body)) as { ids: number[] }).ids.includes(row.id),
            );
      return new Response(JSON.stringify({ result: { data } }), { headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

/** The console's providers around the field, as StaffRoot gives them, and a form that keeps the id. */
function Harness({ initial, onChange }: { initial: number | null; onChange: (id: number | null) => void }) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  const [client] = useState(() =>
    staffTrpc.createClient({ links: [httpLink({ url: '/trpc', methodOverride: 'POST' })] }),
  );
  const [value, setValue] = useState(initial);
  return (
    <staffTrpc.Provider client={client} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <ImageUploadField
          label="The animal’s photo"
          value={value}
          onChange={(id) => {
            setValue(id);
            onChange(id);
          }}
        />
      </QueryClientProvider>
    </staffTrpc.Provider>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('a form’s photo field', () => {
  it('shows the chosen photo with its description, and can remove it', async () => {
    fakeServer();
    const onChange = vi.fn();
    render(<Harness initial={5} onChange={onChange} />);
    expect(await screen.findByText(BRUNO.alt)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: BRUNO.alt })).toHaveAttribute('src', `/images/${BRUNO.hash}-1280.jpg`);
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(onChange).toHaveBeenCalledWith(null);
  });

  it('chooses one of the photos uploaded before and gives its id', async () => {
    const calls = fakeServer();
    const onChange = vi.fn();
    render(<Harness initial={null} onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Choose an uploaded photo' }));
    await userEvent.click(await screen.findByRole('button', { name: `Choose: ${LAKSHMI.alt}` }));
    expect(onChange).toHaveBeenCalledWith(6);
    expect(calls).toContain('staff.images.list');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText(LAKSHMI.alt)).toBeInTheDocument();
  });
});
