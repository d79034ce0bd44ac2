/** The settings feature's door: the offline cache dialog, opened from the profile menu. */
import type { Feature } from '../../app/feature';
import { CacheMenuItem, CacheOverlay } from './CacheDialog';

export const settingsFeature: Feature = {
  id: 'settings',
  Overlay: CacheOverlay,
  ProfileMenuItems: CacheMenuItem,
};
