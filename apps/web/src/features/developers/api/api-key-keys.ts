/** Every query key of the developers feature, from one factory (prefix `api-keys`). */
export const apiKeyKeys = {
  all: ['api-keys'] as const,
  /** The workspace's keys, newest first, revoked ones included. */
  list: () => [...apiKeyKeys.all, 'list'] as const,
};
