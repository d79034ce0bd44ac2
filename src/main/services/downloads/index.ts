/** The downloads area's door in main/services: what other areas may use of it. */
export { type DownloadManager } from './download-manager';
export { type KnownNames } from './download-names';
export { type DownloadAccess } from './download-access';
