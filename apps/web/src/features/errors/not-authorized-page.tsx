import { useTranslation } from 'react-i18next';
import { ErrorLayout } from './components/error-layout';
import { NotAuthorizedIllustration } from './components/not-authorized-illustration';

export default function NotAuthorizedPage() {
  const { t } = useTranslation('errors');
  return (
    <ErrorLayout
      illustration={<NotAuthorizedIllustration />}
      title={t('pages.notAuthorized.title')}
      text={t('pages.notAuthorized.text')}
    />
  );
}
