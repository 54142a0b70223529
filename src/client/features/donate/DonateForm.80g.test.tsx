import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { render } from '../../test/render';
import { DonateForm } from './DonateForm';
import { enter, fillAndSubmit, loadValidationFirst, recordCheckouts, stubApi } from './donate-form.fixtures';

const opened = recordCheckouts();
loadValidationFirst();

const ADDRESS = '12 Beach Road, Besant Nagar, Chennai 600090';
const wants80g = () => screen.getByLabelText('I want an 80G tax receipt');
const address = () => screen.getByLabelText(/Postal address/);

/** Ticks the checkbox and enters the address; the ID number is up to each test. */
async function ask80g() {
  const user = userEvent.setup();
  await user.click(wants80g());
  await enter(/Postal address/, ADDRESS);
  return user;
}

const sentInput = (api: ReturnType<typeof stubApi>) => vi.mocked(api.createDonation).mock.calls[0]?.[0];

describe('DonateForm: the 80G receipt details', () => {
  it('shows only the checkbox until it is ticked, then the ID number, the address and why they are asked', async () => {
    render(<DonateForm api={stubApi()} />);
    expect(wants80g()).not.toBeChecked();
    expect(screen.queryByLabelText('Your PAN')).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Postal address/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Income-tax Department/)).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(wants80g());
    expect(screen.getByLabelText('Your PAN')).toBeInTheDocument();
    expect(address()).toBeRequired();
    const notice = screen.getByRole('note');
    expect(notice).toHaveTextContent('Why we ask for these');
    expect(notice).toHaveTextContent(
      /report your gift, with your PAN or Aadhaar and address, to the Income-tax Department/,
    );
    expect(notice).toHaveTextContent(/gives you your deduction/);
    expect(notice).toHaveTextContent(/keep them for eight years, as the tax law requires/);
    expect(notice).toHaveTextContent(/help@chennaianimalrescue\.org/);
  });

  it('offers Aadhaar in place of PAN for a donor without one, and hides it all again when unticked', async () => {
    render(<DonateForm api={stubApi()} />);
    const user = userEvent.setup();
    await user.click(wants80g());
    await user.click(screen.getByRole('radio', { name: /Aadhaar/ }));
    expect(screen.queryByLabelText('Your PAN')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Your Aadhaar number')).toHaveAttribute('inputmode', 'numeric');

    await user.click(wants80g());
    expect(screen.queryByLabelText('Your Aadhaar number')).not.toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('upper-cases the PAN as it is typed, keeping the caret where the donor types', async () => {
    render(<DonateForm api={stubApi()} />);
    const user = userEvent.setup();
    await user.click(wants80g());
    const pan = screen.getByLabelText('Your PAN') as HTMLInputElement;
    await user.type(pan, 'abcd1234f');
    expect(pan).toHaveValue('ABCD1234F');
    // The forgotten fifth letter, typed in the middle, lands in the middle.
    await user.type(pan, 'e', { initialSelectionStart: 4, initialSelectionEnd: 4 });
    expect(pan).toHaveValue('ABCDE1234F');
  });

  it('shows the Aadhaar checksum and PAN format errors under their fields, and sends nothing', async () => {
    const api = stubApi();
    render(<DonateForm api={api} />);
    const user = await ask80g();
    await enter('Your PAN', 'ABC1234');
    await fillAndSubmit();
    expect(
      await screen.findByText('Must be a PAN like ABCDE1234F: five letters, four digits, one letter'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Your PAN')).toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getByRole('radio', { name: /Aadhaar/ }));
    await enter('Your Aadhaar number', '9999 4105 7059');
    await user.click(screen.getByRole('button', { name: 'Donate Now' }));
    expect(
      await screen.findByText('Is not a valid Aadhaar number (its check digit does not match)'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Your Aadhaar number')).toHaveAttribute('aria-invalid', 'true');
    expect(api.createDonation).not.toHaveBeenCalled();
  });

  it('asks for the postal address once a receipt is wanted', async () => {
    const api = stubApi();
    render(<DonateForm api={api} />);
    await userEvent.setup().click(wants80g());
    await fillAndSubmit();
    expect(await screen.findByText('Is required for an 80G receipt')).toBeInTheDocument();
    expect(api.createDonation).not.toHaveBeenCalled();
  });

  it('sends the PAN, upper-cased, and the address, with nothing for the Aadhaar left blank', async () => {
    const api = stubApi();
    render(<DonateForm api={api} />);
    await ask80g();
    await enter('Your PAN', 'abcde1234f');
    await fillAndSubmit();
    await waitFor(() => expect(opened).toHaveLength(1));
    const input = sentInput(api);
    expect(input).toEqual({
      name: 'Asha',
      email: 'asha@example.org',
      phone: '9876543210',
      amount: 100000,
      donationType: 'one-time',
      purpose: 'general',
      wants80g: true,
      pan: 'ABCDE1234F',
      address: ADDRESS,
      language: 'en',
      newsConsent: false,
    });
    expect(input?.aadhaar).toBeUndefined();
  });

  it('sends the Aadhaar without its spaces and no PAN, even one typed before switching', async () => {
    const api = stubApi();
    render(<DonateForm api={api} />);
    const user = await ask80g();
    await enter('Your PAN', 'ABCDE1234F');
    await user.click(screen.getByRole('radio', { name: /Aadhaar/ }));
    await enter('Your Aadhaar number', '9999 4105 7058');
    await fillAndSubmit();
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(sentInput(api)).toMatchObject({ wants80g: true, aadhaar: '999941057058', address: ADDRESS });
    expect(sentInput(api)?.pan).toBeUndefined();
  });

  it('with no ID number: the receipt is asked for with the address alone, no empty strings', async () => {
    const api = stubApi();
    render(<DonateForm api={api} />);
    await ask80g();
    await fillAndSubmit();
    await waitFor(() => expect(opened).toHaveLength(1));
    const input = sentInput(api);
    expect(input).toMatchObject({ wants80g: true, address: ADDRESS });
    expect(input?.pan).toBeUndefined();
    expect(input?.aadhaar).toBeUndefined();
  });

  it('without the checkbox ticked, sends none of the 80G fields, whatever was typed before unticking', async () => {
    const api = stubApi();
    render(<DonateForm api={api} />);
    const user = await ask80g();
    await enter('Your PAN', 'ABCDE1234F');
    await user.click(wants80g());
    await fillAndSubmit();
    await waitFor(() => expect(opened).toHaveLength(1));
    const sent = Object.entries(sentInput(api) ?? {}).filter(([, value]) => value !== undefined);
    expect(sent.map(([key]) => key).sort()).toEqual([
      'amount',
      'donationType',
      'email',
      'language',
      'name',
      'newsConsent',
      'phone',
      'purpose',
    ]);
  });

  it('monthly: the subscription is created with the 80G details too', async () => {
    const api = stubApi();
    render(<DonateForm api={api} />);
    const user = await ask80g();
    await user.click(screen.getByRole('radio', { name: 'Monthly' }));
    await enter('Your PAN', 'ABCDE1234F');
    await fillAndSubmit('₹500');
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(api.createSubscription).toHaveBeenCalledWith(
      expect.objectContaining({ donationType: 'monthly', wants80g: true, pan: 'ABCDE1234F', address: ADDRESS }),
    );
  });
});

const success = { razorpay_payment_id: 'pay_1', razorpay_order_id: 'order_1', razorpay_signature: 'a'.repeat(64) };

describe('DonateForm: the thank-you panel after paying', () => {
  it('shows the receipt number and its download link, takes the focus, keeps the toast and the reset', async () => {
    const receipt = { number: 'CART/2026-27/000123', downloadUrl: '/receipts/signed-token.pdf' };
    const api = stubApi({
      verifyPayment: vi.fn().mockResolvedValue({ success: true, donation: { id: 11, status: 'paid' }, receipt }),
    });
    render(<DonateForm api={api} />);
    const user = await ask80g();
    await fillAndSubmit();
    await waitFor(() => expect(opened).toHaveLength(1));
    await act(async () => opened[0]?.handler(success));

    const panel = await screen.findByRole('region', { name: 'Thank you for your donation!' });
    expect(panel).toHaveFocus();
    expect(panel).toHaveTextContent('Your receipt number is CART/2026-27/000123.');
    expect(screen.getByRole('link', { name: 'Download your receipt (PDF)' })).toHaveAttribute(
      'href',
      '/receipts/signed-token.pdf',
    );
    expect(panel).not.toHaveTextContent(/will arrive by e-mail/);
    // The specification's toast and reset, as before; the 80G details are cleared too.
    expect(screen.getByText('Your donation has been processed successfully.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Full Name/)).toHaveValue('');
    expect(wants80g()).not.toBeChecked();

    // Dismissed, it hands the focus back to the form.
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: 'Thank you for your donation!' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Make a Donation' })).toHaveFocus();
  });

  it('without a receipt yet: thanks the donor and says it will arrive by e-mail, with no link', async () => {
    const api = stubApi();
    render(<DonateForm api={api} />);
    await fillAndSubmit();
    await waitFor(() => expect(opened).toHaveLength(1));
    await act(async () => opened[0]?.handler(success));
    const panel = await screen.findByRole('region', { name: 'Thank you for your donation!' });
    expect(panel).toHaveFocus();
    expect(panel).toHaveTextContent('Your receipt will arrive by e-mail shortly.');
    expect(screen.queryByRole('link', { name: /Download/ })).not.toBeInTheDocument();
  });

  it('goes away when the donor starts another donation', async () => {
    render(<DonateForm api={stubApi()} />);
    await fillAndSubmit();
    await waitFor(() => expect(opened).toHaveLength(1));
    await act(async () => opened[0]?.handler(success));
    await screen.findByRole('region', { name: 'Thank you for your donation!' });
    await fillAndSubmit();
    expect(screen.queryByRole('region', { name: 'Thank you for your donation!' })).not.toBeInTheDocument();
  });
});
