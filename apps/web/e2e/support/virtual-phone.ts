import { expect, type APIRequestContext } from '@playwright/test';
import type { Message, Network } from '@switchboard/contract';

/** A fictional number (555-1000…9998) that other tests on the same database are unlikely to use. */
export function virtualPhoneNumber(): string {
  return `+1202555${String(1000 + Math.floor(Math.random() * 8999)).slice(0, 4)}`;
}

/** The sandbox's virtual phone: texts the workspace, and reads its thread with the workspace. */
export function virtualPhone(
  request: APIRequestContext,
  headers: Record<string, string>,
  network: Network,
  number: string,
) {
  return {
    async text(body: string) {
      const response = await request.post(`/api/networks/${network.id}/sandbox/messages`, {
        headers,
        data: { from: number, body },
      });
      expect(response.status(), await response.text()).toBe(201);
    },
    async thread(): Promise<Message[]> {
      const response = await request.get(
        `/api/networks/${network.id}/sandbox/messages?number=${encodeURIComponent(number)}`,
        { headers },
      );
      expect(response.status()).toBe(200);
      return ((await response.json()) as { messages: Message[] }).messages;
    },
  };
}
