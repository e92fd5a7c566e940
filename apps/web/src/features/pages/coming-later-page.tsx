import { Button, Card, Group, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconHourglassHigh } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePageHandle } from '../../lib/routing/use-page-handle';
import { useRouteTitle } from '../../lib/routing/use-route-title';
import { usePagesText } from './pages-text';
import classes from './coming-later-page.module.css';

/**
 * A page whose tools arrive with a later issue: the layout already shows its title and
 * breadcrumb; the body says what is coming.
 */
export default function ComingLaterPage() {
  const t = usePagesText();
  const handle = usePageHandle();
  const routeTitle = useRouteTitle();
  return (
    <Card padding="xl" radius="lg" className={classes.card}>
      <div className={classes.inner}>
        <ThemeIcon size={72} radius="xl" variant="light" color="brand">
          <IconHourglassHigh size={38} stroke={1.5} aria-hidden />
        </ThemeIcon>
        <Title order={2} size="h3" mt="lg">
          {t('comingLater.title')}
        </Title>
        {handle && (
          <Text fw={600} c="dimmed" mt={4}>
            {routeTitle(handle.id)}
          </Text>
        )}
        <Text c="dimmed" mt="md" maw={520} ta="center">
          {t('comingLater.text')}
        </Text>
        <Group mt="xl" justify="center">
          <Button
            component={Link}
            to="/home"
            leftSection={<IconArrowLeft size={18} className={classes.backIcon} aria-hidden />}
          >
            {t('comingLater.backHome')}
          </Button>
        </Group>
      </div>
    </Card>
  );
}
