import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '../../test/render';
import { DonateForm } from './DonateForm';
import { fillAndSubmit, loadValidationFirst, recordCheckouts, stubApi } from './donate-form.fixtures';

const opened = recordCheckouts();
loadValidationFirst();

describe('DonateForm', () => {
  it('shows the schema’s messages under the fields and sends nothing', async () => {
    const api = stubApi();
    render(<DonateForm api={api} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Donate Now' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(screen.getByText('Invalid email')).toBeInTheDocument();
    expect(screen.getByText('Must be at least 10 characters')).toBeInTheDocument();
    expect(api.createDonation).not.toHaveBeenCalled();
  });

  it('toasts Invalid Amount for a custom amount under ₹1', async () => {
    const api = stubApi();
    render(<DonateForm api={api} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Other' }));
    await user.type(screen.getByLabelText('Custom Amount (₹)'), '0');
    await fillAndSubmit('Other');
    expect(await screen.findByText('Invalid Amount')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid donation amount.')).toBeInTheDocument();
    expect(api.createDonation).not.toHaveBeenCalled();
  });

  it('creates the donation, opens the checkout, verifies, thanks and resets', async () => {
    const api = stubApi();
    render(<DonateForm api={api} />);
    await fillAndSubmit();
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(api.createDonation).toHaveBeenCalledWith({
      name: 'Asha',
      email: 'asha@example.org',
      phone: '9876543210',
      amount: 100000,
      donationType: 'one-time',
      purpose: 'general',
      // The page's language: the receipt and mails speak it.
      language: 'en',
      // The news box, left unticked.
      newsConsent: false,
    });
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    const success = { razorpay_payment_id: 'pay_1', razorpay_order_id: 'order_1', razorpay_signature: 'a'.repeat(64) };
    await act(async () => opened[0]?.handler(success));
    expect(api.verifyPayment).toHaveBeenCalledWith({ ...success, donation_id: 11 });
    expect(await screen.findByText('Thank you!')).toBeInTheDocument();
    expect(screen.getByLabelText(/Full Name/)).toHaveValue('');
    expect(screen.getByRole('button', { name: '₹1,000' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Donate Now' })).toBeEnabled();
  });

  it('monthly: creates a subscription and sends its id with the verification', async () => {
    const api = stubApi();
    render(<DonateForm api={api} />);
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Monthly' }));
    await fillAndSubmit('₹500');
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(api.createSubscription).toHaveBeenCalledWith(
      expect.objectContaining({ donationType: 'monthly', amount: 50000 }),
    );
    const success = {
      razorpay_payment_id: 'pay_1',
      razorpay_subscription_id: 'sub_1',
      razorpay_signature: 'b'.repeat(64),
    };
    await act(async () => opened[0]?.handler(success));
    expect(api.verifyPayment).toHaveBeenCalledWith({ ...success, donation_id: 11, subscription_id: 'sub_1' });
  });

  it('a dismissed checkout ends processing and verifies nothing', async () => {
    const api = stubApi();
    render(<DonateForm api={api} />);
    await fillAndSubmit();
    await waitFor(() => expect(opened).toHaveLength(1));
    act(() => opened[0]?.modal.ondismiss());
    expect(screen.getByRole('button', { name: 'Donate Now' })).toBeEnabled();
    expect(api.verifyPayment).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/Full Name/)).toHaveValue('Asha');
  });

  it('toasts the donor-facing errors', async () => {
    const failing = stubApi({ createDonation: vi.fn().mockRejectedValue(new Error('500: boom')) });
    const { unmount } = render(<DonateForm api={failing} />);
    await fillAndSubmit();
    expect(await screen.findByText('Failed to create donation. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Donate Now' })).toBeEnabled();
    unmount();

    const noCheckout = stubApi({ loadCheckout: vi.fn().mockRejectedValue(new Error('script failed')) });
    const second = render(<DonateForm api={noCheckout} />);
    await fillAndSubmit();
    expect(await screen.findByText('Unable to load payment gateway. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Donate Now' })).toBeEnabled();
    // Nothing is created that the donor could not pay.
    expect(noCheckout.createDonation).not.toHaveBeenCalled();
    second.unmount();

    delete window.Razorpay;
    render(<DonateForm api={stubApi()} />);
    await fillAndSubmit();
    expect(await screen.findByText('Unable to load payment gateway. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Donate Now' })).toBeEnabled();
  });

  it('toasts a failed verification', async () => {
    const api = stubApi({ verifyPayment: vi.fn().mockRejectedValue(new Error('400: bad signature')) });
    render(<DonateForm api={api} />);
    await fillAndSubmit();
    await waitFor(() => expect(opened).toHaveLength(1));
    await act(async () =>
      opened[0]?.handler({
        razorpay_payment_id: 'pay_1',
        razorpay_order_id: 'order_1',
        razorpay_signature: 'c'.repeat(64),
      }),
    );
    expect(await screen.findByText('Payment Verification Failed')).toBeInTheDocument();
    expect(screen.getByText('Please contact support if your payment was deducted.')).toBeInTheDocument();
  });
});

describe('DonateForm against card testing', () => {
  it('has a honeypot field people never see or reach', async () => {
    render(<DonateForm api={stubApi()} />);
    const wrapper = screen.getByTestId('honeypot');
    expect(wrapper).toHaveAttribute('aria-hidden', 'true');
    expect(wrapper).toHaveStyle({ position: 'absolute', left: '-10000px', overflow: 'hidden' });
    const field = wrapper.querySelector('input');
    expect(field).toHaveAttribute('name', 'website');
    expect(field).toHaveAttribute('tabindex', '-1');
    expect(field).toHaveAttribute('autocomplete', 'off');
    // Hidden from assistive technology: no labelled textbox called Website.
    expect(screen.queryByRole('textbox', { name: /Website/ })).not.toBeInTheDocument();
    // Tabbing through the whole form never lands on it.
    const user = userEvent.setup();
    for (let i = 0; i < 30; i++) {
      await user.tab();
      expect(document.activeElement).not.toBe(field);
    }
  });

  it('sends what a bot typed into the honeypot, so the server can answer it with a decoy', async () => {
    const api = stubApi();
    render(<DonateForm api={api} />);
    const field = screen.getByTestId('honeypot').querySelector('input') as HTMLInputElement;
    await userEvent.setup().type(field, 'x.io');
    await fillAndSubmit();
    await waitFor(() => expect(api.createDonation).toHaveBeenCalledTimes(1));
    expect(api.createDonation).toHaveBeenCalledWith(expect.objectContaining({ website: 'x.io' }));
  });

  it('shows under the amount that monthly amounts are whole rupees, and sends nothing', async () => {
    const api = stubApi();
    render(<DonateForm api={api} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Monthly' }));
    await user.click(screen.getByRole('button', { name: 'Other' }));
    await user.type(screen.getByLabelText('Custom Amount (₹)'), '500.5');
    await fillAndSubmit('Other');
    expect(await screen.findByText('Monthly amounts must be whole rupees')).toBeInTheDocument();
    expect(api.createSubscription).not.toHaveBeenCalled();
  });
});

describe('DonateForm opened from a link (a failed payment’s e-mail)', () => {
  const openAt = (url: string) => window.history.replaceState(null, '', url);
  afterEach(() => openAt('/'));

  it('selects the link’s amount, type and purpose, and gives with them', async () => {
    openAt('/donate?amount=750&type=monthly&purpose=food');
    const api = stubApi();
    render(<DonateForm api={api} />);
    expect(await screen.findByLabelText('Custom Amount (₹)')).toHaveValue(750);
    expect(screen.getByRole('radio', { name: 'Monthly' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Other' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Purpose (Optional)')).toHaveValue('food');
    await fillAndSubmit('Other');
    await waitFor(() => expect(api.createSubscription).toHaveBeenCalledTimes(1));
    expect(api.createSubscription).toHaveBeenCalledWith(
      expect.objectContaining({ amount: 75_000, donationType: 'monthly', purpose: 'food', customAmount: '750' }),
    );
  });

  it('presses the preset button when the amount is one', async () => {
    openAt('/donate?amount=1000');
    render(<DonateForm api={stubApi()} />);
    await waitFor(() => expect(screen.getByRole('button', { name: '₹1,000' })).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByRole('radio', { name: 'One-time' })).toBeChecked();
  });

  it('keeps the defaults for values it cannot use', async () => {
    openAt('/donate?amount=abc&type=yearly&purpose=nothing');
    render(<DonateForm api={stubApi()} />);
    expect(screen.getByRole('radio', { name: 'One-time' })).toBeChecked();
    expect(screen.getByLabelText('Purpose (Optional)')).toHaveValue('general');
    expect(screen.queryAllByRole('button', { pressed: true })).toEqual([]);
    expect(screen.queryByLabelText('Custom Amount (₹)')).not.toBeInTheDocument();
  });
});
