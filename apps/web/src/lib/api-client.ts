import type { ErrorCode, FieldError } from '@switchboard/contract';
import { refreshAccessToken, session } from './session';

/** A failed API call: the server's `{ error, code }`, or NETWORK when it could not be reached. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK',
    message: string,
    readonly fields?: FieldError[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

async function send(path: string, request: ApiRequest, token: string | undefined): Promise<Response> {
  const headers: Record<string, string> = {};
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  try {
    return await fetch(path, {
      method: request.method ?? 'GET',
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      credentials: 'same-origin',
      signal: request.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', 'The server could not be reached. Check your connection.');
  }
}

/**
 * Calls the API with the access token. On a 401 it waits for the one shared refresh and retries
 * once with the new token; when the refresh fails the session ends (the route guard then sends
 * the user to the login page with `to`).
 */
export async function api<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const token = session.accessToken();
  let response = await send(path, request, token);
  if (response.status === 401 && token) {
    // Another request may already have refreshed while this one was in flight.
    const current = session.accessToken();
    const fresh = current && current !== token ? current : await refreshAccessToken();
    if (!fresh) {
      session.signOut('expired');
    } else {
      const state = session.get();
      if (state.status === 'authenticated' && fresh !== state.accessToken) session.renew(state.user, fresh);
      response = await send(path, request, fresh);
    }
  }
  const text = await response.text();
  const body: unknown = text ? JSON.parse(text) : undefined;
  if (!response.ok) {
    const { error, code, fields } = (body ?? {}) as { error?: string; code?: ErrorCode; fields?: FieldError[] };
    throw new ApiError(response.status, code ?? 'INTERNAL', error ?? response.statusText, fields);
  }
  return body as T;
}
