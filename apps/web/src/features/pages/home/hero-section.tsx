import { Badge, Button, Group, List, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCurrentUser } from '../../../lib/session';
import { InboxPreview } from './inbox-preview';
import { usePagesText } from '../pages-text';
import classes from './home.module.css';

function usePrimaryAction(): { to: string; label: string } {
  const t = usePagesText();
  const user = useCurrentUser();
  if (!user) return { to: '/pages/register', label: t('home.hero.getStarted') };
  if (user.userRole === 'admin') return { to: '/dashboard/analytics', label: t('home.hero.openControlPanel') };
  return { to: '/apps/email/inbox', label: t('home.hero.openEmail') };
}

/** What Switchboard is, for whom, and the way in. */
export function HeroSection() {
  const t = usePagesText();
  const primary = usePrimaryAction();
  return (
    <section aria-labelledby="home-hero" className={classes.hero}>
      <div className={classes.heroText}>
        <Badge variant="light" color="brand" size="lg" radius="sm" mb="md" className={classes.eyebrow}>
          {t('home.hero.eyebrow')}
        </Badge>
        <Title order={2} id="home-hero" className={classes.heroTitle}>
          {t('home.hero.title')}
        </Title>
        <Text size="lg" c="dimmed" mt="md" maw={620}>
          {t('home.hero.text')}
        </Text>
        <Group mt="xl" gap="sm">
          <Button
            component={Link}
            to={primary.to}
            size="md"
            rightSection={<IconArrowRight size={18} className={classes.forwardIcon} aria-hidden />}
          >
            {primary.label}
          </Button>
          <Button component={Link} to="/pricing" size="md" variant="default">
            {t('home.hero.seePlans')}
          </Button>
        </Group>
        <List
          mt="xl"
          spacing={6}
          size="sm"
          className={classes.heroPoints}
          icon={
            <ThemeIcon size={20} radius="xl" color="success" variant="light">
              <IconCheck size={13} stroke={2.5} aria-hidden />
            </ThemeIcon>
          }
        >
          <List.Item>{t('home.hero.points.inbox')}</List.Item>
          <List.Item>{t('home.hero.points.autoReply')}</List.Item>
          <List.Item>{t('home.hero.points.api')}</List.Item>
        </List>
      </div>
      <InboxPreview />
    </section>
  );
}
