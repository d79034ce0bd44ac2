/** The listing cache's file: its migrations, and what the technician is told when it cannot be used. */
import { openDatabase, type DatabaseWording, type OpenedCache } from '../../platform/db/open';
import { MIGRATIONS } from './migrations/listing-cache';

const CACHE_WORDING: DatabaseWording = {
  subject: 'The offline cache',
  meanwhile: 'listings are kept in memory until you update the console',
  rebuilt: 'listings will be cached again as you browse',
  memoryOnly: 'listings are kept in memory only and will not be available offline after a restart',
};

/** Opens (or, with `:memory:`, stands in for) the listing cache; never throws for the file's sake. */
export function openCacheDatabase(file: string): OpenedCache {
  return openDatabase(file, MIGRATIONS, CACHE_WORDING);
}
