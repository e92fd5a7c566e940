import { Anchor, Breadcrumbs, Group, Text, Title } from '@mantine/core';
import { IconChevronRight, IconHome } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePageHandle } from '../../../lib/routing/use-page-handle';
import { useRouteTitle } from '../../../lib/routing/use-route-title';
import { useShellText } from '../shell-text';
import classes from './page-header.module.css';

/** The page title and the breadcrumb: Home (a link to /), the page's parent crumbs, the page. */
export function PageHeader() {
  const t = useShellText();
  const handle = usePageHandle();
  const routeTitle = useRouteTitle();
  if (!handle) return null;
  const title = routeTitle(handle.id);
  const isHome = handle.id === 'home';
  return (
    <Group className={classes.header} gap="sm" wrap="wrap">
      <Title order={1} className={classes.title}>
        {title}
      </Title>
      <nav aria-label={t('breadcrumb')} className={classes.breadcrumb}>
        <Breadcrumbs
          separator={<IconChevronRight size={14} className={classes.separator} aria-hidden />}
          separatorMargin={6}
        >
          <Anchor component={Link} to="/" className={classes.home} aria-current={isHome ? 'page' : undefined}>
            <IconHome size={16} stroke={1.8} aria-hidden />
            {routeTitle('home')}
          </Anchor>
          {(handle.crumbs ?? []).map((crumb) => (
            <Text key={crumb} size="sm" c="dimmed" component="span">
              {routeTitle(crumb)}
            </Text>
          ))}
          {!isHome && (
            <Text size="sm" fw={600} component="span" aria-current="page">
              {title}
            </Text>
          )}
        </Breadcrumbs>
      </nav>
    </Group>
  );
}
