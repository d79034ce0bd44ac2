/** One toaster for the whole app: errors and confirmations. */
import { Intent, OverlayToaster, Position, type Toaster, type ToastProps } from '@blueprintjs/core';

let toaster: Promise<Toaster> | null = null;

function instance(): Promise<Toaster> {
  toaster ??= OverlayToaster.create({ position: Position.TOP, maxToasts: 5 });
  return toaster;
}

export function showToast(props: ToastProps, key?: string): void {
  void instance().then((t) => t.show(props, key));
}

export function toastError(message: string, key?: string): void {
  showToast({ message, intent: Intent.DANGER, icon: 'error', timeout: 8000 }, key);
}

export function toastSuccess(message: string, key?: string): void {
  showToast({ message, intent: Intent.SUCCESS, icon: 'tick-circle', timeout: 4000 }, key);
}
