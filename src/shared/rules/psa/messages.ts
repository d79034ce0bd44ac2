/**
 * The PSA settings' texts (spec/ticketing-automations-psa.md §5.3, §5.4,
 * §8.3, §9.3), to the letter, and the few the spec leaves to the console
 * (marked so).
 */
import { PSA_NAME_MAX } from '../../model/psa';
import { REQUIRED_MESSAGE } from '../platform/messages';

export const PSA_MESSAGES = {
  /** §5.3, §5.4 */
  required: REQUIRED_MESSAGE,
  /** §5.3 Autotask role mapping name empty or taken. */
  invalid: 'Invalid',
  /** §5.4 */
  nameTooLong: `Max length for name is ${PSA_NAME_MAX} chars`,
  configurationTypeNameTaken: 'Configuration type mapping name already taken',
  productMappingNameTaken: 'Product mapping name already taken',
  sameRoleAndGroups: 'Already exists a mapping with the same role and groups',
  /** §8.3 */
  agreementsFetchFailed: 'Error fetching Company agreements',
  refreshFailed: 'Error while refreshing ConnectWise entities',
  refreshSucceeded: 'Successfully updated ConnectWise entities',
  syncAttributesFailed: 'Error setting device sync attributes',
  accountRemapWarning:
    'Because of your update to the account mappings we have also updated some of your location mappings, please take a look under Location Mapping.',
  /** §8.3 empty states */
  noMappings: 'No Mappings',
  noAccounts: 'No accounts available',
  noOrganizations: 'No Organizations',
  noSites: 'There are no sites to be mapped',
  noRoleMappings: 'No role mappings available',
} as const;

/** §2.3 "Auto Map preview modal stating how many organizations will be mapped" (the words are the console's). */
export function autoMapCountText(count: number): string {
  if (count === 0) return 'No organizations will be mapped.';
  return count === 1 ? '1 organization will be mapped.' : `${count} organizations will be mapped.`;
}
