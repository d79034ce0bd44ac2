/**
 * Keeps the keyboard where the technician was: an element that replaces one
 * that had the focus (a folder's table after Enter opened it, its loading
 * state) takes the focus when it was left on nothing.
 */
export function takeFocusIfLost(element: HTMLElement | null): void {
  if (element && (document.activeElement === null || document.activeElement === document.body)) element.focus({ preventScroll: true });
}
