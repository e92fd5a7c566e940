import type { UserRole } from '@switchboard/contract';
import type { nav } from '../../i18n/locales/en/nav';

/** A page's id: its title key in the `nav` namespace (`routes.<id>`), also its icon's. */
export type RouteId = keyof typeof nav.routes;

/** What the guard, breadcrumb, title and search know about a page (React Router `handle`). */
export interface PageHandle {
  id: RouteId;
  /** Spec §2: anonymous visitors go to /pages/login?to=… */
  loginRequired: boolean;
  /** Spec §6: admin = admins only; editor = editors and admins; null = anyone. */
  rule: UserRole | null;
  /** Parent crumbs between Home and this page (e.g. eCommerce for the shop pages). */
  crumbs?: RouteId[];
  /** Listed in the navbar search (Spotlight) when the user may open it. */
  searchable?: boolean;
}
