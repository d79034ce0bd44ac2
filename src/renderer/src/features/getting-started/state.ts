/**
 * The wizard's panel state (jotai): open or not, and whether the technician
 * opened it (focus moves into it) or it opened by itself after sign-in (it
 * takes no focus and leaves the screen usable).
 */
import { atom } from 'jotai';

export const gettingStartedOpenAtom = atom<false | 'auto' | 'asked'>(false);

/** Opens the wizard at the technician's request (the help panel's "Getting started"). */
export const openGettingStartedAtom = atom(null, (_get, set) => set(gettingStartedOpenAtom, 'asked'));

/** The last device whose page was opened: stepThree's "Go" leads to its backup. */
export const lastDeviceAtom = atom<number | null>(null);
