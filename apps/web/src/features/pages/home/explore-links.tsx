import { Card, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconDownload, IconInfoCircle, IconPhoneCall, IconTag, type Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePagesText } from '../pages-text';
import classes from './home.module.css';

const LINKS: Array<{ id: 'pricing' | 'contactUs' | 'aboutUs' | 'downloads'; to: string; icon: Icon }> = [
  { id: 'pricing', to: '/pricing', icon: IconTag },
  { id: 'contactUs', to: '/contact-us', icon: IconPhoneCall },
  { id: 'aboutUs', to: '/about-us', icon: IconInfoCircle },
  { id: 'downloads', to: '/downloads', icon: IconDownload },
];

/** The company pages: pricing, contact, about, downloads. */
export function ExploreLinks() {
  const t = usePagesText();
  const { t: tNav } = useTranslation('nav');
  return (
    <section aria-labelledby="home-more" className={classes.section}>
      <Title order={2} id="home-more" className={classes.sectionTitle} mb="lg">
        {t('home.more.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
        {LINKS.map(({ id, to, icon: LinkIcon }) => (
          <Card key={id} component={Link} to={to} padding="lg" radius="lg" className={classes.linkCard}>
            <Group justify="space-between" mb="sm" wrap="nowrap">
              <ThemeIcon size={40} radius="md" variant="light" color="brand">
                <LinkIcon size={22} stroke={1.6} aria-hidden />
              </ThemeIcon>
              <IconArrowRight size={18} className={classes.linkArrow} aria-hidden />
            </Group>
            <Text fw={650} c="var(--mantine-color-bright)">
              {tNav(`routes.${id}`)}
            </Text>
            <Text size="sm" c="dimmed">
              {t(`home.more.${id}`)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </section>
  );
}
