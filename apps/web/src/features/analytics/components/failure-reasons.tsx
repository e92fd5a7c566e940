import { Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { kFormat } from '../../../lib/format';
import { isolateLtr, isolateText } from '../../../lib/isolate';
import { useAnalyticsText } from '../analytics-text';
import { useAnalyticsOverview } from '../api/use-analytics-overview';
import type { RangeChoice } from '../lib/analytics-range';
import classes from './analytics.module.css';
import { ExportButton } from './export-button';
import { Panel } from './panel';

/** The five most frequent error codes of the range's failed messages, with a sample text each. */
export function FailureReasons({ range }: { range: RangeChoice }) {
  const t = useAnalyticsText();
  const { i18n } = useTranslation();
  const query = useAnalyticsOverview(range);
  return (
    <Panel
      title={t('failures.title')}
      query={query}
      empty={({ failureReasons }) => (failureReasons.length === 0 ? t('failures.empty') : null)}
      testId="failure-reasons"
      actions={<ExportButton series="failures" range={range} what={t('failures.exportName')} />}
    >
      {({ failureReasons }) => {
        const most = Math.max(...failureReasons.map((reason) => reason.count));
        return (
          <Stack gap="sm" component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
            {failureReasons.map((reason) => (
              <li key={reason.code}>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="sm" fw={600} ff="monospace" truncate>
                    {reason.code === 'unknown' ? t('failures.unknown') : isolateText(reason.code)}
                  </Text>
                  <Text size="sm" className={classes.numbers}>
                    {t('failures.count', { count: isolateLtr(kFormat(reason.count, i18n.language)) })}
                  </Text>
                </Group>
                {reason.text && (
                  <Text size="xs" c="dimmed" lineClamp={2}>
                    {isolateText(reason.text)}
                  </Text>
                )}
                <Progress value={(reason.count / most) * 100} color="red" size="sm" mt={4} aria-hidden />
              </li>
            ))}
          </Stack>
        );
      }}
    </Panel>
  );
}
