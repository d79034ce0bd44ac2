import { Button } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';
import type { Command, EditorState } from 'prosemirror-state';
import { linkAtSelection } from '../commands/links';
import { isMarkActive, type TextFormat, toggleFormat } from '../commands/marks';

const BUTTONS: ReadonlyArray<{ format: TextFormat | 'link'; label: string; icon: IconName }> = [
  { format: 'bold', label: 'Bold', icon: 'bold' },
  { format: 'italic', label: 'Italic', icon: 'italic' },
  { format: 'underline', label: 'Underline', icon: 'underline' },
  { format: 'link', label: 'Insert link', icon: 'link' },
  { format: 'code', label: 'Code', icon: 'code' },
];

export interface FloatingToolbarProps {
  state: EditorState;
  top: number;
  left: number;
  run: (command: Command) => void;
  onInsertLink: () => void;
}

/** The floating selection toolbar: bold, italic, underline, insert link, code. */
export function FloatingToolbar({ state, top, left, run, onInsertLink }: FloatingToolbarProps) {
  return (
    <div className="rte-floating-toolbar" role="toolbar" aria-label="Selection toolbar" data-testid="rte-floating-toolbar" style={{ top, left }}>
      {BUTTONS.map(({ format, label, icon }) => {
        const active = format === 'link' ? !!linkAtSelection(state) : isMarkActive(state, format);
        return (
          <Button
            key={format}
            size="small"
            variant="minimal"
            icon={icon}
            aria-label={label}
            aria-pressed={active}
            active={active}
            data-testid={`rte-floating-${format}`}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => (format === 'link' ? onInsertLink() : run(toggleFormat(format)))}
          />
        );
      })}
    </div>
  );
}
