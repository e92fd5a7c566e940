import { Group, Paper, Progress, SimpleGrid, Text } from '@mantine/core';
import type { CampaignCounts } from '@switchboard/contract';
import { useTranslation } from 'react-i18next';
import { useCampaignsText } from '../../campaigns-text';
import { progressPercent } from '../../lib/campaign-figures';

const SHOWN = ['recipients', 'queued', 'sent', 'delivered', 'failed', 'cancelled', 'optedOut', 'replied'] as const;

/** The live counts, and a bar of delivered / sent / failed / cancelled over all recipients. */
export function ProgressCounts({ counts }: { counts: CampaignCounts }) {
  const t = useCampaignsText();
  const { i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const share = (n: number) => (counts.recipients ? (n / counts.recipients) * 100 : 0);
  const percent = progressPercent(counts);

  return (
    <div>
      <Group justify="space-between" mb={6}>
        <Text size="sm" fw={600}>
          {t('report.progress')}
        </Text>
        <Text size="sm" c="dimmed" data-testid="campaign-progress-percent">
          {new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0, style: 'percent' }).format(percent / 100)}
        </Text>
      </Group>
      {/* The sections' figures are the counts below; the percentage above is the bar's text. */}
      <Progress.Root size="lg" aria-hidden>
        <Progress.Section value={share(counts.delivered)} color="green" />
        <Progress.Section value={share(counts.sent + counts.sending)} color="blue" />
        <Progress.Section value={share(counts.failed)} color="red" />
        <Progress.Section value={share(counts.cancelled)} color="gray" />
      </Progress.Root>
      <SimpleGrid cols={{ base: 2, sm: 4 }} mt="md" spacing="sm">
        {SHOWN.map((key) => (
          <Paper key={key} withBorder p="xs" radius="md">
            <Text size="xs" c="dimmed">
              {t(`report.counts.${key}`)}
            </Text>
            <Text fw={700} size="lg" data-testid={`count-${key}`}>
              {number.format(key === 'sent' ? counts.sent + counts.sending : counts[key])}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </div>
  );
}
