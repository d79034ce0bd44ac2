/** The restore area's door in main/services: what other areas may use of it. */
export { type RestoreService } from './restore-service';
