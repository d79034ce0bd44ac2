/**
 * Defaults the spec names for lists the console will show
 * (spec/ticketing-automations-psa.md §4.4 "Defaults: event scope last_day;
 * selected patch type pending; active search ALL"; §9.4 "Dashboard sort
 * defaults to status"). No screen lists events, patches or searches yet:
 * these are exported for the screens that will.
 */

/** The events a device or dashboard shows first: those of the last day. */
export const DEFAULT_EVENT_SCOPE = 'last_day';
/** The patch type selected first: patches pending approval or installation. */
export const DEFAULT_PATCH_TYPE = 'pending';
/** The search active first: every item. */
export const DEFAULT_ACTIVE_SEARCH = 'ALL';

/** A dashboard table's sort before the technician chooses one: by status, worst first. */
export const DEFAULT_DASHBOARD_SORT = { id: 'status', desc: false } as const;
