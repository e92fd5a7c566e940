/**
 * The plans and the monthly SMS quota: plan names, the usage bar and the navigation's badge. Not
 * in index.ts: the usage feature registers it (features/usage/usage-text.ts).
 */
export const usage = {
  plans: { starter: 'Starter', business: 'Business', pro: 'Professional', unlimited: 'Unlimited' },
  currentPlan: 'Current plan',
  planName: '{{plan}} plan',
  title: 'SMS this month',
  used: '{{used}} of {{quota}} SMS segments used',
  usedUnlimited: '{{used}} SMS segments sent, no monthly limit',
  remaining: '{{remaining}} left',
  renews: 'Renews on {{date}}',
  warning: 'Over 80% of this month’s SMS quota is used.',
  danger: 'This month’s SMS quota is used up: messages are refused until it renews or the plan grows.',
  badge: 'SMS quota: {{percent}} used',
  badgeText: 'SMS {{percent}}',
  timeZone: {
    label: 'Workspace time zone',
    help: 'Months of the SMS quota begin at midnight in this zone; quiet hours use it for contacts whose zone is unknown.',
    search: 'Search a time zone',
    value: 'Time zone: {{zone}}',
    change: 'Change',
    changeLabel: 'Change the workspace’s time zone ({{zone}})',
    saved: 'The workspace’s time zone is now {{zone}}.',
    failed: 'The time zone could not be changed',
  },
  loadFailed: 'The SMS usage could not be loaded.',
};
