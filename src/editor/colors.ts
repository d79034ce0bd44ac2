/** Colour picker rules: 15 swatches; the hex input applies only when it is # plus 6 hex digits. */
export { COLOR_SWATCHES } from './constants';

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

export function isValidHexColor(value: string): boolean {
  return HEX_COLOR.test(value);
}
