/** The backup area's door in main/services: what other areas may use of it. */
export { type ListingCache } from './cache/listing-cache';
