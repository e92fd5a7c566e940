/**
 * A per-user copy of the bookmarks in this browser, used only while the server cannot keep them
 * (no preferences endpoint yet); the server's list is the one that counts.
 */
const key = (userId: string) => `switchboard.bookmarks.${userId}`;

export function readLocalBookmarks(userId: string): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key(userId)) ?? '[]');
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

export function writeLocalBookmarks(userId: string, bookmarks: string[]) {
  localStorage.setItem(key(userId), JSON.stringify(bookmarks));
}
