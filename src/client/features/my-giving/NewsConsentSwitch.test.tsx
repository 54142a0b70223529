import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { render } from '../../test/render';
import type { DonorClient } from './donor-api';
import { NewsConsentSwitch } from './NewsConsentSwitch';

/** The donor's page shows their news consent as it stands and withdraws it with one switch. */

function clientWith(wantsNews: boolean) {
  const setNewsConsent = vi.fn(async ({ wantsNews: next }: { wantsNews: boolean }) => ({ wantsNews: next }));
  const client = {
    donor: { newsConsent: { query: async () => ({ wantsNews }) }, setNewsConsent: { mutate: setNewsConsent } },
  } as unknown as DonorClient;
  return { client, setNewsConsent };
}

describe('the news switch on the donor page', () => {
  it('shows the consent given, and withdraws it', async () => {
    const { client, setNewsConsent } = clientWith(true);
    render(<NewsConsentSwitch client={client} />);
    // Shown once the answer is known.
    const toggle = await screen.findByRole('switch', { name: /^Send me news of the animals/ });
    expect(toggle).toBeChecked();
    await userEvent.setup().click(toggle);
    expect(setNewsConsent).toHaveBeenCalledWith({ wantsNews: false });
    await waitFor(() => expect(toggle).not.toBeChecked());
  });

  it('speaks Tamil on /ta/my-giving, off for a donor who never consented', async () => {
    render(<NewsConsentSwitch client={clientWith(false).client} />, 'ta');
    const toggle = await screen.findByRole('switch', { name: /^விலங்குகளின் செய்திகளை எனக்கு அனுப்புங்கள்/ });
    expect(toggle).toBeEnabled();
    expect(toggle).not.toBeChecked();
  });
});
