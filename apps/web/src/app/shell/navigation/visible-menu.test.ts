import { describe, expect, it } from 'vitest';
import type { UserData } from '@switchboard/contract';
import type { SessionState } from '../../../lib/session';
import { findActiveEntryTo } from './active-entry';
import { pageDirectory } from './page-directory';
import { visibleMenu } from './visible-menu';

const signedIn = (userRole: UserData['userRole']): SessionState => ({
  status: 'authenticated',
  accessToken: 't',
  user: {
    id: '00000000-0000-4000-8000-000000000001',
    uid: '00000000-0000-4000-8000-000000000001',
    displayName: 'A',
    email: 'a@example.com',
    photoURL: null,
    providerId: 'password',
    userRole,
    workspaceId: '00000000-0000-4000-8000-000000000002',
  },
});
const anonymous: SessionState = { status: 'anonymous' };

const entriesOf = (state: SessionState) =>
  Object.fromEntries(visibleMenu(state).map((group) => [group.id, group.entries.map((entry) => entry.id)]));

describe('visibleMenu', () => {
  it('shows an admin every entry', () => {
    expect(entriesOf(signedIn('admin'))).toEqual({
      dashboard: ['home', 'dashboard'],
      messaging: ['smsInbox', 'voiceInbox', 'autoReply', 'contacts', 'campaigns'],
      networks: ['networks', 'addNetwork', 'networkSettings', 'developers'],
      apps: ['todo', 'chat', 'email', 'calendar', 'shop'],
      account: ['profileSettings', 'team', 'billing', 'userSettings', 'pricingPlan'],
      company: ['pricing', 'contactUs', 'aboutUs', 'downloads'],
    });
  });

  it('hides admin-only entries, and groups left empty, from an editor', () => {
    expect(entriesOf(signedIn('editor'))).toEqual({
      dashboard: ['home'],
      apps: ['todo', 'chat', 'email', 'calendar', 'shop'],
      account: ['userSettings'],
      company: ['pricing', 'contactUs', 'aboutUs', 'downloads'],
    });
  });

  it('shows anonymous visitors the pages that need no sign-in', () => {
    expect(entriesOf(anonymous)).toEqual({
      dashboard: ['home'],
      account: ['pricingPlan'],
      company: ['pricing', 'contactUs', 'aboutUs', 'downloads'],
    });
  });

  it('shows nothing while the session is being restored', () => {
    expect(visibleMenu({ status: 'loading' })).toEqual([]);
  });
});

describe('findActiveEntryTo', () => {
  it.each([
    ['/views/conversations', '', '/views/conversations'],
    ['/views/conversations', '?tab=voice', '/views/conversations?tab=voice'],
    ['/views/networks', '?add=1&x=2', '/views/networks?add=1'],
    ['/apps/todo/starred', '', '/apps/todo/all'],
    ['/apps/email/sent', '', '/apps/email/inbox'],
    ['/CheckOut', '', '/CheckOut'],
    ['/apps/eCommerce/wish-list', '', null],
    ['/pages/login', '', null],
  ])('marks %s%s as %s', (pathname, search, expected) => {
    expect(findActiveEntryTo(pathname, search)).toBe(expected);
  });
});

describe('pageDirectory', () => {
  it('lists searchable pages and the menu’s other destinations once each', () => {
    const paths = pageDirectory(signedIn('admin')).map((page) => page.to);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toEqual(
      expect.arrayContaining(['/home', '/apps/eCommerce/shop', '/views/conversations?tab=voice', '/apps/todo/all']),
    );
  });

  it('leaves out what the visitor may not open', () => {
    const editor = pageDirectory(signedIn('editor')).map((page) => page.to);
    expect(editor).not.toContain('/dashboard/analytics');
    expect(editor).toContain('/apps/chat');
    const visitor = pageDirectory(anonymous).map((page) => page.to);
    expect(visitor).toEqual(expect.arrayContaining(['/home', '/pricing', '/CheckOut']));
    expect(visitor).not.toContain('/apps/chat');
  });
});
