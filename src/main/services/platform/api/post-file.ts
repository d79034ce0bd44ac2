/**
 * One file as the body of an upload call (the help ticket's attachments and
 * description files, the ticketing editors' files): streamed from disk (never
 * whole in memory), or bytes the main process already holds. A 401 renews the
 * token once and sends the file again from the start, as the stream is spent.
 * A redirect is never followed: the body and the bearer
 * header would go along with it, so a 3xx is refused with REDIRECT_REFUSED.
 * The answer is read up to MAX_JSON_BYTES and checked against the caller's
 * schema.
 */
import { createReadStream } from 'node:fs';
import got, { HTTPError, type Progress } from 'got';
import type { z } from 'zod';
import { AppError } from '../../../../shared/errors';
import { ATTACHMENT_MESSAGES } from '../../../../shared/rules/platform/attachments';
import { API_PATH, type ApiClient } from './api-client';
import { guardedHooks } from './guarded-hooks';
import { hostOf, toAppError } from './http-errors';
import { redirectRefusedError, refusedRedirectReason } from './redirect-policy';
import { capAnswer } from './response-limits';

/** A file to upload: read from disk (`path`), or bytes already in memory (a file pasted into an editor). */
export type UploadSource = { name: string; size: number } & ({ path: string; bytes?: undefined } | { bytes: Buffer; path?: undefined });

/**
 * POSTs the file to `path` (under the API prefix) with its name in `filename`
 * and the call's other query parameters (`query`: got's searchParams replace
 * a query written into `path`); the answer as `schema` reads it.
 */
export async function postFile<T>(
  api: ApiClient,
  path: string,
  file: UploadSource,
  schema: z.ZodType<T>,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
  query: Readonly<Record<string, string>> = {},
): Promise<T> {
  let token = await api.bearerToken();
  for (let attempt = 0; ; attempt++) {
    let response;
    try {
      const sent = token;
      response = await capAnswer(
        (capped) =>
          got.post(`${api.baseUrl}${API_PATH}/${path}`, {
            searchParams: { ...query, filename: file.name },
            body: file.bytes !== undefined ? file.bytes : createReadStream(file.path, { start: 0, end: Math.max(0, file.size - 1) }),
            headers: { authorization: `Bearer ${sent}`, 'content-type': 'application/octet-stream', 'content-length': String(file.size) },
            throwHttpErrors: false,
            followRedirect: false,
            retry: { limit: 0 },
            timeout: { connect: 10_000, response: 120_000 },
            hooks: guardedHooks(api.apiOrigin),
            signal: capped,
          }),
        hostOf(api.baseUrl),
        signal,
      ).on('uploadProgress', (progress: Progress) => onProgress(Math.floor(progress.percent * 100)));
    } catch (error) {
      if (signal?.aborted) throw new AppError('CANCELED', 'The upload was canceled.');
      if (error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'EACCES')) {
        throw new AppError('IO_ERROR', `The file ${file.name} could not be read.`);
      }
      throw toAppError(error, api.baseUrl);
    }
    if (response.statusCode === 401 && attempt === 0) {
      token = await api.renewRejectedToken(token);
      continue;
    }
    // The renewed token was refused too: the session ends saying the instance refused the credentials.
    if (response.statusCode === 401) throw api.rejectedAfterRenewal();
    if (response.statusCode >= 300 && response.statusCode < 400) {
      throw redirectRefusedError(hostOf(api.baseUrl), refusedRedirectReason(response.url, response.headers.location, api.apiOrigin));
    }
    if (response.statusCode === 415) throw new AppError('INVALID_INPUT', ATTACHMENT_MESSAGES.attachmentType);
    if (response.statusCode === 413) throw new AppError('INVALID_INPUT', `The file ${file.name} is too large.`);
    if (response.statusCode >= 400) throw toAppError(new HTTPError(response), api.baseUrl);
    let body: unknown;
    try {
      body = JSON.parse(response.body);
    } catch {
      throw new AppError('BAD_RESPONSE', `The server ${hostOf(api.baseUrl)} sent an answer the console cannot read.`);
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new AppError('BAD_RESPONSE', `The server ${hostOf(api.baseUrl)} sent an answer in an unexpected shape.`);
    onProgress(100);
    return parsed.data;
  }
}
