import { Alert, FileButton, Button, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useApiErrorMessage } from '../../../../lib/use-api-error-message';
import { useAudienceCsv } from '../../api/use-audience-csv';
import { useCampaignsText } from '../../campaigns-text';

/** A CSV imported into a new list just for this campaign (see useAudienceCsv). */
export function AudienceCsv({ campaignName, onList }: { campaignName: string; onList: (listId: string) => void }) {
  const t = useCampaignsText();
  const { i18n } = useTranslation();
  const errorMessage = useApiErrorMessage();
  const csv = useAudienceCsv(campaignName, onList);
  const { state } = csv;
  const number = new Intl.NumberFormat(i18n.language);
  const busy = state.step === 'uploading' || (state.step === 'importing' && state.import.state === 'running');

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Text fw={600} size="sm">
          {t('audienceStep.csvTitle')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('audienceStep.csvText')}
        </Text>
        <FileButton onChange={(file) => file && csv.upload(file)} accept=".csv,text/csv,text/plain">
          {(props) => (
            <Button
              {...props}
              variant="default"
              leftSection={<IconUpload size={16} aria-hidden />}
              loading={busy}
              w="fit-content"
            >
              {t('audienceStep.csvChoose')}
            </Button>
          )}
        </FileButton>
        <div aria-live="polite">
          {state.step === 'noNumberColumn' && <Alert color="yellow">{t('audienceStep.csvNoNumber')}</Alert>}
          {state.step === 'failed' && (
            <Alert color="red">{t('audienceStep.csvFailed', { reason: errorMessage(state.error) })}</Alert>
          )}
          {state.step === 'importing' && state.import.state === 'running' && (
            <Stack gap={4}>
              <Text size="sm">
                {t('audienceStep.csvRunning', {
                  done: number.format(state.import.processedRows),
                  total: number.format(state.import.totalRows),
                })}
              </Text>
              <Progress
                value={state.import.totalRows ? (state.import.processedRows / state.import.totalRows) * 100 : 0}
                aria-hidden
              />
            </Stack>
          )}
          {state.step === 'importing' && state.import.state === 'completed' && (
            <Alert color="green" data-testid="campaign-csv-done">
              {t('audienceStep.csvDone', {
                created: number.format(state.import.created),
                existing: number.format(state.import.updated + state.import.skipped),
                list: state.listName,
                invalid: number.format(state.import.invalid),
              })}
            </Alert>
          )}
          {state.step === 'importing' && (state.import.state === 'failed' || state.import.state === 'cancelled') && (
            <Alert color="red">
              {t('audienceStep.csvFailed', { reason: state.import.error ?? state.import.state })}
            </Alert>
          )}
        </div>
      </Stack>
    </Paper>
  );
}
