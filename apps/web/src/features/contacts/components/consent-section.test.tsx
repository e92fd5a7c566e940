import { screen } from '@testing-library/react';
import type { ConsentEvent } from '@switchboard/contract';
import { describe, expect, it } from 'vitest';
import { aContact } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { ConsentSection } from './consent-section';

const event = (change: Partial<ConsentEvent>): ConsentEvent => ({
  id: '00000000-0000-4000-8000-0000000000e1',
  optedOut: true,
  source: 'keyword',
  messageId: '00000000-0000-4000-8000-0000000000f1',
  messageBody: null,
  userId: null,
  userName: null,
  createdAt: '2026-03-10T12:34:00.000Z',
  ...change,
});

describe('the consent history', () => {
  it('shows the text that carried a keyword opt-out', () => {
    const contact = aContact({ optedOutAt: '2026-03-10T12:34:00.000Z' });
    renderWithProviders(<ConsentSection contact={contact} history={[event({ messageBody: 'Stop please!' })]} />);
    expect(screen.getByText('Texted an opt-out keyword (such as STOP)')).toBeTruthy();
    expect(screen.getByTestId('consent-message').textContent?.replace(/[\u2066-\u2069]/g, '')).toBe(
      'Their message: “Stop please!”',
    );
  });

  it('says nothing of a message that is gone', () => {
    renderWithProviders(<ConsentSection contact={aContact()} history={[event({ messageBody: null })]} />);
    expect(screen.queryByTestId('consent-message')).toBeNull();
  });
});
