/**
 * The getting-started state's path on the RMM API, for the main process
 * (relative to its API root, `/api`) and the demo server (under `/api/`).
 * The spec shows none: the demo's own (README "Getting started").
 */
export const GETTING_STARTED_PATHS = {
  /** GET: {step, skipped, finished} of the signed-in user; PUT the same. */
  state: 'appuser/current/gettingstarted',
} as const;
