import { IconCalendarX } from '@tabler/icons-react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { useBillingText } from '../billing-text';

interface CancelSubscriptionModalProps {
  opened: boolean;
  planName: string;
  /** Formatted: the day the plan stops. */
  periodEnd: string;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before a cancel at period end: until when the plan runs, and what happens to a paid next period. */
export function CancelSubscriptionModal({ planName, periodEnd, ...props }: CancelSubscriptionModalProps) {
  const t = useBillingText();
  return (
    <ConfirmModal
      {...props}
      title={t('subscription.cancelTitle')}
      text={t('subscription.cancelText', { plan: planName, date: periodEnd })}
      confirmLabel={t('subscription.cancel')}
      icon={<IconCalendarX size={18} aria-hidden />}
    />
  );
}
