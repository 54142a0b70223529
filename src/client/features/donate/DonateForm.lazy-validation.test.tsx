import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { render } from '../../test/render';
import { DonateForm } from './DonateForm';
import { enter, recordCheckouts, stubApi } from './donate-form.fixtures';

// This file never loads the validation chunk ahead: each submit below comes before it is there.
const opened = recordCheckouts();

describe('DonateForm before its validation chunk has loaded', () => {
  it('a submit waits for the chunk and validates; a second submit meanwhile sends nothing more', async () => {
    const api = stubApi();
    render(<DonateForm api={api} />);
    await enter(/Full Name/, 'Asha');
    await enter(/Email Address/, 'asha@example.org');
    await enter(/Phone Number/, '9876543210');
    fireEvent.click(screen.getByRole('button', { name: '₹1,000' }));
    const form = screen.getByRole('button', { name: 'Donate Now' }).closest('form') as HTMLFormElement;
    // Both in the same task: the chunk cannot have arrived in between.
    fireEvent.submit(form);
    fireEvent.submit(form);
    // The chunk is compiled on demand here, slower than the browser's fetch: wait for it, however long.
    await waitFor(() => expect(opened).toHaveLength(1), { timeout: 20_000 });
    expect(api.createDonation).toHaveBeenCalledTimes(1);
    expect(api.createDonation).toHaveBeenCalledWith(expect.objectContaining({ name: 'Asha', amount: 100000 }));
  });
});
