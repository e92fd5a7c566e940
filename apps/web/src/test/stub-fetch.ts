import { vi } from 'vitest';

export interface SentRequest {
  method: string;
  url: string;
  /** A JSON body as its value; a FormData (an upload) as it was sent. */
  body: unknown;
}

/**
 * Stubs `fetch` (undo with vi.unstubAllGlobals): each request is answered by `respond` (status
 * and JSON body) and kept in the returned list, in order.
 */
export function stubFetch(respond: (request: SentRequest) => { status: number; body?: unknown }): SentRequest[] {
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const request = {
        method: init.method ?? 'GET',
        url,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : (init.body ?? undefined),
      };
      sent.push(request);
      const { status, body } = respond(request);
      return new Response(body === undefined ? null : JSON.stringify(body), { status });
    }),
  );
  return sent;
}
