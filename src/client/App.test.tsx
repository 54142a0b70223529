import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { App } from './App';

it('shows the headline', () => {
  render(<App />);
  expect(screen.getByRole('heading', { level: 1, name: 'Every Animal Deserves a Second Chance' })).toBeInTheDocument();
});
