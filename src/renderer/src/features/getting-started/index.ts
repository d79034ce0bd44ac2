/**
 * The getting-started wizard's door (spec/ticketing-automations-psa.md §2.5,
 * §9.4): its panel over every signed-in screen, the progress kept while
 * signed in, and `openGettingStartedAtom` (the help panel's "Getting started").
 */
import type { Feature } from '../../app/feature';
import { GettingStartedPanel } from './GettingStartedPanel';
import { GettingStartedSync } from './GettingStartedSync';

export { openGettingStartedAtom } from './state';

export const gettingStartedFeature: Feature = {
  id: 'getting-started',
  Sync: GettingStartedSync,
  Overlay: GettingStartedPanel,
};
