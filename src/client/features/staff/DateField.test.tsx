import { Button } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type FormEvent, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render } from '../../test/render';
import { DateField, parseDayFirst } from './DateField';

/** A form holding one date as the console's forms do: the `YYYY-MM-DD` string they send. */
function Form({
  initial,
  required,
  onSubmit,
}: {
  initial: string;
  required?: boolean;
  onSubmit: (day: string) => void;
}) {
  const [day, setDay] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(day);
  };
  return (
    <form onSubmit={submit}>
      <DateField label="Date received" required={required} name="receivedOn" value={day} onChange={setDay} />
      <Button type="submit">Save</Button>
    </form>
  );
}

describe('the console’s date box', () => {
  it('shows the day first and sends the ISO day the server takes', async () => {
    const onSubmit = vi.fn();
    render(<Form initial="2026-11-29" required onSubmit={onSubmit} />);
    const box = screen.getByLabelText(/^Date received/);
    expect(box).toHaveValue('29 Nov 2026');
    await userEvent.clear(box);
    // 03/04 is the 3rd of April here, never the 4th of March.
    await userEvent.type(box, '03/04/2026');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(box).toHaveValue('03 Apr 2026');
    expect(onSubmit).toHaveBeenLastCalledWith('2026-04-03');
  });

  it('takes a day picked on the calendar', async () => {
    const onSubmit = vi.fn();
    render(<Form initial="2026-11-29" required onSubmit={onSubmit} />);
    await userEvent.click(screen.getByLabelText(/^Date received/));
    await userEvent.click(screen.getByRole('button', { name: '5 November 2026' }));
    expect(screen.getByLabelText(/^Date received/)).toHaveValue('05 Nov 2026');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenLastCalledWith('2026-11-05');
  });

  it('keeps the last real day when what is typed is no day, and lets an optional date be emptied', async () => {
    const onSubmit = vi.fn();
    const { unmount } = render(<Form initial="2026-02-10" required onSubmit={onSubmit} />);
    const box = screen.getByLabelText(/^Date received/);
    await userEvent.clear(box);
    await userEvent.type(box, '31 Feb 2026');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(box).toHaveValue('10 Feb 2026');
    expect(onSubmit).toHaveBeenLastCalledWith('2026-02-10');
    unmount();

    render(<Form initial="2026-02-10" onSubmit={onSubmit} />);
    await userEvent.clear(screen.getByLabelText(/^Date received/));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenLastCalledWith('');
  });
});

describe('reading a typed day', () => {
  it.each([
    ['29 Nov 2026', '2026-11-29'],
    ['29 november 2026', '2026-11-29'],
    ['1 Apr 2026', '2026-04-01'],
    ['29/11/2026', '2026-11-29'],
    ['3-4-2026', '2026-04-03'],
    ['03.04.2026', '2026-04-03'],
    ['2026-11-29', '2026-11-29'],
    [' 29 Nov 2026 ', '2026-11-29'],
  ])('reads %s as %s', (typed, iso) => expect(parseDayFirst(typed)).toBe(iso));

  it.each(['11/29/2026', '31 Feb 2026', '29 Foo 2026', '29 Nov 26', '29 Nov', '', '2026-13-01'])(
    'refuses %s',
    (typed) => expect(parseDayFirst(typed)).toBeNull(),
  );
});
