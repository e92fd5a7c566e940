import { Card, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconApi,
  IconBrandAndroid,
  IconMessageChatbot,
  IconMessages,
  IconMicrophone,
  IconSend,
  type Icon,
} from '@tabler/icons-react';
import { usePagesText } from '../pages-text';
import classes from './home.module.css';

const FEATURES: Array<{
  id: 'smsInbox' | 'voiceInbox' | 'autoReply' | 'networks' | 'campaigns' | 'api';
  icon: Icon;
  color: string;
}> = [
  { id: 'smsInbox', icon: IconMessages, color: 'brand' },
  { id: 'voiceInbox', icon: IconMicrophone, color: 'success' },
  { id: 'autoReply', icon: IconMessageChatbot, color: 'warning' },
  { id: 'networks', icon: IconBrandAndroid, color: 'success' },
  { id: 'campaigns', icon: IconSend, color: 'danger' },
  { id: 'api', icon: IconApi, color: 'brand' },
];

/** What the product does, one tile per capability. */
export function FeatureTiles() {
  const t = usePagesText();
  return (
    <section aria-labelledby="home-features" className={classes.section}>
      <div className={classes.sectionIntro}>
        <Title order={2} id="home-features" className={classes.sectionTitle}>
          {t('home.features.title')}
        </Title>
        <Text c="dimmed">{t('home.features.subtitle')}</Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {FEATURES.map(({ id, icon: FeatureIcon, color }) => (
          <Card key={id} padding="lg" radius="lg" className={classes.tile}>
            <ThemeIcon size={48} radius="md" variant="light" color={color} mb="md">
              <FeatureIcon size={26} stroke={1.6} aria-hidden />
            </ThemeIcon>
            <Title order={3} size="h5" mb={6}>
              {t(`home.features.${id}.title`)}
            </Title>
            <Text size="sm" c="dimmed">
              {t(`home.features.${id}.text`)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </section>
  );
}
