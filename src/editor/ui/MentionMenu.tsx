import { Icon, Menu, MenuItem } from '@blueprintjs/core';
import { type DescribeMention, mentionTooltip, type MentionSuggestion } from '../mentions';

export interface MentionMenuProps {
  top: number;
  left: number;
  suggestions: MentionSuggestion[];
  activeIndex: number;
  onChoose: (suggestion: MentionSuggestion) => void;
  onHover: (index: number) => void;
  /** The host's tooltips (the editor's default texts otherwise). */
  describe?: DescribeMention;
}

export function suggestionTooltip(s: MentionSuggestion, describe?: DescribeMention): string | null {
  const status = s.deleted ? 'deleted' : !s.permitted ? 'notPermitted' : 'ok';
  if (status === 'ok') return null;
  return describe ? describe({ id: s.id, label: s.label, status }) : mentionTooltip(status);
}

/** The @-mention menu: at most 5 suggestions; deleted users cannot be chosen, not-permitted ones are flagged. */
export function MentionMenu({ top, left, suggestions, activeIndex, onChoose, onHover, describe }: MentionMenuProps) {
  return (
    <div className="rte-mention-menu" style={{ top, left }} data-testid="rte-mention-menu">
      <Menu role="listbox" aria-label="Mention suggestions">
        {suggestions.map((s, index) => {
          const tooltip = suggestionTooltip(s, describe);
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
