/**
 * The PSA mapping modals' validation (spec/ticketing-automations-psa.md §5.3,
 * §5.4, §9.3), pure: each check returns field → message ({} when valid),
 * and `asFormSchema` turns one into the zod schema the form kit reads.
 */
import { z } from 'zod';
import {
  PSA_NAME_MAX,
  type AutotaskAccountMapping,
  type AutotaskDeviceRoleMapping,
  type AutotaskRoleProductMapping,
  type ConnectWiseCompanyMapping,
  type ConnectWiseConfigurationRoleMapping,
  type ConnectWiseConfigurationTypeMapping,
  type ConnectWiseProductMapping,
  type ConnectWiseProductRoleMapping,
} from '../../model/psa';
import { PSA_MESSAGES } from './messages';

/** Field → its message. */
type FieldErrors = Record<string, string>;
type Named = { id: number | string; name: string };

const isEmpty = (value: unknown): boolean => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
const nameKey = (name: string): string => name.trim().toLowerCase();
const others = <T extends { id: number | string }>(all: readonly T[], self: T): T[] => all.filter((item) => String(item.id) !== String(self.id));

/** 'Required' for each of `fields` that is empty. */
function required<T extends object>(values: T, fields: ReadonlyArray<keyof T & string>): FieldErrors {
  return Object.fromEntries(fields.filter((field) => isEmpty(values[field])).map((field) => [field, PSA_MESSAGES.required]));
}

/** Whether another item has the name, case-insensitively and ignoring surrounding spaces. */
function isNameTaken(name: string, self: { id: number | string }, all: readonly Named[]): boolean {
  const key = nameKey(name);
  return others(all, self as Named).some((item) => nameKey(item.name) === key);
}

// ---------------------------------------------------------------- Autotask (§5.3)

/**
 * §5.3: a device role mapping's name is not empty and unique (case-insensitive,
 * trimmed), else 'Invalid'; over §9.3's 50 characters is 'Invalid' too (§5.3
 * has no other text).
 */
export function validateDeviceRoleMapping(mapping: Pick<AutotaskDeviceRoleMapping, 'id' | 'name'>, all: readonly Named[]): FieldErrors {
  const invalid = mapping.name.trim() === '' || mapping.name.trim().length > PSA_NAME_MAX || isNameTaken(mapping.name, mapping, all);
  return invalid ? { name: PSA_MESSAGES.invalid } : {};
}

/** §5.3: the Account Mapping modal needs an account. */
export function validateAccountMapping(mapping: Pick<AutotaskAccountMapping, 'accountId'>): FieldErrors {
  return required(mapping, ['accountId']);
}

/** §5.3: the role-product row needs Device Role, Configuration Type and Autotask Product. */
export function validateRoleProductMapping(row: Pick<AutotaskRoleProductMapping, 'nodeRoleId' | 'installedProductCategoryId' | 'productId'>): FieldErrors {
  return required(row, ['nodeRoleId', 'installedProductCategoryId', 'productId']);
}

// ---------------------------------------------------------------- ConnectWise (§5.4)

/** §5.4: a mapping name is required, at most 50 characters, and not another mapping's (case-insensitive, trimmed). */
function mappingNameProblem(name: string, self: { id: number | string }, all: readonly Named[], takenMessage: string): string | null {
  if (name.trim() === '') return PSA_MESSAGES.required;
  // The name is saved trimmed: surrounding spaces do not count.
  if (name.trim().length > PSA_NAME_MAX) return PSA_MESSAGES.nameTooLong;
  return isNameTaken(name, self, all) ? takenMessage : null;
}

const nameErrors = (problem: string | null): FieldErrors => (problem === null ? {} : { name: problem });

/** §5.4: the company mapping needs a company. */
export function validateCompanyMapping(mapping: Pick<ConnectWiseCompanyMapping, 'companyId'>): FieldErrors {
  return required(mapping, ['companyId']);
}

/** §5.4: a configuration type mapping's name. */
export function validateConfigurationTypeMapping(mapping: Pick<ConnectWiseConfigurationTypeMapping, 'id' | 'name'>, all: readonly Named[]): FieldErrors {
  return nameErrors(mappingNameProblem(mapping.name, mapping, all, PSA_MESSAGES.configurationTypeNameTaken));
}

/** §5.4: a product mapping's name. */
export function validateProductMapping(mapping: Pick<ConnectWiseProductMapping, 'id' | 'name'>, all: readonly Named[]): FieldErrors {
  return nameErrors(mappingNameProblem(mapping.name, mapping, all, PSA_MESSAGES.productMappingNameTaken));
}

/** §5.4: a configuration role row needs Device Role and Configuration Type. */
export function validateConfigurationRoleMapping(row: Pick<ConnectWiseConfigurationRoleMapping, 'nodeRoleId' | 'configurationTypeId'>): FieldErrors {
  return required(row, ['nodeRoleId', 'configurationTypeId']);
}

/** §5.4: two rows have the same role and the same set of groups (order and repeats do not count). */
export function sameRoleAndGroups(a: Pick<ConnectWiseProductRoleMapping, 'nodeRoleId' | 'groups'>, b: Pick<ConnectWiseProductRoleMapping, 'nodeRoleId' | 'groups'>): boolean {
  if (a.nodeRoleId === null || a.nodeRoleId !== b.nodeRoleId) return false;
  const left = new Set(a.groups.map(String));
  const right = new Set(b.groups.map(String));
  return left.size === right.size && [...left].every((group) => right.has(group));
}

/**
 * §5.4: a product role row needs Product, Agreement Type and Role; another
 * row of the mapping with the same role and groups is refused (shown on Role).
 */
export function validateProductRoleMapping(
  row: Pick<ConnectWiseProductRoleMapping, 'id' | 'nodeRoleId' | 'productId' | 'agreementTypeId' | 'groups'>,
  rows: ReadonlyArray<Pick<ConnectWiseProductRoleMapping, 'id' | 'nodeRoleId' | 'groups'>>,
): FieldErrors {
  const errors = required(row, ['productId', 'agreementTypeId', 'nodeRoleId']);
  if (errors.nodeRoleId === undefined && others(rows, row).some((other) => sameRoleAndGroups(row, other))) errors.nodeRoleId = PSA_MESSAGES.sameRoleAndGroups;
  return errors;
}

// ---------------------------------------------------------------- the form kit

/** A check as the zod schema the form kit (and a save call) validates with: one issue per field, at the field's path. */
export function asFormSchema<T extends object>(check: (values: T) => FieldErrors): z.ZodType<T> {
  return z
    .custom<T>((value) => typeof value === 'object' && value !== null, PSA_MESSAGES.invalid)
    .superRefine((values, ctx) => {
      for (const [field, message] of Object.entries(check(values))) ctx.addIssue({ code: 'custom', path: field === '' ? [] : [field], message });
    });
}
