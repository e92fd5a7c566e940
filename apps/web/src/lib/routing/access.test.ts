import { describe, expect, it } from 'vitest';
import type { UserData } from '@switchboard/contract';
import { decideAccess, safeRedirectTarget } from './access';

const user = (userRole: 'admin' | 'editor'): UserData => ({
  id: '00000000-0000-4000-8000-000000000001',
  uid: '00000000-0000-4000-8000-000000000001',
  displayName: 'A',
  email: 'a@example.com',
  photoURL: null,
  providerId: 'password',
  userRole,
  workspaceId: '00000000-0000-4000-8000-000000000002',
});
const signedIn = (role: 'admin' | 'editor') => ({
  status: 'authenticated' as const,
  user: user(role),
  accessToken: 't',
});
const anonymous = { status: 'anonymous' as const };

describe('decideAccess', () => {
  it('waits while the session is being restored', () => {
    expect(decideAccess({ loginRequired: true, rule: 'admin' }, { status: 'loading' })).toBe('wait');
  });
  it('sends anonymous visitors of a login-required page to login', () => {
    expect(decideAccess({ loginRequired: true, rule: 'admin' }, anonymous)).toBe('login');
  });
  it('lets anonymous visitors open pages that need no login, whatever their rule', () => {
    expect(decideAccess({ loginRequired: false, rule: 'admin' }, anonymous)).toBe('allow');
  });
  it('refuses an editor on an admin page', () => {
    expect(decideAccess({ loginRequired: true, rule: 'admin' }, signedIn('editor'))).toBe('not-authorized');
  });
  it('lets an editor open editor pages and an admin open both', () => {
    expect(decideAccess({ loginRequired: true, rule: 'editor' }, signedIn('editor'))).toBe('allow');
    expect(decideAccess({ loginRequired: true, rule: 'editor' }, signedIn('admin'))).toBe('allow');
    expect(decideAccess({ loginRequired: true, rule: 'admin' }, signedIn('admin'))).toBe('allow');
  });
});

describe('safeRedirectTarget', () => {
  it.each([
    ['/views/networks', '/views/networks'],
    ['/apps/email/inbox?x=1#top', '/apps/email/inbox?x=1#top'],
    ['https://evil.example/', '/dashboard/analytics'],
    ['//evil.example/path', '/dashboard/analytics'],
    ['/\\evil.example', '/dashboard/analytics'],
    ['javascript:alert(1)', '/dashboard/analytics'],
    ['/pages/login?to=/x', '/dashboard/analytics'],
    [null, '/dashboard/analytics'],
  ])('maps %s to %s', (to, expected) => {
    expect(safeRedirectTarget(to)).toBe(expected);
  });
});
