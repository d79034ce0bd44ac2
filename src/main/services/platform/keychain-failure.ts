/** A keychain failure as it may be logged: only the failure's name and code (a keychain library's message could quote what it was given). */
export function keychainFailure(error: unknown): Error {
  const name = error instanceof Error ? error.name : 'Error';
  const code = (error as { code?: unknown } | null)?.code;
  return new Error(`Keychain failure (${name}${typeof code === 'string' ? `, ${code}` : ''})`);
}
