import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useRouteTitle } from '../../../lib/routing/use-route-title';
import { pageIcon } from '../navigation/page-icons';
import { usePageDirectory } from '../navigation/use-page-directory';
import { useBookmarks } from './use-bookmarks';
import { useShellText } from '../shell-text';

/** Spec §9: the bookmarks bar shows the first 10 starred pages (that the user may still open). */
export const BOOKMARKS_BAR_SIZE = 10;

export function BookmarksBar() {
  const t = useShellText();
  const routeTitle = useRouteTitle();
  const { paths } = useBookmarks();
  const pages = usePageDirectory();
  const { pathname, search } = useLocation();
  const byPath = new Map(pages.map((page) => [page.to, page]));
  const shown = paths.flatMap((path) => byPath.get(path) ?? []).slice(0, BOOKMARKS_BAR_SIZE);
  if (shown.length === 0) return null;
  return (
    <nav aria-label={t('navbar.bookmarks')}>
      <Group component="ul" gap={2} wrap="nowrap" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {shown.map((page) => {
          const Icon = pageIcon(page.id);
          const title = routeTitle(page.id);
          const current = page.to === pathname + search;
          return (
            <li key={page.to}>
              <Tooltip label={title} withArrow>
                <ActionIcon
                  component={Link}
                  to={page.to}
                  variant={current ? 'light' : 'subtle'}
                  color={current ? 'brand' : 'gray'}
                  c={current ? undefined : 'var(--mantine-color-text)'}
                  size="lg"
                  radius="xl"
                  aria-label={title}
                  aria-current={current ? 'page' : undefined}
                >
                  <Icon size={20} stroke={1.7} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </li>
          );
        })}
      </Group>
    </nav>
  );
}
