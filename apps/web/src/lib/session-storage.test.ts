import { afterEach, describe, expect, it } from 'vitest';
import type { UserData } from '@switchboard/contract';
import {
  clearStoredSession,
  isStoredSessionActive,
  readStoredSession,
  storeSession,
  type StoredSession,
} from './session-storage';

const user: UserData = {
  id: '00000000-0000-4000-8000-000000000001',
  uid: '00000000-0000-4000-8000-000000000001',
  displayName: 'Ada',
  email: 'ada@example.com',
  photoURL: null,
  providerId: 'password',
  userRole: 'editor',
  workspaceId: '00000000-0000-4000-8000-000000000002',
};
const KEYS = ['userInfo', 'tokenExpiry', 'loggedIn'];
const keysIn = (storage: Storage) => KEYS.filter((key) => storage.getItem(key) !== null);

describe('session storage', () => {
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('with "Remember me" writes localStorage only', () => {
    storeSession(user, 1_000, true);
    expect(keysIn(localStorage)).toEqual(KEYS);
    expect(keysIn(sessionStorage)).toEqual([]);
    expect(readStoredSession()).toEqual({
      userInfo: {
        displayName: 'Ada',
        email: 'ada@example.com',
        photoURL: null,
        providerId: 'password',
        uid: user.uid,
        userRole: 'editor',
      },
      tokenExpiry: 1_000,
      loggedIn: true,
      rememberMe: true,
    });
  });

  it('without "Remember me" writes sessionStorage only', () => {
    storeSession(user, 1_000, false);
    expect(keysIn(sessionStorage)).toEqual(KEYS);
    expect(keysIn(localStorage)).toEqual([]);
    expect(readStoredSession()?.rememberMe).toBe(false);
  });

  it('keeps nothing secret or server-internal in userInfo', () => {
    storeSession(user, 1_000, true);
    const stored = JSON.parse(localStorage.getItem('userInfo')!) as Record<string, unknown>;
    expect(Object.keys(stored).sort()).toEqual(['displayName', 'email', 'photoURL', 'providerId', 'uid', 'userRole']);
  });

  it('moves the session when "Remember me" changes, never leaving a copy behind', () => {
    storeSession(user, 1_000, true);
    storeSession(user, 2_000, false);
    expect(keysIn(localStorage)).toEqual([]);
    expect(readStoredSession()?.tokenExpiry).toBe(2_000);
  });

  it('clear removes both storages', () => {
    storeSession(user, 1_000, true);
    sessionStorage.setItem('userInfo', '{}');
    clearStoredSession();
    expect(keysIn(localStorage)).toEqual([]);
    expect(keysIn(sessionStorage)).toEqual([]);
    expect(readStoredSession()).toBeNull();
  });

  it('ignores a corrupted userInfo', () => {
    localStorage.setItem('userInfo', '{not json');
    expect(readStoredSession()).toBeNull();
  });
});

describe('isStoredSessionActive (spec §4)', () => {
  const stored = (loggedIn: boolean, tokenExpiry: number): StoredSession => ({
    userInfo: {
      displayName: 'A',
      email: 'a@example.com',
      photoURL: null,
      providerId: 'password',
      uid: 'u',
      userRole: 'admin',
    },
    tokenExpiry,
    loggedIn,
    rememberMe: true,
  });
  const now = 1_700_000_000_000;

  it('is active while the flag is set and the expiry lies ahead', () => {
    expect(isStoredSessionActive(stored(true, now + 1), now)).toBe(true);
  });
  it('is inactive once the expiry has passed', () => {
    expect(isStoredSessionActive(stored(true, now), now)).toBe(false);
    expect(isStoredSessionActive(stored(true, now - 1), now)).toBe(false);
  });
  it('is inactive without the loggedIn flag, whatever the expiry', () => {
    expect(isStoredSessionActive(stored(false, now + 60_000), now)).toBe(false);
  });
  it('is inactive with nothing stored', () => {
    expect(isStoredSessionActive(null, now)).toBe(false);
  });
});
