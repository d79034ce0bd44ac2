/** The header's theme choice: blue (a new data folder's, §9.4), light or dark. */
import { Button, Classes, Menu, MenuItem, Popover } from '@blueprintjs/core';
import { THEMES, type Theme } from '../../../shared/model/settings';
import './theme.css';

const THEME_LABELS: Readonly<Record<Theme, string>> = { blue: 'Blue', light: 'Light', dark: 'Dark' };

/**
 * Puts the theme on the page: Blueprint's dark classes for dark; blue and
 * light are Blueprint's light theme, blue with its blue header (styles.css,
 * `[data-theme='blue']`).
 */
export function applyTheme(theme: Theme): void {
  document.body.classList.toggle(Classes.DARK, theme === 'dark');
  document.documentElement.dataset.theme = theme;
}

export function ThemeMenu({ theme, onChoose }: { theme: Theme; onChoose(theme: Theme): void }) {
  return (
    <Popover
      placement="bottom-end"
      // The blue header's dark styles stay in the header: the menu follows the page's theme.
      inheritDarkTheme={false}
      content={
        <Menu role="listbox" aria-label="Theme">
          {THEMES.map((option) => (
            <MenuItem key={option} roleStructure="listoption" text={THEME_LABELS[option]} selected={option === theme} onClick={() => onChoose(option)} />
          ))}
        </Menu>
      }
    >
      <Button variant="minimal" icon="contrast" aria-label={`Theme: ${THEME_LABELS[theme]}`} title="Theme" />
    </Popover>
  );
}
