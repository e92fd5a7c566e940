import { matchPath } from 'react-router';
import { layoutRoutes, type PageRoute } from '../../route-table';

/** The layout page an app path leads to (its handle holds the rule), or undefined. */
export function findPageRoute(to: string): PageRoute | undefined {
  const pathname = new URL(to, 'http://app.invalid').pathname;
  return layoutRoutes.find((route) => matchPath(route.path, pathname));
}
