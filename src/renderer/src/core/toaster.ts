/** One toaster for the whole app: errors (through the one error presenter) and confirmations. */
import { Intent, OverlayToaster, Position, type Toaster, type ToastProps } from '@blueprintjs/core';
import { useEffect } from 'react';
import { errorMessage } from './api';

let toaster: Promise<Toaster> | null = null;

/**
 * Bottom right: over the end of the page's content, never over the header's
 * navigation, tabs or a page's toolbar, which the technician reaches for next.
 */
const TOAST_POSITION = Position.BOTTOM_RIGHT;

function instance(): Promise<Toaster> {
  toaster ??= OverlayToaster.create({ position: TOAST_POSITION, maxToasts: 5 });
  return toaster;
}

export function showToast(props: ToastProps, key?: string): void {
  void instance().then((t) => t.show(props, key));
}

/** Takes the toast shown with `key` away (nothing when there is none). */
function dismissToast(key: string): void {
  void instance().then((t) => t.dismiss(key));
}

/**
 * For a dialog: the toasts it raised about itself (shown with these keys)
 * go when it closes (unmounts), so a warning about a form no longer open
 * does not stay over the page. `keys`: a constant list.
 */
export function useDismissToastsOnClose(keys: readonly string[]): void {
  useEffect(() => () => keys.forEach(dismissToast), [keys]);
}

/**
 * The one way a failure reaches the technician as a toast: the error's own
 * message (an ApiError's is worded for them already; anything else becomes
 * the console's generic sentence), or a string given as the message itself;
 * `message` when the screen has a better sentence; `key` replaces an earlier
 * toast of the same kind.
 */
export function presentError(error: unknown, options: { message?: string; key?: string } = {}): void {
  const message = options.message ?? (typeof error === 'string' ? error : errorMessage(error));
  showToast({ message, intent: Intent.DANGER, icon: 'error', timeout: 8000 }, options.key);
}

export function toastSuccess(message: string, key?: string): void {
  showToast({ message, intent: Intent.SUCCESS, icon: 'tick-circle', timeout: 4000 }, key);
}
