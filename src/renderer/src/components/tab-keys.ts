/**
 * Spread on every Blueprint Tab: its tab list moves between tabs with the
 * arrow keys only among tabs marked aria-disabled="false", and a Tab renders
 * that only when `disabled` is given (React 19 no longer puts a class's
 * defaultProps on its element, where Tabs reads them). Without it the arrows
 * do nothing and a keyboard user cannot reach another tab.
 */
export const ARROW_KEYS = { disabled: false } as const;
