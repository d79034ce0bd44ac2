/**
 * The administration blocks' paths on the RMM API: one table for
 * the main process (relative to its API root, `/api`, filled with
 * ../platform/api-paths.ts `fillPath`) and for the demo server (under `/api/`). The
 * spec shows two (help-shared-blocks-editor.md §7): GET /webapp/winservice
 * and GET /psa/user-roles; the rest are the demo's own
 * (src/demo-server/README.md "Administration").
 */
export const ADMIN_PATHS = {
  tasks: 'scheduledtasks',
  task: 'scheduledtasks/:id',
  taskEnabled: 'scheduledtasks/:id/enabled',
  taskTargets: 'scheduledtasks/targets',
  scripts: 'scripts',
  /** §7. */
  windowsServices: 'webapp/winservice',
  products: 'psa/products',
  product: 'psa/products/:id',
  /** §7. */
  userRoles: 'psa/user-roles',
  /** The PSA settings' node roles (RMM_PATHS.deviceRoles, served by the demo's PSA routes). */
  nodeRoles: 'noderole/list',
  savedSearches: 'search/list',
  /** Agent policies with their backup plans. */
  policies: 'policies',
  policy: 'policies/:id',
} as const;
