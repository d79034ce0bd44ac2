/**
 * The role rows of the mapping modals as they are saved (spec §2.4, §3.4,
 * §5.4, §9.3, §9.4), pure: a row missing a required field is incomplete and
 * refuses the save (rows read tolerantly from a real server may lack one;
 * they are never dropped silently); product rows are ranked 1..count of the
 * rows saved; a group operator this console does not know cannot be sent
 * (the save call takes §9.3's OR and AND only), so it is saved as §9.4's
 * default and the row says so before the save.
 */
import {
  GROUPS_LOGIC_OPERATOR_LABELS,
  GROUPS_LOGIC_OPERATORS,
  type ConnectWiseConfigurationRoleMapping,
  type ConnectWiseProductRoleMapping,
  type GroupsLogicOperator,
} from '../../../../../shared/model/psa';
import { isKnownValue } from '../../../../../shared/model/platform/open-values';
import { normalizeRanks } from '../../../../../shared/rules/psa/transitions';

/** Above the role mappings when one lacks a required field: the save is refused until it is completed or removed. */
export const INCOMPLETE_ROWS_MESSAGE = 'Complete or remove the role mappings marked incomplete';

/** The rows field's error when a row is incomplete ({} otherwise), for a modal's form schema. */
export function incompleteRowsError<Row>(field: string, rows: readonly Row[], isIncomplete: (row: Row) => boolean): Record<string, string> {
  return rows.some(isIncomplete) ? { [field]: INCOMPLETE_ROWS_MESSAGE } : {};
}

// ---------------------------------------------------------------- configuration type mappings

/** §5.4: a configuration role row needs Device Role and Configuration Type. */
export function isIncompleteConfigurationRow(row: ConnectWiseConfigurationRoleMapping): boolean {
  return row.nodeRoleId === null || row.configurationTypeId === null;
}

/** The save call's configuration role rows: every row; an incomplete one is refused (the form refuses it first). */
export function configurationRowsToSave(rows: readonly ConnectWiseConfigurationRoleMapping[]) {
  return rows.map((row) => {
    if (row.nodeRoleId === null || row.configurationTypeId === null) throw new Error(INCOMPLETE_ROWS_MESSAGE);
    return { id: row.id, nodeRoleId: row.nodeRoleId, configurationTypeId: row.configurationTypeId, onCreateStatusId: row.onCreateStatusId, onDeleteStatusId: row.onDeleteStatusId };
  });
}

// ---------------------------------------------------------------- product mappings

/** §9.4: what an operator this console does not know is saved as. */
export const SAVED_UNKNOWN_OPERATOR = 'AND' satisfies GroupsLogicOperator;

/** A row's operator as saved: its own when known, else §9.4's default. */
function operatorToSave(row: Pick<ConnectWiseProductRoleMapping, 'groupsLogicOperator'>): GroupsLogicOperator {
  return isKnownValue(GROUPS_LOGIC_OPERATORS, row.groupsLogicOperator) ? row.groupsLogicOperator : SAVED_UNKNOWN_OPERATOR;
}

/**
 * A row's groups in words: 'All Groups: A, B', one group's name, or 'Any group' when it names none. An unknown
 * operator is named with what it is saved as ('… (XOR (unknown) → All Groups)'), so the rewrite is seen before the save.
 */
export function groupsText(row: Pick<ConnectWiseProductRoleMapping, 'groups' | 'groupsLogicOperator'>, groupName: (id: ConnectWiseProductRoleMapping['groups'][number]) => string): string {
  const names = row.groups.map(groupName).join(', ');
  const operator = GROUPS_LOGIC_OPERATOR_LABELS[operatorToSave(row)];
  const text = row.groups.length === 0 ? 'Any group' : row.groups.length === 1 ? names : `${operator}: ${names}`;
  return isKnownValue(GROUPS_LOGIC_OPERATORS, row.groupsLogicOperator) ? text : `${text} (${row.groupsLogicOperator || '-'} (unknown) → ${operator})`;
}

/** §5.4: a product role row needs Product, Agreement Type and Role. */
export function isIncompleteProductRow(row: ConnectWiseProductRoleMapping): boolean {
  return row.nodeRoleId === null || row.productId === null || row.agreementTypeId === null;
}

/**
 * The save call's product role rows: every row (an incomplete one is refused: the form refuses it first), ranked
 * 1..count in their order, group ids as numbers, the operator as saved (`operatorToSave`, shown in the row).
 */
export function productRowsToSave(rows: readonly ConnectWiseProductRoleMapping[]) {
  return normalizeRanks(rows).map((row) => {
    if (row.nodeRoleId === null || row.productId === null || row.agreementTypeId === null) throw new Error(INCOMPLETE_ROWS_MESSAGE);
    return {
      id: row.id,
      nodeRoleId: row.nodeRoleId,
      productId: row.productId,
      agreementTypeId: row.agreementTypeId,
      groups: row.groups.map(Number).filter((id) => Number.isInteger(id) && id >= 0),
      groupsLogicOperator: operatorToSave(row),
      ranking: row.ranking,
    };
  });
}
