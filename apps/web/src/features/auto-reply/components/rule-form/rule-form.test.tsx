import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Network } from '@switchboard/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aNetwork } from '../../../../test/network-fixtures';
import { aRule, stubFetch, type SentRequest } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { RuleForm } from './rule-form';

function renderForm(respond: (request: SentRequest) => { status: number; body?: unknown }, networks: Network[] = []) {
  const sent = stubFetch(respond);
  const onDone = vi.fn();
  renderWithProviders(<RuleForm rule={null} networks={networks} onDone={onDone} />);
  return { sent, onDone };
}

const created = () => ({ status: 201, body: aRule({ name: 'Prices' }) });

function fillKeywordRule({ reply = 'Our prices are on example.com' } = {}) {
  fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Prices' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Keyword 1' }), { target: { value: 'PRICE' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Reply text' }), { target: { value: reply } });
}

/** Text as seen: without the invisible marks that keep LTR values in one piece in Arabic. */
const seen = (element: Element) => element.textContent!.replace(/[\u2066-\u2069]/g, '');

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Create rule' }));

describe('RuleForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends a keyword rule as the contract shapes it', async () => {
    const { sent, onDone } = renderForm(created);
    fillKeywordRule();
    fireEvent.click(screen.getByRole('radio', { name: 'Contains' }));
    save();

    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      method: 'POST',
      url: '/api/auto-reply/rules',
      body: {
        name: 'Prices',
        enabled: true,
        allNetworks: true,
        networkIds: [],
        trigger: { type: 'keyword', match: 'contains', keywords: ['PRICE'], caseSensitive: false },
        replyText: 'Our prices are on example.com',
        cooldownMinutes: 60,
        activeFrom: null,
        activeUntil: null,
      },
    });
  });

  it('refuses an unknown variable in the reply, as the contract does, and sends nothing', async () => {
    const { sent } = renderForm(created);
    fillKeywordRule({ reply: 'Hi {firstname}, see example.com' });
    save();

    const error = await screen.findByText(/^Unknown variable/);
    expect(seen(error)).toBe('Unknown variable {firstname}. Use {name}, {number}, {keyword}, {network}, {date}.');
    expect(screen.getByRole('alert').textContent).toBe('Please check the highlighted fields.');
    expect(sent).toHaveLength(0);
  });

  it('refuses a keyword rule without keywords and sends nothing', async () => {
    const { sent } = renderForm(created);
    fillKeywordRule();
    fireEvent.click(screen.getByRole('button', { name: 'Remove keyword 1' }));
    save();

    expect(await screen.findByText('Add at least one keyword.')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('shows the server’s field errors on their fields', async () => {
    renderForm(() => ({
      status: 400,
      body: {
        error: 'Validation failed.',
        code: 'VALIDATION_FAILED',
        fields: [{ path: 'body.trigger.keywords.0', message: 'PRICE is already answered by rule “Prices”.' }],
      },
    }));
    fillKeywordRule();
    save();

    expect(await screen.findByText('PRICE is already answered by rule “Prices”.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Keyword 1' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('previews the reply with sample values and counts its encoding and SMS parts live', () => {
    renderForm(created, [aNetwork({ name: 'Front desk' })]);
    fillKeywordRule({ reply: 'Hi {name}, {keyword} is on {network}.' });
    expect(screen.getByTestId('reply-preview').textContent).toBe('Hi Alex, PRICE is on Front desk.');
    expect(screen.getByTestId('preview-encoding').textContent).toBe('GSM-7');
    expect(screen.getByTestId('preview-segments').textContent).toBe('SMS parts: 1');

    fireEvent.change(screen.getByRole('textbox', { name: 'Reply text' }), { target: { value: 'ó'.repeat(71) } });
    expect(screen.getByTestId('preview-encoding').textContent).toBe('UCS-2');
    expect(screen.getByTestId('preview-segments').textContent).toBe('SMS parts: 2');
    expect(screen.getByTestId('preview-ucs2').textContent).toContain('ó');
  });

  it('replaces look-alike characters that force UCS-2 with their GSM-7 equivalents', () => {
    renderForm(created);
    const reply = screen.getByRole('textbox', { name: 'Reply text' }) as HTMLTextAreaElement;
    fireEvent.change(reply, { target: { value: 'It’s “open” — come by…' } });
    expect(screen.getByTestId('preview-encoding').textContent).toBe('UCS-2');
    fireEvent.click(screen.getByRole('button', { name: 'Replace with GSM-7 equivalents' }));
    expect(reply.value).toBe(`It's "open" - come by...`);
    expect(screen.getByTestId('preview-encoding').textContent).toBe('GSM-7');
  });

  it('inserts a variable where the cursor is', () => {
    renderForm(created);
    const reply = screen.getByRole('textbox', { name: 'Reply text' }) as HTMLTextAreaElement;
    fireEvent.change(reply, { target: { value: 'Hello !' } });
    reply.setSelectionRange(6, 6);
    fireEvent.click(screen.getByRole('button', { name: /^Insert \{name\}/ }));
    expect(reply.value).toBe('Hello {name}!');
  });

  it('sends business hours with several ranges a day, copied to the weekdays, and holidays', async () => {
    const { sent, onDone } = renderForm(created);
    fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Closed' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Outside business hours' }));
    fireEvent.change(screen.getByLabelText('Closes on Monday'), { target: { value: '12:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add hours on Monday' }));
    fireEvent.click(screen.getByRole('button', { name: 'Copy Monday to Tuesday–Friday' }));
    fireEvent.change(screen.getByLabelText('Holiday date'), { target: { value: '2026-12-24' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add holiday' }));
    fireEvent.change(screen.getByLabelText('Holiday date'), { target: { value: '2026-12-25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add holiday' }));
    // A holiday's remove button is a real button for screen readers and the Tab key.
    const remove = screen.getByRole('button', { name: 'Remove holiday 2026-12-24' });
    expect(remove.getAttribute('tabindex')).toBe('0');
    fireEvent.click(remove);
    fireEvent.change(screen.getByRole('textbox', { name: 'Reply text' }), { target: { value: 'We are closed.' } });
    save();

    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const day = [
      { start: '09:00', end: '12:00' },
      { start: '12:00', end: '14:00' },
    ];
    expect((sent[0]!.body as { trigger: unknown }).trigger).toEqual({
      type: 'outside-hours',
      schedule: [day, day, day, day, day, [], []],
      holidays: ['2026-12-25'],
    });
  });
});
