import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useFeatureNotifications } from '../../../lib/use-feature-notifications';
import { useAnalyticsText } from '../analytics-text';
import { exportAnalytics, type AnalyticsExport } from '../api/export-analytics';
import type { RangeChoice } from '../lib/analytics-range';

interface ExportButtonProps {
  series: AnalyticsExport;
  range: RangeChoice;
  /** What the file holds, for its accessible name ("Export the failure reasons as CSV"). */
  what: string;
}

/** Downloads one series of the range as CSV with the signed-in user's token. */
export function ExportButton({ series, range, what }: ExportButtonProps) {
  const t = useAnalyticsText();
  const notify = useFeatureNotifications(t('export.failed'));
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      await exportAnalytics(series, range);
    } catch (error) {
      notify.failure(error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button
      size="compact-xs"
      variant="default"
      leftSection={<IconDownload size={14} aria-hidden />}
      onClick={() => void download()}
      loading={busy}
      aria-label={t('export.label', { what })}
      data-testid={`export-${series}`}
    >
      {t('export.button')}
    </Button>
  );
}
