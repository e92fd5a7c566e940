import { useTranslation } from 'react-i18next';
import { ErrorLayout } from './components/error-layout';
import { ServerErrorIllustration } from './components/server-error-illustration';

/** Also rendered in place by the router's error element, so it must not depend on the failed page. */
export default function Error500Page() {
  const { t } = useTranslation('errors');
  return (
    <ErrorLayout
      illustration={<ServerErrorIllustration />}
      title={t('pages.serverError.title')}
      text={t('pages.serverError.text')}
      reloadHome
    />
  );
}
