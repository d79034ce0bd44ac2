/** Whether `route` (its path, without the query) is `prefix` or below it. */
export function routeUnder(route: string, prefix: string): boolean {
  const path = route.split('?')[0]!;
  return path === prefix || path.startsWith(`${prefix}/`);
}
