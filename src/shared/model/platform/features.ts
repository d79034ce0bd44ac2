/** Feature flags from spec/backup-restore.md §6, spec/help-shared-blocks-editor.md §6 and spec/ticketing-automations-psa.md §6. */
export const FEATURE_FLAGS = [
  'restore_original_location',
  'backup_ntfs_permissions',
  'cloud_image_mounting',
  'macff',
  'backup_arrow_image',
  'ninja_academy',
  /** §6: Autotask account and product lookups use the paginated calls (§7.3). */
  'autotask_big_data',
] as const;

export type FeatureFlag = (typeof FEATURE_FLAGS)[number];
export type FeatureFlags = Record<FeatureFlag, boolean>;

/** Every flag off: what the console assumes before it knows better. */
export const DEFAULT_FEATURES: FeatureFlags = Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, false])) as FeatureFlags;
