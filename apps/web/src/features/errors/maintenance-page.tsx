import { useTranslation } from 'react-i18next';
import { ErrorLayout } from './components/error-layout';
import { MaintenanceIllustration } from './components/maintenance-illustration';

export default function MaintenancePage() {
  const { t } = useTranslation('errors');
  return (
    <ErrorLayout
      illustration={<MaintenanceIllustration />}
      title={t('pages.maintenance.title')}
      text={t('pages.maintenance.text')}
    />
  );
}
