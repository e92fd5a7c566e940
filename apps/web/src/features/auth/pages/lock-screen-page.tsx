import { Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageHandle } from '../../../app/route-guard';
import { useRouteTitle } from '../../../app/use-route-title';

/** The real layout, title and breadcrumb of a page whose tools arrive with a later issue. */
export default function ComingLaterPage() {
  const { t } = useTranslation();
  const handle = usePageHandle();
  const routeTitle = useRouteTitle();
  return (
    <>
      <Title order={2}>{handle ? routeTitle(handle.id) : ''}</Title>
      <Text c="dimmed">{t('comingSoon')}</Text>
    </>
  );
}
