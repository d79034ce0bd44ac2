/** Node approvals (`approvals.*`): the tabs' devices, approving and rejecting them, the organizations' approval modes. */
import type { ApprovalsService } from '../../services/approvals/approvals-service';
import type { HandlersOf } from '../router';

export function approvalsHandlers(approvals: ApprovalsService): HandlersOf<'approvals'> {
  return {
    'approvals.list': (input) => approvals.list(input),
    'approvals.approve': ({ nodeIds }) => approvals.approve(nodeIds),
    'approvals.reject': ({ nodeIds }) => approvals.reject(nodeIds),
    'approvals.modes': ({ organizationId }) => approvals.modes(organizationId),
    'approvals.setMode': (input) => approvals.setMode(input),
  };
}
