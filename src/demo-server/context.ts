/** What every route of the demo API may use: its configuration, its data, its token authority and its counters. */
import type { DemoConfig } from './config';
import type { DemoWorld } from './data/world';
import type { TokenAuthority } from './oauth';

export interface DemoStats {
  requests: number;
  apiRequests: number;
  unauthorized: number;
  injectedErrors: number;
  /** Counts per route, e.g. "GET /api/query/devices". */
  byRoute: Record<string, number>;
  /** Body bytes sent by download routes (for resume tests and benchmarks). */
  downloadBytesSent: number;
  droppedConnections: number;
}

export interface DemoContext {
  config: DemoConfig;
  world: DemoWorld;
  authority: TokenAuthority;
  stats: DemoStats;
}
