import { Button, InputGroup, PopoverNext } from '@blueprintjs/core';
import { useState } from 'react';
import { COLOR_SWATCHES, isValidHexColor } from '../colors';

export interface ColorPickerProps {
  color: string | null;
  disabled: boolean;
  onPick: (color: string | null) => void;
}

/** Text colour: 15 swatches and a hex input that applies only '#' plus 6 hex digits. */
export function ColorPicker({ color, disabled, onPick }: ColorPickerProps) {
  const [hex, setHex] = useState('');
  const content = (
    <div className="rte-color-picker" data-testid="rte-color-picker">
      <div className="rte-color-swatches" role="group" aria-label="Colour swatches">
        {COLOR_SWATCHES.map((swatch) => (
          <button
            key={swatch}
            type="button"
            className={`rte-color-swatch${color === swatch ? ' rte-color-swatch--active' : ''}`}
            style={{ background: swatch }}
            aria-label={swatch}
            title={swatch}
            data-testid="rte-color-swatch"
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => onPick(swatch)}
          />
        ))}
      </div>
      <InputGroup
        size="small"
        aria-label="Hex colour"
        data-testid="rte-color-hex"
        placeholder="#000000"
        value={hex}
        intent={hex !== '' && !isValidHexColor(hex) ? 'danger' : 'none'}
        onChange={(e) => {
          const next = e.target.value.trim();
          setHex(next);
          if (isValidHexColor(next)) onPick(next);
        }}
      />
      <Button size="small" variant="minimal" text="Default colour" aria-label="Clear colour" onMouseDown={(e) => e.preventDefault()} onClick={() => onPick(null)} />
    </div>
  );
  return (
    <PopoverNext content={content} placement="bottom-start" usePortal={false} autoFocus={false} enforceFocus={false} disabled={disabled}>
      <Button
        variant="minimal"
        icon="tint"
        aria-label="Text colour"
        data-testid="rte-color-button"
        disabled={disabled}
        style={color ? { boxShadow: `inset 0 -3px 0 ${color}` } : undefined}
        onMouseDown={(e) => e.preventDefault()}
      />
    </PopoverNext>
  );
}
