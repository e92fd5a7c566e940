import { useTranslation } from 'react-i18next';
import { ErrorLayout } from './components/error-layout';
import { NotFoundIllustration } from './components/not-found-illustration';

export default function Error404Page() {
  const { t } = useTranslation('errors');
  return (
    <ErrorLayout
      illustration={<NotFoundIllustration />}
      title={t('pages.notFound.title')}
      text={t('pages.notFound.text')}
    />
  );
}
