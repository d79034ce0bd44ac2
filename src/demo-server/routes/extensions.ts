/** Route groups added by later areas (backup, downloads, restore, help) register here. */
import type { Router } from '../http';
import type { DemoContext } from '../server';

export function registerExtensions(router: Router, context: DemoContext): void {
  void router;
  void context;
}
