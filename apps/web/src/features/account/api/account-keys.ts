/** Query keys of the account feature: the caller's account, their sessions, the workspace's profile. */
export const accountKeys = {
  all: ['account'] as const,
  account: () => [...accountKeys.all, 'me'] as const,
  sessions: () => [...accountKeys.all, 'sessions'] as const,
  workspaceProfile: () => [...accountKeys.all, 'workspace-profile'] as const,
};
