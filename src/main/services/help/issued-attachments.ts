/**
 * The help service's own record of the attachment ids it read (DESIGN
 * "Security rules": the renderer names only ids the main process issued or
 * read itself), per signed-in identity: the ids its uploads (a file picked in
 * the ticket form, a file pasted or dropped into the description) were
 * answered with. The signed URL and preview channels refuse any other id
 * before anything is sent to the instance.
 *
 * In memory: nothing of the help ticket outlives the console (the form and
 * its files live in the running renderer, their upload tokens in this
 * process), so after a restart the renderer has no id to name until a new
 * upload answers one, which is recorded here then.
 */

/** Ids remembered per identity; the oldest are forgotten first (a ticket holds at most 5 files and 10 description files). */
const ISSUED_HELP_ATTACHMENTS_MAX = 500;

export class IssuedHelpAttachments {
  /** scope -> its ids, oldest first (a Set keeps insertion order). */
  private readonly byScope = new Map<string, Set<string>>();

  constructor(private readonly max = ISSUED_HELP_ATTACHMENTS_MAX) {}

  /** An upload for `scope` was answered with this attachment id. */
  record(scope: string, id: string): void {
    let ids = this.byScope.get(scope);
    if (!ids) this.byScope.set(scope, (ids = new Set()));
    ids.delete(id);
    ids.add(id);
    while (ids.size > this.max) ids.delete(ids.values().next().value!);
  }

  /** Whether `scope` was given this id. */
  has(scope: string, id: string): boolean {
    return this.byScope.get(scope)?.has(id) ?? false;
  }

  /** The signed-in identity changed: what the last one was given is not named again. */
  reset(): void {
    this.byScope.clear();
  }
}
