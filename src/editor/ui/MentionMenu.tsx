import { Icon, Menu, MenuItem } from '@blueprintjs/core';
import { mentionTooltip, type MentionSuggestion } from '../mentions';

export interface MentionMenuProps {
  top: number;
  left: number;
  suggestions: MentionSuggestion[];
  activeIndex: number;
  onChoose: (suggestion: MentionSuggestion) => void;
  onHover: (index: number) => void;
}

export function suggestionTooltip(s: MentionSuggestion): string | null {
  return s.deleted ? mentionTooltip('deleted') : !s.permitted ? mentionTooltip('notPermitted') : null;
}

/** The @-mention menu: at most 5 suggestions; deleted users cannot be chosen, not-permitted ones are flagged. */
export function MentionMenu({ top, left, suggestions, activeIndex, onChoose, onHover }: MentionMenuProps) {
  return (
    <div className="rte-mention-menu" style={{ top, left }} data-testid="rte-mention-menu">
      <Menu role="listbox" aria-label="Mention suggestions">
        {suggestions.map((s, index) => {
          const tooltip = suggestionTooltip(s);
          return (
            <MenuItem
              key={s.id}
              role="option"
              aria-selected={index === activeIndex}
              active={index === activeIndex}
              disabled={s.deleted}
              text={s.label}
              title={tooltip ?? undefined}
              labelElement={tooltip ? <Icon icon="warning-sign" intent="warning" title={tooltip} /> : undefined}
              data-testid="rte-mention-option"
              data-status={s.deleted ? 'deleted' : s.permitted ? 'ok' : 'notPermitted'}
              onMouseEnter={() => onHover(index)}
              onMouseDown={(e: React.MouseEvent) => e.preventDefault()}
              onClick={() => onChoose(s)}
            />
          );
        })}
      </Menu>
    </div>
  );
}
