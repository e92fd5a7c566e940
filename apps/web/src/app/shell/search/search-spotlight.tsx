import '@mantine/spotlight/styles.css';
import { ActionIcon, Group, Text } from '@mantine/core';
import { createSpotlight, Spotlight } from '@mantine/spotlight';
import { IconSearch, IconStar, IconStarFilled } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useRouteTitle } from '../../../lib/routing/use-route-title';
import { useBookmarks } from '../bookmarks/use-bookmarks';
import { pageIcon } from '../navigation/page-icons';
import { usePageDirectory } from '../navigation/use-page-directory';
import { useShellText } from '../shell-text';
import classes from './search-spotlight.module.css';

interface SearchSpotlightProps {
  opened: boolean;
  onClose: () => void;
}

/** The navbar search: pages the visitor may open, each with a star for the bookmarks bar. */
export default function SearchSpotlight({ opened, onClose }: SearchSpotlightProps) {
  const t = useShellText();
  const routeTitle = useRouteTitle();
  const navigate = useNavigate();
  const bookmarks = useBookmarks();
  const pages = usePageDirectory();
  const [[store, spotlight]] = useState(createSpotlight);
  const [query, setQuery] = useState('');

  useEffect(() => {
    if (opened) spotlight.open();
    else spotlight.close();
  }, [opened, spotlight]);

  const results = useMemo(() => {
    const needle = query.trim().toLocaleLowerCase();
    return pages
      .map((page) => ({ ...page, title: routeTitle(page.id) }))
      .filter(
        (page) => !needle || page.title.toLocaleLowerCase().includes(needle) || page.to.toLowerCase().includes(needle),
      );
  }, [pages, query, routeTitle]);

  return (
    <Spotlight.Root
      store={store}
      shortcut={null}
      query={query}
      onQueryChange={setQuery}
      onSpotlightClose={onClose}
      scrollable
      maxHeight={440}
      // The dialog's name; the header that holds it is only for assistive technology.
      title={t('navbar.search')}
      classNames={{ content: classes.content, header: classes.hiddenHeader }}
    >
      <Spotlight.Search
        placeholder={t('search.placeholder')}
        aria-label={t('search.placeholder')}
        leftSection={<IconSearch size={20} stroke={1.6} aria-hidden />}
      />
      <Spotlight.ActionsList>
        {results.length === 0 && <Spotlight.Empty>{t('search.nothingFound')}</Spotlight.Empty>}
        {results.map((page) => {
          const Icon = pageIcon(page.id);
          const starred = bookmarks.paths.includes(page.to);
          return (
            <Group key={page.to} gap={4} wrap="nowrap" className={classes.row}>
              <Spotlight.Action
                className={classes.action}
                label={page.title}
                description={page.to}
                leftSection={<Icon size={22} stroke={1.6} aria-hidden />}
                onClick={() => void navigate(page.to)}
              />
              {bookmarks.canStar && (
                <ActionIcon
                  variant="subtle"
                  color={starred ? 'warning' : 'gray'}
                  size="lg"
                  radius="xl"
                  aria-label={t('search.bookmark', { title: page.title })}
                  aria-pressed={starred}
                  onClick={() => bookmarks.toggle(page.to)}
                >
                  {starred ? <IconStarFilled size={18} /> : <IconStar size={18} stroke={1.7} />}
                </ActionIcon>
              )}
            </Group>
          );
        })}
      </Spotlight.ActionsList>
      <Spotlight.Footer>
        <Text size="xs" c="dimmed">
          {bookmarks.canStar ? t('search.hint') : t('search.signInToStar')}
        </Text>
      </Spotlight.Footer>
    </Spotlight.Root>
  );
}
