export const common = {
  appName: 'Switchboard',
  loading: 'Loading…',
  close: 'Close',
  cancel: 'Cancel',
  /** The copy buttons (components/copy-action.tsx). */
  copy: { copy: 'Copy', copied: 'Copied', label: 'Copy: {{what}}' },
  save: 'Save',
  backHome: 'Back to home',
  comingSoon: 'This page’s tools arrive with a later release. The navigation, title and breadcrumb already work.',
  serverStatus: { checking: 'Checking server…', ok: 'Server ready', unavailable: 'Server unavailable' },
  /** The SMS counter of the composer and the auto-reply preview (components/sms-counter.tsx). */
  sms: {
    characters: 'Characters: {{n}}',
    segments: 'SMS parts: {{n}}',
    left: 'Left in this part: {{n}}',
    replace: 'Replace with GSM-7 equivalents',
  },
};
