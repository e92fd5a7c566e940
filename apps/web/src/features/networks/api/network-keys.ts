import { networksQuery } from '../../../lib/queries/use-networks';

/** Every query key of the networks feature, from one factory (prefix `networks`). */
export const networkKeys = {
  all: ['networks'] as const,
  /** The shared networks query's key (lib/queries/use-networks.ts). */
  list: () => networksQuery.queryKey,
  logs: (id: string) => [...networkKeys.all, 'logs', id] as const,
  /** The sandbox's virtual phone thread with the workspace, per phone number (E.164). */
  sandboxThread: (id: string, number: string) => [...networkKeys.all, 'sandbox-thread', id, number] as const,
  sandboxThreads: (id: string) => [...networkKeys.all, 'sandbox-thread', id] as const,
  /** One message followed live (e.g. a test message), so its state updates in place. */
  message: (id: string) => [...networkKeys.all, 'message', id] as const,
};
