/** A plain ticket for the ticketing rules' tests: ticket `id` created `id` hours before `now`, in `status` since then, nothing else set. */
import type { Ticket } from '../../src/shared/model/ticketing';

export function plainTicket(id: number, now: number, fields: { priority: string; tags?: string[]; status?: string }): Ticket {
  const status = fields.status ?? 'OPEN';
  const created = now - 3_600_000 * id;
  return {
    id, summary: `Ticket ${id}`, description: '', status, priority: fields.priority, severity: null, type: null, source: null,
    organization: null, location: null, requester: null, assignedAppUser: null, ticketForm: null, device: null, tags: fields.tags ?? [],
    createTime: created, lastUpdated: now, lastUpdatedBy: null, lastUpdatedTimeByAssignee: null, lastUpdatedTimeByRequester: null,
    solvedTime: null, totalTimeTracked: 0, agreement: null, attributes: {}, statusSince: { [status]: created }, assignedTime: null,
  };
}
