import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconFileTypePdf, IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isRtl } from '../../../i18n/resources';
import { useApiErrorMessage } from '../../../lib/use-api-error-message';
import { useFeatureNotifications } from '../../../lib/use-feature-notifications';
import { useDownloadInvoicePdf, useInvoice } from '../api/invoices';
import { useBillingText } from '../billing-text';
import { InvoiceDocument } from '../components/invoice-document';

/**
 * /views/billing/invoices/:id (admins): one invoice or credit note, printable (Print prints the
 * document alone, see invoice.module.css) and as the server's PDF.
 */
export default function InvoicePage() {
  const { id = '' } = useParams();
  const t = useBillingText();
  const { i18n } = useTranslation();
  const errorMessage = useApiErrorMessage();
  const invoice = useInvoice(id);
  const download = useDownloadInvoicePdf();
  const notify = useFeatureNotifications(t('invoices.pdfFailed'));
  const BackIcon = isRtl(i18n.language) ? IconArrowRight : IconArrowLeft;

  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm">
        <Button component={Link} to="/views/billing" variant="subtle" leftSection={<BackIcon size={18} aria-hidden />}>
          {t('invoice.back')}
        </Button>
        {invoice.data && (
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconPrinter size={18} aria-hidden />}
              onClick={() => window.print()}
            >
              {t('invoice.print')}
            </Button>
            <Button
              leftSection={<IconFileTypePdf size={18} aria-hidden />}
              loading={download.isPending}
              onClick={() => download.mutate(invoice.data, { onError: notify.failure })}
            >
              {t('invoice.pdf')}
            </Button>
          </Group>
        )}
      </Group>
      {invoice.isPending ? (
        <Group justify="center" py="xl">
          <Loader size="sm" aria-label={t('invoices.title')} />
        </Group>
      ) : invoice.isError ? (
        <Alert color="red" title={t('invoice.loadFailed')} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(invoice.error)}</Text>
            <Button size="xs" variant="default" onClick={() => void invoice.refetch()}>
              {t('retry')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <InvoiceDocument invoice={invoice.data} />
      )}
    </Stack>
  );
}
