import { Alert, Button, Group, List, Paper, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import type { Campaign, CampaignReview } from '@switchboard/contract';
import { IconPlayerPlay, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api-client';
import { formatDateTime } from '../../../../lib/format';
import { isolateLtr } from '../../../../lib/isolate';
import { useApiErrorMessage } from '../../../../lib/use-api-error-message';
import { UsageBar, useUsage } from '../../../usage/public';
import { useCampaignsText } from '../../campaigns-text';
import { formatDuration } from '../../lib/campaign-figures';

interface ReviewStepProps {
  campaign: Campaign;
  review: CampaignReview | undefined;
  loading: boolean;
  failed: unknown;
  onRefresh: () => void;
  starting: boolean;
  startError: unknown;
  onStart: () => void;
}

const PROBLEM_CODES = {
  NO_NETWORK: true,
  NETWORK_DISABLED: true,
  NETWORK_NOT_FOUND: true,
  EMPTY_BODY: true,
  UNKNOWN_VARIABLE: true,
  NO_AUDIENCE: true,
  NO_RECIPIENTS: true,
} as const;

function Figure({ label, value, detail, testId }: { label: string; value: string; detail?: string; testId: string }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl" data-testid={testId}>
        {value}
      </Text>
      {detail && (
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      )}
    </Paper>
  );
}

/** Why starting was refused: the quota's numbers when the server gave them, else the error by code. */
function useStartErrorText() {
  const t = useCampaignsText();
  const errorMessage = useApiErrorMessage();
  const { i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  return (error: unknown) => {
    if (error instanceof ApiError && error.code === 'QUOTA_EXCEEDED' && error.quota?.needed !== undefined) {
      return `${errorMessage(error)} ${t('review.quotaExceeded', {
        needed: number.format(error.quota.needed),
        remaining: number.format(error.quota.remaining ?? 0),
      })}`;
    }
    return errorMessage(error);
  };
}

/** Step 6: the server's count of what starting would do, what keeps it from starting, and Start. */
export function ReviewStep(props: ReviewStepProps) {
  const t = useCampaignsText();
  const { i18n } = useTranslation();
  const usage = useUsage();
  const startErrorText = useStartErrorText();
  const errorMessage = useApiErrorMessage();
  const number = new Intl.NumberFormat(i18n.language);
  const { review, campaign } = props;

  if (!review) {
    return props.failed ? (
      <Alert color="red" title={t('review.failed')}>
        {errorMessage(props.failed)}
      </Alert>
    ) : (
      <Text role="status">{t('review.loading')}</Text>
    );
  }
  const { exclusions } = review;
  const excluded = exclusions.optedOut + exclusions.invalid + exclusions.duplicate + exclusions.missingVariable;
  const blocked = review.problems.length > 0;
  const sendAt = campaign.schedule.sendAt;
  // Known problems in the reader's language (the server's English for any other).
  const problemText = ({ code, message }: { code: string; message: string }) => {
    if (code === 'QUOTA_EXCEEDED') {
      return t('review.quotaExceeded', {
        needed: number.format(review.totalSegments),
        remaining: number.format(review.quota.remaining ?? 0),
      });
    }
    return code in PROBLEM_CODES ? t(`problems.${code as keyof typeof PROBLEM_CODES}`) : message;
  };

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <Figure label={t('review.recipients')} value={number.format(review.recipients)} testId="review-recipients" />
        <Figure
          label={t('review.excluded')}
          value={number.format(excluded)}
          testId="review-excluded"
          detail={`${t('review.optedOut')} ${number.format(exclusions.optedOut)} · ${t('review.invalid')} ${number.format(exclusions.invalid)} · ${t('review.duplicate')} ${number.format(exclusions.duplicate)} · ${t('review.missingVariable')} ${number.format(exclusions.missingVariable)}`}
        />
        <Figure
          label={t('review.segments')}
          value={number.format(review.totalSegments)}
          testId="review-segments"
          detail={t('review.segmentsDetail', { n: review.maxSegmentsPerRecipient, encoding: review.encoding })}
        />
        <Figure
          label={t('review.duration')}
          value={formatDuration(review.estimatedSeconds, i18n.language)}
          testId="review-duration"
          detail={t('review.durationDetail', { rate: number.format(review.effectiveRatePerSecond) })}
        />
      </SimpleGrid>
      <Paper withBorder p="sm" radius="md">
        <Text size="xs" c="dimmed" mb={4}>
          {t('review.quotaAfter')}
        </Text>
        <Text fw={600} data-testid="review-quota-after" mb="xs">
          {review.quota.after === null ? t('review.unlimited') : number.format(review.quota.after)}
        </Text>
        {usage.data && <UsageBar usage={usage.data} adding={review.totalSegments} />}
      </Paper>
      {review.sample && (
        <Paper withBorder p="sm" radius="md">
          <Text size="xs" c="dimmed" mb={4}>
            {t('review.sample', { to: review.sample.to })}
          </Text>
          <Text
            size="sm"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            dir="auto"
            data-testid="review-sample"
          >
            {review.sample.body}
          </Text>
        </Paper>
      )}
      {blocked && (
        <Alert color="red" title={t('review.problems')} data-testid="review-problems">
          <List size="sm">
            {review.problems.map((problem) => (
              <List.Item key={problem.code}>{problemText(problem)}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {props.startError !== null && props.startError !== undefined && (
        <Alert color="red" role="alert" data-testid="start-error">
          {startErrorText(props.startError)}
        </Alert>
      )}
      <Group gap="sm">
        <Tooltip label={t('review.startDisabled')} disabled={!blocked}>
          {/* A disabled button gets no hover: the wrapper carries the tooltip and the reason. */}
          <span tabIndex={blocked ? 0 : undefined} aria-describedby={blocked ? 'review-start-reason' : undefined}>
            <Button
              leftSection={<IconPlayerPlay size={18} aria-hidden />}
              disabled={blocked || props.loading}
              loading={props.starting}
              onClick={props.onStart}
            >
              {sendAt ? t('review.schedule', { when: isolateLtr(formatDateTime(sendAt)) }) : t('review.start')}
            </Button>
          </span>
        </Tooltip>
        <Button variant="subtle" leftSection={<IconRefresh size={16} aria-hidden />} onClick={props.onRefresh}>
          {t('review.refresh')}
        </Button>
      </Group>
      {blocked && (
        <Text id="review-start-reason" size="sm" c="dimmed">
          {t('review.startDisabled')}
        </Text>
      )}
    </Stack>
  );
}
