import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { render } from '../../test/render';
import { useToast } from './toast';
import { useToastGestures } from './use-toast-gestures';

function WithGestures() {
  useToastGestures();
  const toast = useToast();
  useEffect(() => toast('copied'), [toast]);
  return null;
}

afterEach(() => act(() => notifications.clean()));

async function showToast() {
  act(() => {
    render(<WithGestures />);
  });
  return screen.findByText('Donation link copied to clipboard.');
}

describe('toast gestures (swipe right to dismiss, F8 to focus)', () => {
  it('a swipe right past 50 px dismisses the toast', async () => {
    const message = await showToast();
    fireEvent.pointerDown(message, { clientX: 100 });
    fireEvent.pointerUp(document, { clientX: 151 });
    await waitFor(() => expect(screen.queryByText('Donation link copied to clipboard.')).not.toBeInTheDocument());
  });

  it('a shorter swipe, or one to the left, leaves it', async () => {
    const message = await showToast();
    fireEvent.pointerDown(message, { clientX: 100 });
    fireEvent.pointerUp(document, { clientX: 140 });
    fireEvent.pointerDown(message, { clientX: 100 });
    fireEvent.pointerUp(document, { clientX: 20 });
    expect(screen.getByText('Donation link copied to clipboard.')).toBeInTheDocument();
  });

  it('F8 moves the focus to the toast', async () => {
    const message = await showToast();
    fireEvent.keyDown(document, { key: 'F8' });
    expect(document.activeElement?.contains(message)).toBe(true);
  });
});
