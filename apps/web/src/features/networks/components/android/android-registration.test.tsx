import { TestMantineProvider } from '../../../../test/mantine';
import { render, screen } from '@testing-library/react';
import type { Network } from '@switchboard/contract';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import '../../../../i18n/i18n';
import { aNetwork } from '../../../../test/network-fixtures';
import { AndroidRegistrationPanel } from './android-registration';

const registration = { serverUrl: 'https://sms.example.com/api/mobile/v1', token: 'tok-123' };
const device = (registeredAt: string) => ({ name: 'samsung/a52qnsxx', registeredAt, simCards: [], streaming: true });

function androidNetwork(settings: Partial<Record<string, unknown>> = {}): Network {
  return aNetwork({
    kind: 'android',
    name: 'Front desk phone',
    address: '',
    status: 'disconnected',
    settings: {
      serverUrl: registration.serverUrl,
      registrationToken: '••••••••-123',
      httpsWarning: false,
      device: null,
      ...settings,
    } as Network['settings'],
  });
}

const wrap = (node: ReactNode) => <TestMantineProvider>{node}</TestMantineProvider>;

describe('AndroidRegistrationPanel', () => {
  it('shows the URL and the token with copy buttons, and waits for the phone', () => {
    render(wrap(<AndroidRegistrationPanel registration={registration} network={androidNetwork()} />));
    expect(screen.getByText(registration.serverUrl)).toBeTruthy();
    expect(screen.getByText('tok-123')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy: API URL' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy: Private token' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Waiting for your phone to connect');
    expect(screen.queryByText('This server is not reached over HTTPS')).toBeNull();
  });

  it('shows the URL and the token as QR codes too, drawn locally as SVG', async () => {
    render(wrap(<AndroidRegistrationPanel registration={registration} network={androidNetwork()} />));
    expect(screen.getByText('Or scan them from the phone')).toBeTruthy();
    // A lazy chunk: the codes arrive once the encoder is loaded.
    const url = await screen.findByRole('img', { name: 'QR code: API URL' });
    const token = screen.getByRole('img', { name: 'QR code: Private token' });
    expect(url.tagName.toLowerCase()).toBe('svg');
    const modules = (code: Element) => code.querySelectorAll('path')[1]?.getAttribute('d');
    expect(modules(url)).toBeTruthy();
    expect(modules(token)).toBeTruthy();
    expect(modules(url)).not.toBe(modules(token));
  });

  it('warns when the server is not on https (the app refuses cleartext)', () => {
    render(
      wrap(<AndroidRegistrationPanel registration={registration} network={androidNetwork({ httpsWarning: true })} />),
    );
    expect(screen.getByText('This server is not reached over HTTPS')).toBeTruthy();
  });

  it('turns to success when a phone registers (the network arrives live)', () => {
    const view = render(wrap(<AndroidRegistrationPanel registration={registration} network={androidNetwork()} />));
    view.rerender(
      wrap(
        <AndroidRegistrationPanel
          registration={registration}
          network={androidNetwork({ device: device('2026-03-10T12:05:00.000Z') })}
        />,
      ),
    );
    expect(screen.getByRole('status').textContent).toContain('samsung/a52qnsxx is registered');
  });

  it('after a new token, the phone paired with the old one does not count', () => {
    const paired = androidNetwork({ device: device('2026-03-01T08:00:00.000Z') });
    const view = render(wrap(<AndroidRegistrationPanel registration={registration} network={paired} />));
    expect(screen.getByRole('status').textContent).toContain('Waiting for your phone');
    view.rerender(
      wrap(
        <AndroidRegistrationPanel
          registration={registration}
          network={androidNetwork({ device: device('2026-03-10T12:05:00.000Z') })}
        />,
      ),
    );
    expect(screen.getByRole('status').textContent).toContain('is registered');
  });
});
