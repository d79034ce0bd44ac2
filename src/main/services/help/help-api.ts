/**
 * The help calls of spec/help-shared-blocks-editor.md §7 on the RMM API:
 * answers validated before use, attachments streamed from disk.
 */
import { createReadStream } from 'node:fs';
import got, { HTTPError, type Progress } from 'got';
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import { UPLOAD_STATUSES, type HelpArticle, type HelpBranding, type HelpTicket, type UploadedAttachment } from '../../../shared/model/help';
import { HELP_LOCALE, HELP_MESSAGES } from '../../../shared/rules/help';
import { API_PATH, type ApiClient } from '../api/api-client';
import { guardedHooks } from '../api/guarded-hooks';
import { hostOf, toAppError } from '../api/http-errors';
import { redirectRefusedError, refusedRedirectReason } from '../api/redirect-policy';
import { capAnswer } from '../api/response-limits';
import { downloadSigned, type SignedDownload, type SignedDownloadLimits } from '../signed-attachments';

/** Paths of the calls whose path the spec does not show are the demo's (src/demo-server/routes/help.ts). */
export const HELP_API_PATHS = {
  articles: 'zendesk/articles/',
  tooltip: 'appuser/hide-help-tooltip',
  branding: 'branding/help',
  userRoles: 'psa/user-roles',
  uploads: 'zendesk/uploads',
  ticket: 'zendesk/ticket',
  signedUrl: (id: string) => `zendesk/attachments/${encodeURIComponent(id)}/signed-url`,
  academy: 'academy/login-url',
  demoRequest: 'division/promotion/demoRequest',
} as const;

const articleSchema = z.object({
  id: z.number().int().nonnegative(),
  name: z.string().max(1000),
  snippet: z.string().max(10_000).catch(''),
  html_url: z.string().max(4096),
});

const articlesAnswer = z.object({ results: z.array(articleSchema).max(1000) });

const brandingSchema = z.object({
  branded: z.boolean(),
  help: z.object({
    enabled: z.boolean(),
    topics: z.array(z.object({ topic: z.string().max(200), token: z.string().max(200), action: z.string().max(2000) })).max(50).catch([]),
    ninjaArticlesEnabled: z.boolean(),
    submitTicketEnabled: z.boolean(),
    ninjaOneWorkrampAcademyEnabled: z.boolean(),
  }),
});

const userRolesSchema = z.array(
  z.object({
    id: z.number().int(),
    name: z.string().max(500),
    roleType: z.string().max(50),
    users: z
      .array(
        z.object({
          id: z.number().int(),
          name: z.string().max(500),
          email: z.string().max(320),
          deleted: z.boolean().catch(false),
          permitted: z.boolean().catch(true),
        }),
      )
      .max(10_000),
  }),
);

export type UserRoles = z.infer<typeof userRolesSchema>;

const attachmentSchema = z.object({
  id: z.string().min(1).max(200),
  resourceId: z.string().max(200),
  contentId: z.string().max(200),
  uploadStatus: z.enum(UPLOAD_STATUSES),
  metadata: z.object({ name: z.string().max(1024), size: z.number().int().nonnegative(), contentType: z.string().max(200) }),
  token: z.string().min(1).max(200),
});

const ticketAnswer = z.object({ resultCode: z.string().max(50), ticketId: z.number().int().optional() });

/** A file to upload: read from disk (`path`), or bytes already in memory (a file of the description, issue 11 point 8). */
export type UploadSource = { name: string; size: number } & ({ path: string; bytes?: undefined } | { bytes: Buffer; path?: undefined });

export class HelpApi {
  constructor(private readonly api: () => ApiClient) {}

  async articles(query: string, labels: string[] = []): Promise<HelpArticle[]> {
    const searchParams: Record<string, string> = { query, locale: HELP_LOCALE };
    if (labels.length) searchParams.label_names = labels.join(',');
    const answer = await this.api().getJson(HELP_API_PATHS.articles, articlesAnswer, { searchParams });
    return answer.results.map(({ id, name, snippet, html_url }) => ({ id, name, snippet, html_url }));
  }

  async tooltipHidden(): Promise<boolean> {
    return (await this.api().getJson(HELP_API_PATHS.tooltip, z.object({ hidden: z.boolean() }))).hidden;
  }

  async hideTooltip(): Promise<void> {
    await this.api().requestJson('PATCH', HELP_API_PATHS.tooltip, z.unknown());
  }

  async branding(): Promise<{ branded: boolean; help: HelpBranding }> {
    return this.api().getJson(HELP_API_PATHS.branding, brandingSchema);
  }

  async userRoles(): Promise<UserRoles> {
    return this.api().getJson(HELP_API_PATHS.userRoles, userRolesSchema);
  }

  /**
   * Streams a file from disk as the body of the upload call (never whole in
   * memory), or sends bytes the main process already holds. A 401 renews the token once and sends the file again from the
   * start, as the stream is spent. A redirect is never followed (issue 10
   * point 1): the body and the bearer header would go along with it, so a 3xx
   * is refused with REDIRECT_REFUSED. The answer is read up to MAX_JSON_BYTES.
   */
  async upload(file: UploadSource, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<UploadedAttachment> {
    const api = this.api();
    let token = await api.bearerToken();
    for (let attempt = 0; ; attempt++) {
      let response;
      try {
        const sent = token;
        response = await capAnswer(
          (capped) =>
            got.post(`${api.baseUrl}${API_PATH}/${HELP_API_PATHS.uploads}`, {
              searchParams: { filename: file.name },
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
      // The renewed token was refused too: the session ends saying the instance refused the credentials (issue 10 point 8).
      if (response.statusCode === 401) throw api.rejectedAfterRenewal();
      if (response.statusCode >= 300 && response.statusCode < 400) {
        throw redirectRefusedError(hostOf(api.baseUrl), refusedRedirectReason(response.url, response.headers.location, api.apiOrigin));
      }
      if (response.statusCode === 415) throw new AppError('INVALID_INPUT', HELP_MESSAGES.attachmentType);
      if (response.statusCode === 413) throw new AppError('INVALID_INPUT', `The file ${file.name} is too large.`);
      if (response.statusCode >= 400) throw toAppError(new HTTPError(response), api.baseUrl);
      let body: unknown;
      try {
        body = JSON.parse(response.body);
      } catch {
        throw new AppError('BAD_RESPONSE', `The server ${hostOf(api.baseUrl)} sent an answer the console cannot read.`);
      }
      const parsed = attachmentSchema.safeParse(body);
      if (!parsed.success) throw new AppError('BAD_RESPONSE', `The server ${hostOf(api.baseUrl)} sent an answer in an unexpected shape.`);
      onProgress(100);
      return parsed.data;
    }
  }

  async deleteUpload(token: string): Promise<void> {
    await this.api().requestJson('DELETE', `${HELP_API_PATHS.uploads}/${encodeURIComponent(token)}`, z.unknown());
  }

  async createTicket(ticket: HelpTicket): Promise<{ resultCode: string; ticketId?: number }> {
    return this.api().requestJson('POST', HELP_API_PATHS.ticket, ticketAnswer, { json: ticket });
  }

  async signedUrl(id: string): Promise<string> {
    return (await this.api().getJson(HELP_API_PATHS.signedUrl(id), z.object({ signedUrl: z.string().max(4096) }))).signedUrl;
  }

  /** The bounded download of a signed URL on this session's API origin (../signed-attachments.ts). */
  async downloadSigned(signedUrl: string, limits: SignedDownloadLimits, signal?: AbortSignal): Promise<SignedDownload> {
    return downloadSigned(this.api().baseUrl, signedUrl, limits, signal);
  }

  async academyLoginUrl(): Promise<string> {
    return (await this.api().getJson(HELP_API_PATHS.academy, z.object({ absoluteLoginUrl: z.string().max(4096) }))).absoluteLoginUrl;
  }

  async requestDemo(userName: string, userEmail: string): Promise<void> {
    await this.api().requestJson('POST', HELP_API_PATHS.demoRequest, z.unknown(), { json: { userName, userEmail } });
  }
}
