/** The console's settings. */
import { z } from 'zod';
import { MAX_UNKNOWN_SIZE_GB_RANGE, PARALLEL_DOWNLOADS_MAX, THEMES, type Settings } from '../../model/settings';
import { BANDWIDTH_LIMIT_MAX_KBPS, bandwidthWindowsSchema } from '../../rules/downloads';
import { noInput, returns } from '../common';

export const settingsCalls = {
  'settings.get': { input: noInput, output: returns<Settings>() },
  'settings.update': {
    input: z.strictObject({
      theme: z.enum(THEMES).optional(),
      cacheLimitMb: z.number().int().min(16).max(100_000).optional(),
      parallelDownloads: z.number().int().min(1).max(PARALLEL_DOWNLOADS_MAX).optional(),
      downloadLimitKBps: z.number().int().min(0).max(BANDWIDTH_LIMIT_MAX_KBPS).optional(),
      bandwidthWindows: bandwidthWindowsSchema.optional(),
      maxUnknownSizeGb: z.number().int().min(MAX_UNKNOWN_SIZE_GB_RANGE.min).max(MAX_UNKNOWN_SIZE_GB_RANGE.max).optional(),
      /** The receipts folder (a full path, checked and created in the main process); null or empty: beside each download. */
      receiptsFolder: z
        .string()
        .trim()
        .max(4096)
        .refine((p) => !p.includes('\0'), 'Invalid folder path.')
        .transform((p) => (p === '' ? null : p))
        .nullable()
        .optional(),
    }),
    output: returns<Settings>(),
  },
} as const;
