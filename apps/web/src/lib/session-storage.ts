import type { UserData } from '@switchboard/contract';

/** Spec §3 "stored user info" (key `userInfo`). */
export interface StoredUserInfo {
  displayName: string;
  email: string;
  photoURL: string | null;
  providerId: string;
  uid: string;
  userRole: UserData['userRole'];
}

export interface StoredSession {
  userInfo: StoredUserInfo;
  /** Access-token expiry, epoch milliseconds. */
  tokenExpiry: number;
  loggedIn: boolean;
  /** Which storage holds it: localStorage with "Remember me", sessionStorage without. */
  rememberMe: boolean;
}

const USER_INFO = 'userInfo';
const TOKEN_EXPIRY = 'tokenExpiry';
const LOGGED_IN = 'loggedIn';

export function toStoredUserInfo(user: UserData): StoredUserInfo {
  const { displayName, email, photoURL, providerId, uid, userRole } = user;
  return { displayName, email, photoURL, providerId, uid, userRole };
}

function write(storage: Storage, userInfo: StoredUserInfo, tokenExpiry: number) {
  storage.setItem(USER_INFO, JSON.stringify(userInfo));
  storage.setItem(TOKEN_EXPIRY, String(tokenExpiry));
  storage.setItem(LOGGED_IN, 'true');
}

function readFrom(storage: Storage): Omit<StoredSession, 'rememberMe'> | null {
  const raw = storage.getItem(USER_INFO);
  if (!raw) return null;
  try {
    return {
      userInfo: JSON.parse(raw) as StoredUserInfo,
      tokenExpiry: Number(storage.getItem(TOKEN_EXPIRY) ?? 0),
      loggedIn: storage.getItem(LOGGED_IN) === 'true',
    };
  } catch {
    return null;
  }
}

export function clearStoredSession() {
  for (const storage of [localStorage, sessionStorage]) {
    for (const key of [USER_INFO, TOKEN_EXPIRY, LOGGED_IN]) storage.removeItem(key);
  }
}

/** Writes the session to exactly one storage, chosen by "Remember me". */
export function storeSession(user: UserData, tokenExpiry: number, rememberMe: boolean) {
  clearStoredSession();
  write(rememberMe ? localStorage : sessionStorage, toStoredUserInfo(user), tokenExpiry);
}

export function readStoredSession(): StoredSession | null {
  const local = readFrom(localStorage);
  if (local) return { ...local, rememberMe: true };
  const session = readFrom(sessionStorage);
  return session ? { ...session, rememberMe: false } : null;
}

/** Spec §4: logged in while the flag is set and the stored expiry is in the future. */
export function isStoredSessionActive(stored: StoredSession | null, now = Date.now()): boolean {
  return Boolean(stored?.loggedIn && stored.tokenExpiry > now);
}
