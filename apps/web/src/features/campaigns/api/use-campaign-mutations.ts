import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Campaign, CampaignAction, CreateCampaignBody, Message, UpdateCampaignBody } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { campaignKeys } from './campaign-keys';
import { applyCampaignUpdated } from './campaigns-cache';

const path = (id: string, rest = '') => `/api/campaigns/${encodeURIComponent(id)}${rest}`;

export async function createCampaign(body: CreateCampaignBody): Promise<Campaign> {
  const { campaign } = await api<{ campaign: Campaign }>('/api/campaigns', { method: 'POST', body });
  return campaign;
}

/** A new draft; the list shows it at once. */
export function useCreateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCampaign, onSuccess: (c) => applyCampaignUpdated(queryClient, c) });
}

export async function updateCampaign({ id, body }: { id: string; body: UpdateCampaignBody }): Promise<Campaign> {
  const { campaign } = await api<{ campaign: Campaign }>(path(id), { method: 'PATCH', body });
  return campaign;
}

/** Saves changes of a draft (the wizard saves as one goes). */
export function useUpdateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateCampaign, onSuccess: (c) => applyCampaignUpdated(queryClient, c) });
}

/** Deletes a draft. */
export function useDeleteCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(path(id), { method: 'DELETE' }),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: campaignKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: campaignKeys.lists() });
    },
  });
}

export async function runCampaignAction({ id, action }: { id: string; action: CampaignAction }): Promise<Campaign> {
  const { campaign } = await api<{ campaign: Campaign }>(path(id, `/${action}`), { method: 'POST' });
  return campaign;
}

/** start, pause, resume, cancel, unschedule, retry-failed: the answer is the campaign. */
export function useCampaignAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runCampaignAction,
    onSuccess: (campaign) => {
      applyCampaignUpdated(queryClient, campaign);
      void queryClient.invalidateQueries({ queryKey: campaignKeys.throughput(campaign.id) });
      void queryClient.invalidateQueries({ queryKey: campaignKeys.recipients(campaign.id) });
    },
  });
}

export interface SendTestInput {
  id: string;
  to: string;
  contactId?: string;
}

/** Queues the draft's text, personalised, to one number. */
export function useSendCampaignTest() {
  return useMutation({
    mutationFn: async ({ id, to, contactId }: SendTestInput) =>
      (await api<{ message: Message }>(path(id, '/test'), { method: 'POST', body: { to, contactId } })).message,
  });
}
