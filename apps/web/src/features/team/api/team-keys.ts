import type { UsersQuery } from '@switchboard/contract';

/** Every query key of the team feature, from one factory (prefix `team`). */
export const teamKeys = {
  all: ['team'] as const,
  pages: () => [...teamKeys.all, 'users'] as const,
  /** One page of users for one search, filter and page size. */
  page: (query: UsersQuery) => [...teamKeys.pages(), query] as const,
  user: (id: string) => [...teamKeys.all, 'user', id] as const,
  invitations: () => [...teamKeys.all, 'invitations'] as const,
  /** The public preview of an invitation link (accept page, no session). */
  invitation: (token: string) => [...teamKeys.all, 'invitation', token] as const,
};

/** The server's paths, in one place. */
export const teamPaths = {
  users: '/api/user-management/users',
  user: (id: string) => `/api/user-management/users/${encodeURIComponent(id)}`,
  invitations: '/api/user-management/invitations',
  resend: (id: string) => `/api/user-management/invitations/${encodeURIComponent(id)}/resend`,
  invitation: (id: string) => `/api/user-management/invitations/${encodeURIComponent(id)}`,
  preview: (token: string) => `/api/invitations/${encodeURIComponent(token)}`,
  accept: '/api/invitations/accept',
};
