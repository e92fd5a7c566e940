import { findPageRoute } from './find-page-route';
import { MENU_GROUPS } from './menu-groups';

/**
 * The menu entry (its `to`) for a location: an entry leading to the same page whose query
 * parameters are all present, the most specific one winning (so /views/conversations?tab=voice
 * is "Voice Inbox", not "SMS Inbox"; /apps/todo/starred is "Todo").
 */
export function findActiveEntryTo(pathname: string, search: string): string | null {
  const page = findPageRoute(pathname);
  if (!page) return null;
  const current = new URLSearchParams(search);
  let best: { to: string; score: number } | null = null;
  for (const entry of MENU_GROUPS.flatMap((group) => group.entries)) {
    if (findPageRoute(entry.to) !== page) continue;
    const params = [...new URL(entry.to, 'http://app.invalid').searchParams];
    if (!params.every(([key, value]) => current.get(key) === value)) continue;
    if (!best || params.length > best.score) best = { to: entry.to, score: params.length };
  }
  return best?.to ?? null;
}
