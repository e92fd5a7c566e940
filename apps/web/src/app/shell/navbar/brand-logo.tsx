import { Group, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandMark } from '../../../components/brand-mark';

/** The product mark and name, linking home (the name is hidden on the narrowest screens). */
export function BrandLogo({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <UnstyledButton component={Link} to="/home" onClick={onNavigate} aria-label={t('appName')}>
      <Group gap={10} wrap="nowrap">
        <BrandMark size={32} />
        <Text component="span" fw={750} fz="lg" lh={1} c="var(--mantine-color-bright)" visibleFrom="sm">
          {t('appName')}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
