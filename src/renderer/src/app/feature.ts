/**
 * What a feature gives the shell: its screens by route,
 * background work while signed in, overlays over every signed-in screen, and
 * buttons in the header. The shell (App.tsx) knows features only through the
 * registry (features.ts), and each feature only through its index.ts.
 */
import type { ComponentType, ReactNode } from 'react';

export interface HeaderArea {
  id: string;
  label: string;
  icon: 'cog' | 'dashboard' | 'desktop' | 'database' | 'endorsed' | 'exchange' | 'help' | 'inbox' | 'properties';
  route: string;
}

export interface FeatureScreen {
  id: string;
  /** The screen's params when it serves `route`, else null. Screens are tried in registry order. */
  match(route: string): Record<string, string> | null;
  render(params: Record<string, string>, route: string): ReactNode;
  /** The header area shown (active) while this screen is open. */
  area?(params: Record<string, string>, route: string): HeaderArea | null;
}

export interface Feature {
  id: string;
  screens?: readonly FeatureScreen[];
  /** An area always in the header (active while its route is open). */
  headerArea?: HeaderArea;
  /** Rendered (nothing visible) while signed in: keeps data current. */
  Sync?: ComponentType;
  /** Rendered over every signed-in screen: panels and dialogs the header opens. */
  Overlay?: ComponentType;
  /** Buttons at the end of the header, before the theme and profile. */
  HeaderButton?: ComponentType;
  /** Items of the profile menu (before Sign out). */
  ProfileMenuItems?: ComponentType;
}
