/** Origins of addresses the technician gives the console (a PSA's, an integration's). */

/** The address's origin, lower-case; null when it is not an address (or has no origin). */
export function originOf(url: string): string | null {
  try {
    const origin = new URL(url.trim()).origin.toLowerCase();
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}
