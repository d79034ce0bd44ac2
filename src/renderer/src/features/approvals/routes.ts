/** Node approvals' routes (help spec §2.2): the system dashboard's and an organization's tabs, and the organization editor's page. */
import { DEFAULT_APPROVAL_TAB, type ApprovalTab } from '../../../../shared/rules/approvals/actions';

/** The tab's route: the system dashboard's, or one organization's dashboard's. */
export function approvalsRoute(tab: ApprovalTab = DEFAULT_APPROVAL_TAB, organizationId: number | null = null): string {
  return organizationId === null ? `/systemDashboard/approvals/${tab}` : `/customerDashboard/${organizationId}/approvals/${tab}`;
}

export const modeEditorRoute = (organizationId: number) => `/editor/customer/${organizationId}/security-node-approvals`;

/** An organization id of a route: whole and positive, else null (the route names no organization). */
export function organizationIdOf(text: string | undefined): number | null {
  return text !== undefined && /^[1-9]\d{0,9}$/.test(text) && Number(text) <= 2_147_483_647 ? Number(text) : null;
}
