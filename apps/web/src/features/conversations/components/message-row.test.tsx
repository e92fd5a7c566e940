import { TestMantineProvider } from '../../../test/mantine';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import '../../../i18n/i18n';
import { aMessage } from '../../../test/network-fixtures';
import { MessageRow } from './message-row';

function renderRow(message: ReturnType<typeof aMessage>, campaignName?: string) {
  return render(
    <MemoryRouter>
      <TestMantineProvider>
        <MessageRow message={message} campaignName={campaignName} />
      </TestMantineProvider>
    </MemoryRouter>,
  );
}

describe('MessageRow', () => {
  it('marks a campaign’s message with a link to the campaign', async () => {
    const campaignId = '00000000-0000-4000-8000-0000000000c1';
    renderRow(aMessage({ origin: 'campaign', campaignId, body: 'Hi Ada, spring sale!' }));
    const link = await screen.findByRole('link', { name: 'Campaign' });
    expect(link.getAttribute('href')).toBe(`/views/campaigns/${campaignId}`);
  });

  it('names the campaign in its badge, kept whole in a sentence of either direction', async () => {
    const campaignId = '00000000-0000-4000-8000-0000000000c1';
    renderRow(aMessage({ origin: 'campaign', campaignId }), 'Spring sale!');
    const link = await screen.findByRole('link', { name: 'Campaign: \u2068Spring sale!\u2069' });
    expect(link.getAttribute('href')).toBe(`/views/campaigns/${campaignId}`);
    expect(link.getAttribute('title')).toBe('Spring sale!');
  });

  it('shows other origins as a plain label', async () => {
    renderRow(aMessage({ origin: 'auto-reply' }));
    expect(await screen.findByText('Auto-reply')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
