/**
 * The toolbar's help button (hidden when branding disables help) and the
 * first-time guide tooltip, whose dismissal is stored on the user.
 */
import { Button, H5, Intent, Popover } from '@blueprintjs/core';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { HELP_MESSAGES } from '../../../../shared/rules/help';
import { api } from '../../api/client';
import { toastError } from '../../app/toaster';
import { helpContextAtom, helpPanelOpenAtom, openHelpAtom } from './help-state';

export function HelpButton() {
  const [context, setContext] = useAtom(helpContextAtom);
  const open = useAtomValue(helpPanelOpenAtom);
  const setOpen = useSetAtom(helpPanelOpenAtom);
  const openHelp = useSetAtom(openHelpAtom);
  if (!context?.helpEnabled) return null;

  const dismissGuide = () => {
    setContext((current) => (current ? { ...current, tooltipHidden: true } : current));
    api.call('help.dismissTooltip', {}).catch(() => toastError(HELP_MESSAGES.tooltipSaveFailed));
  };

  const button = (
    <Button
      variant="minimal"
      icon="help"
      active={open}
      onClick={() => (open ? setOpen(false) : openHelp())}
      aria-label="Help"
      aria-expanded={open}
      title="Help"
      data-testid="help-button"
      data-guide={context.tooltipHidden ? 'dismissed' : 'pending'}
    />
  );
  // The guide waits while the panel is open (it would cover the panel's header).
  if (context.tooltipHidden || open) return button;
  return (
    <Popover
      isOpen
      placement="bottom-end"
      autoFocus={false}
      enforceFocus={false}
      popoverClassName="help-guide-popover"
      content={
        <div className="help-guide" role="dialog" aria-label={HELP_MESSAGES.guideTitle} data-testid="help-guide">
          <H5>{HELP_MESSAGES.guideTitle}</H5>
          <p>{HELP_MESSAGES.guideBody}</p>
          <div className="help-guide-actions">
            <Button intent={Intent.PRIMARY} size="small" text="Got it" onClick={dismissGuide} />
          </div>
        </div>
      }
    >
      {button}
    </Popover>
  );
}
