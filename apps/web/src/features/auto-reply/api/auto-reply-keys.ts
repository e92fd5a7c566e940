/** Every query key of the auto-reply feature, from one factory (prefix `auto-reply`). */
export const autoReplyKeys = {
  all: ['auto-reply'] as const,
  /** The workspace's rules in priority order (first answers first). */
  rules: () => [...autoReplyKeys.all, 'rules'] as const,
  settings: () => [...autoReplyKeys.all, 'settings'] as const,
};
