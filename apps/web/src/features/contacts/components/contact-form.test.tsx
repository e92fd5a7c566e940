import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aContact, stubFetch, type SentRequest } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { ContactForm } from './contact-form';

const number = () => screen.getByRole('textbox', { name: /^Number/ });

function renderNew(respond: (request: SentRequest) => { status: number; body?: unknown }) {
  const sent = stubFetch(respond);
  const onCreated = vi.fn();
  renderWithProviders(
    <ContactForm contact={null} fields={[{ key: 'city' }]} lists={[]} tagSuggestions={[]} onCreated={onCreated} />,
  );
  return { sent, onCreated };
}

describe('ContactForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('refuses a number that is not international and sends nothing', async () => {
    const { sent } = renderNew(() => ({ status: 201 }));
    fireEvent.change(number(), { target: { value: '415 555 0123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add contact' }));
    expect(await screen.findByText(/^Enter a valid number in international format/)).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('adds a contact with what was filled in, then hands it on', async () => {
    const created = aContact({ phoneNumber: '+14155550123', name: 'Ada' });
    const { sent, onCreated } = renderNew(() => ({ status: 201, body: { contact: created } }));
    fireEvent.change(number(), { target: { value: '+1 415 555 0123' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'city' }), { target: { value: 'Berlin' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add contact' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
    expect(sent[0]).toEqual({
      method: 'POST',
      url: '/api/contacts',
      body: { phoneNumber: '+14155550123', name: 'Ada', customFields: { city: 'Berlin' } },
    });
  });

  it('shows "already a contact" on the number, in the user’s language', async () => {
    renderNew(() => ({ status: 409, body: { error: 'A contact with this number exists.', code: 'CONTACT_EXISTS' } }));
    fireEvent.change(number(), { target: { value: '+14155550123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add contact' }));
    expect(await screen.findByText('A contact with this number already exists.')).toBeTruthy();
    expect(number().getAttribute('aria-invalid')).toBe('true');
  });

  it('sends only what changed, and can be saved only after a change', async () => {
    const contact = aContact({ name: 'Ada', tags: ['vip'], customFields: { city: 'Berlin' } });
    const sent = stubFetch(() => ({ status: 200, body: { contact: { ...contact, name: 'Ada L.' } } }));
    renderWithProviders(<ContactForm contact={contact} fields={[{ key: 'city' }]} lists={[]} tagSuggestions={[]} />);
    const save = screen.getByRole('button', { name: 'Save changes' });
    expect(save).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Ada L.' } });
    fireEvent.click(save);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ method: 'PATCH', url: `/api/contacts/${contact.id}`, body: { name: 'Ada L.' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save changes' })).toHaveProperty('disabled', true));
  });
});
