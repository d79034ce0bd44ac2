/**
 * The help calls of spec/help-shared-blocks-editor.md §7 on the RMM API:
 * answers validated before use, attachments streamed from disk.
 */
import { z } from 'zod';
import { UPLOAD_STATUSES, type HelpArticle, type HelpBranding, type HelpTicket, type UploadedAttachment } from '../../../shared/model/help';
import { fillPath } from '../../../shared/rules/platform/api-paths';
import { HELP_LOCALE } from '../../../shared/rules/help';
import type { ApiClient } from '../platform/api/api-client';
import { postFile, type UploadSource } from '../platform/api/post-file';
import { downloadSigned, type SignedDownload, type SignedDownloadLimits } from '../platform/signed-attachments';

/** Paths of the calls whose path the spec does not show are the demo's (src/demo-server/routes/help/help.ts). */
const HELP_API_PATHS = {
  articles: 'zendesk/articles/',
  tooltip: 'appuser/hide-help-tooltip',
  branding: 'branding/help',
  userRoles: 'psa/user-roles',
  uploads: 'zendesk/uploads',
  ticket: 'zendesk/ticket',
  signedUrl: (id: string) => fillPath('zendesk/attachments/:id/signed-url', { id }),
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

type UserRoles = z.infer<typeof userRolesSchema>;

const attachmentSchema = z.object({
  id: z.string().min(1).max(200),
  resourceId: z.string().max(200),
  contentId: z.string().max(200),
  uploadStatus: z.enum(UPLOAD_STATUSES),
  metadata: z.object({ name: z.string().max(1024), size: z.number().int().nonnegative(), contentType: z.string().max(200) }),
  token: z.string().min(1).max(200),
});

const ticketAnswer = z.object({ resultCode: z.string().max(50), ticketId: z.number().int().optional() });

export type { UploadSource };

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

  /** The attachment call (../platform/api/post-file.ts): a file from disk or bytes held, never a redirect. */
  async upload(file: UploadSource, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<UploadedAttachment> {
    return postFile(this.api(), HELP_API_PATHS.uploads, file, attachmentSchema, onProgress, signal);
  }

  async deleteUpload(token: string): Promise<void> {
    await this.api().requestJson('DELETE', fillPath(`${HELP_API_PATHS.uploads}/:token`, { token }), z.unknown());
  }

  async createTicket(ticket: HelpTicket): Promise<{ resultCode: string; ticketId?: number }> {
    return this.api().requestJson('POST', HELP_API_PATHS.ticket, ticketAnswer, { json: ticket });
  }

  async signedUrl(id: string): Promise<string> {
    return (await this.api().getJson(HELP_API_PATHS.signedUrl(id), z.object({ signedUrl: z.string().max(4096) }))).signedUrl;
  }

  /** The bounded download of a signed URL on this session's API origin (../platform/signed-attachments.ts). */
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
