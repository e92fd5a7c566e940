import type { WorkspaceProfile } from '@switchboard/contract';
import { describe, expect, it } from 'vitest';
import { checkWorkspaceForm, toWorkspaceForm } from './workspace-form';

const profile: WorkspaceProfile = {
  workspace: {
    id: '6a1f0c1e-6a4c-4a51-9a6e-1f2d3c4b5a69',
    name: 'Acme',
    registration: null,
    planId: 'starter',
    timeZone: 'Europe/Berlin',
    createdAt: '2026-01-01T00:00:00.000Z',
  },
  company: null,
  address: { city: 'Berlin' },
  logoURL: null,
  defaultNetworkId: null,
};

describe('workspace form', () => {
  it('round-trips the profile: blanks become null, no default network is null', () => {
    const values = toWorkspaceForm(profile);
    expect(values.address.city).toBe('Berlin');
    expect(values.defaultNetworkId).toBe('');
    const checked = checkWorkspaceForm({ ...values, company: '  Acme GmbH ' });
    expect(checked).toEqual({
      ok: true,
      body: {
        name: 'Acme',
        company: 'Acme GmbH',
        timeZone: 'Europe/Berlin',
        defaultNetworkId: null,
        address: { addLine1: null, addLine2: null, postCode: null, city: 'Berlin', state: null, country: null },
      },
    });
  });

  it('names the fields the contract refuses', () => {
    const values = toWorkspaceForm(profile);
    const checked = checkWorkspaceForm({
      ...values,
      name: '  ',
      timeZone: 'Mars/Olympus',
      address: { ...values.address, postCode: 'x'.repeat(21) },
    });
    expect(checked).toEqual({
      ok: false,
      problems: { name: 'name', timeZone: 'timeZone', 'address.postCode': 'tooLong' },
    });
  });
});
