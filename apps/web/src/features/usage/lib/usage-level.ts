import type { Usage } from '@switchboard/contract';

/** How full the month is: `warning` from 80 %, `danger` from 100 % (nothing more can be sent). */
export type UsageLevel = 'unlimited' | 'normal' | 'warning' | 'danger';

export const WARNING_SHARE = 0.8;

export function usageLevel(usage: Pick<Usage, 'used' | 'quota'>): UsageLevel {
  if (usage.quota === null) return 'unlimited';
  if (usage.quota <= 0 || usage.used >= usage.quota) return 'danger';
  return usage.used >= usage.quota * WARNING_SHARE ? 'warning' : 'normal';
}

/** Share of the quota used, 0–100 (whole percent, rounded down so 99.9 % never reads 100 %). */
export function usagePercent(usage: Pick<Usage, 'used' | 'quota'>): number | null {
  if (usage.quota === null) return null;
  if (usage.quota <= 0) return 100;
  return Math.min(100, Math.floor((usage.used / usage.quota) * 100));
}

/** The theme colour of each level (app/theme.ts: success green, warning amber, danger red). */
export const LEVEL_COLORS: Record<UsageLevel, string> = {
  unlimited: 'gray',
  normal: 'success',
  warning: 'warning',
  danger: 'danger',
};
