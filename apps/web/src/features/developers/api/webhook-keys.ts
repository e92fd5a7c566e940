/** Every query key of the webhooks section, from one factory (prefix `webhooks`). */
export const webhookKeys = {
  all: ['webhooks'] as const,
  /** The workspace's endpoints. */
  list: () => [...webhookKeys.all, 'list'] as const,
  /** One endpoint's delivery log, newest first. */
  deliveries: (id: string) => [...webhookKeys.all, 'deliveries', id] as const,
};
