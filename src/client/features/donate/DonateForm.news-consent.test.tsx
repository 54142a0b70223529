import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { render } from '../../test/render';
import { DonateForm } from './DonateForm';
import { fillAndSubmit, loadValidationFirst, recordCheckouts, stubApi } from './donate-form.fixtures';

/**
 * Consent to news is its own unticked box (the DPDP Act's consent is never assumed), sent as
 * `newsConsent`; the privacy notice is linked where PAN or Aadhaar is asked for, in the page's language.
 */

const opened = recordCheckouts();
loadValidationFirst();

const newsBox = () => screen.getByRole('checkbox', { name: 'Send me news of the animals' });
const sentInput = (api: ReturnType<typeof stubApi>) => vi.mocked(api.createDonation).mock.calls[0]?.[0];

describe('the donate form: news consent and the privacy notice', () => {
  it('shows the news box unticked, and sends newsConsent false when left so', async () => {
    const api = stubApi();
    render(<DonateForm api={api} />);
    expect(newsBox()).not.toBeChecked();
    await fillAndSubmit();
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(sentInput(api)).toMatchObject({ newsConsent: false });
  });

  it('sends newsConsent true once the donor ticks it', async () => {
    const api = stubApi();
    render(<DonateForm api={api} />);
    await userEvent.setup().click(newsBox());
    expect(newsBox()).toBeChecked();
    await fillAndSubmit();
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(sentInput(api)).toMatchObject({ newsConsent: true });
  });

  it('links the privacy notice beside the PAN and Aadhaar, opening in a new tab', async () => {
    render(<DonateForm api={stubApi()} />);
    expect(screen.queryByRole('link', { name: /privacy notice/ })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByLabelText('I want an 80G tax receipt'));
    const link = screen.getByRole('link', { name: /Our privacy notice/ });
    expect(link).toHaveAttribute('href', '/privacy');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('note')).toContainElement(link);
  });
});
