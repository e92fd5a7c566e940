import type { ErrorCode, ErrorResponse, FieldError, ImportFileProblem, InvitationProblem } from '@switchboard/contract';
import { refreshAccessToken, session } from './session';

/** A failed API call: the server's `{ error, code }`, or NETWORK when it could not be reached. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK',
    message: string,
    readonly fields?: FieldError[],
    /** `QUOTA_EXCEEDED`: the segments still free this month, and (a campaign) those it needs. */
    readonly quota?: { remaining?: number; needed?: number },
    /** `IMPORT_FILE_INVALID`: what is wrong with the uploaded CSV, and on which line when known. */
    readonly importFile?: { problem: ImportFileProblem; line?: number },
    /** `INVITATION_INVALID`: why the link can't be used. */
    readonly invitationProblem?: InvitationProblem,
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
  // A FormData body (a file upload) goes as multipart, with the boundary the browser sets.
  const multipart = request.body instanceof FormData;
  if (request.body !== undefined && !multipart) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  try {
    return await fetch(path, {
      method: request.method ?? 'GET',
      headers,
      body:
        request.body === undefined ? undefined : multipart ? (request.body as FormData) : JSON.stringify(request.body),
      credentials: 'same-origin',
      signal: request.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', 'The server could not be reached. Check your connection.');
  }
}

/**
 * Whether a 401 refuses the access token (the guard's UNAUTHENTICATED, or no readable code), not
 * a credential the request itself carried: a wrong two-factor code while signed in is the answer,
 * and retrying it after a refresh would only send the same wrong code twice.
 */
async function refusesToken(response: Response): Promise<boolean> {
  try {
    const { code } = (await response.clone().json()) as { code?: unknown };
    return code === undefined || code === 'UNAUTHENTICATED';
  } catch {
    return true;
  }
}

/** The request with the access token; on a 401 for the token, once more after the one shared refresh. */
async function sendAuthorized(path: string, request: ApiRequest): Promise<Response> {
  const token = session.accessToken();
  const response = await send(path, request, token);
  if (response.status !== 401 || !token || !(await refusesToken(response))) return response;
  // Another request may already have refreshed while this one was in flight.
  const current = session.accessToken();
  const fresh = current && current !== token ? current : await refreshAccessToken();
  if (!fresh) {
    session.signOut('expired');
    return response;
  }
  const state = session.get();
  if (state.status === 'authenticated' && fresh !== state.accessToken) session.renew(state.user, fresh);
  return send(path, request, fresh);
}

/** A failed answer as an ApiError: the server's `{ error, code, fields }` when it sent one. */
function failureOf(response: Response, body: unknown): ApiError {
  const { error, code, fields, remaining, needed, importProblem, line, invitationProblem } = (body ??
    {}) as Partial<ErrorResponse>;
  const quota = remaining === undefined && needed === undefined ? undefined : { remaining, needed };
  const importFile = importProblem ? { problem: importProblem, ...(line ? { line } : {}) } : undefined;
  return new ApiError(
    response.status,
    code ?? 'INTERNAL',
    error ?? response.statusText,
    fields,
    quota,
    importFile,
    invitationProblem,
  );
}

/**
 * Calls the API with the access token. On a 401 it waits for the one shared refresh and retries
 * once with the new token; when the refresh fails the session ends (the route guard then sends
 * the user to the login page with `to`).
 */
export async function api<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const response = await sendAuthorized(path, request);
  const text = await response.text();
  const body: unknown = text ? JSON.parse(text) : undefined;
  if (!response.ok) throw failureOf(response, body);
  return body as T;
}

export interface ApiFile {
  blob: Blob;
  /** The name the server suggests (Content-Disposition), if any. */
  fileName: string | null;
}

/** A file answer (a CSV export…) with the same token and refresh as api(); errors as ApiError. */
export async function apiFile(path: string, request: ApiRequest = {}): Promise<ApiFile> {
  const response = await sendAuthorized(path, request);
  if (!response.ok) {
    const text = await response.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    throw failureOf(response, body);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
  return { blob: await response.blob(), fileName: fileName && decodeURIComponent(fileName) };
}
