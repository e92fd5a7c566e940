import { Alert, Button, Group, Loader, Paper, Progress, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { ContactImport } from '@switchboard/contract';
import { IconAlertTriangle, IconCircleCheck, IconDownload, IconPlayerStop } from '@tabler/icons-react';
import { useState } from 'react';
import { isolateText } from '../../../../lib/isolate';
import { downloadInvalidRows } from '../../api/download-invalid-rows';
import { useCancelContactImport } from '../../api/use-cancel-contact-import';
import { useContactsNotifications } from '../../hooks/use-contacts-notifications';
import { useImportText } from '../../import-text';
import { invalidRowText } from '../../lib/import-report';
import classes from './import-modal.module.css';

const COUNTS = ['created', 'updated', 'skipped', 'invalid', 'duplicates'] as const;

/** The five counts, as they stand (while running) or as the report. */
function Counts({ report }: { report: ContactImport }) {
  const t = useImportText();
  return (
    <SimpleGrid cols={{ base: 2, xs: 3, sm: 5 }} spacing="xs">
      {COUNTS.map((count) => (
        <Paper key={count} withBorder radius="md" p="xs" className={classes.count} data-testid={`import-${count}`}>
          <Text size="xs" c="dimmed" lh={1.3}>
            {t(`run.counts.${count}`)}
          </Text>
          <Text
            size="xl"
            fw={700}
            className={classes.countValue}
            c={count === 'invalid' && report.invalid > 0 ? 'red' : undefined}
          >
            {report[count].toLocaleString()}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** The invalid rows with their line and reason (the first ones), and the download of all of them. */
function InvalidRows({ report }: { report: ContactImport }) {
  const t = useImportText();
  const notify = useContactsNotifications();
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadInvalidRows(report.id);
    } catch (error) {
      notify.failure(error);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="wrap">
        <Text fw={600}>{t('run.invalidTitle')}</Text>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={downloading}
          onClick={() => void download()}
        >
          {t('run.download')}
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={280} mah={220}>
        <Table fz="sm" striped withTableBorder stickyHeader aria-label={t('run.invalidTitle')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={80}>{t('run.row')}</Table.Th>
              <Table.Th>{t('run.reason')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.invalidRows.map((invalid) => (
              <Table.Tr key={invalid.row}>
                <Table.Td>{invalid.row}</Table.Td>
                <Table.Td>{invalidRowText(invalid, t)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {report.invalid > report.invalidRows.length && (
        <Text size="xs" c="dimmed">
          {t('run.invalidMore', { shown: report.invalidRows.length, total: report.invalid.toLocaleString() })}
        </Text>
      )}
    </Stack>
  );
}

/** What ended the import: finished, cancelled or failed. */
function Outcome({ report }: { report: ContactImport }) {
  const t = useImportText();
  if (report.state === 'completed')
    return <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />} title={t('run.completed')} />;
  if (report.state === 'cancelled')
    return (
      <Alert color="yellow" variant="light" icon={<IconPlayerStop aria-hidden />}>
        {t('run.cancelled')}
      </Alert>
    );
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />}>
      {t('run.failed', { reason: report.error ?? '' })}
    </Alert>
  );
}

/** A running import's progress with its cancel button, then its report. */
export function RunStep({ report }: { report: ContactImport | undefined }) {
  const t = useImportText();
  const notify = useContactsNotifications();
  const cancel = useCancelContactImport();
  if (!report)
    return (
      <Group justify="center" p="xl">
        <Loader />
      </Group>
    );
  const running = report.state === 'running' || report.state === 'uploaded';
  const percent = report.totalRows ? Math.round((report.processedRows / report.totalRows) * 100) : 0;
  return (
    <Stack gap="md" data-testid="import-report" data-state={report.state}>
      {running ? (
        <Stack gap={6}>
          <Group justify="space-between" wrap="nowrap">
            <Text fw={600} dir="auto">
              {t('run.running', { file: isolateText(report.fileName) })}
            </Text>
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('run.progress', {
                done: report.processedRows.toLocaleString(),
                total: report.totalRows.toLocaleString(),
              })}
            </Text>
          </Group>
          <Progress value={percent} animated size="lg" aria-label={t('run.running', { file: report.fileName })} />
          <Text size="xs" c="dimmed">
            {t('run.keepsRunning')}
          </Text>
        </Stack>
      ) : (
        <Outcome report={report} />
      )}
      <Counts report={report} />
      {report.duplicates > 0 && (
        <Text size="sm" c="dimmed">
          {t('run.duplicatesNote')}
        </Text>
      )}
      {report.invalid > 0 && !running && <InvalidRows report={report} />}
      {running && (
        <Group justify="flex-start">
          <Button
            variant="light"
            color="red"
            leftSection={<IconPlayerStop size={16} aria-hidden />}
            loading={cancel.isPending}
            onClick={() => cancel.mutate(report.id, { onError: notify.failure })}
          >
            {t('run.cancel')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
