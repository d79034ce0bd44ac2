/**
 * The toolbar's help button (hidden when branding disables help) and the
 * first-time guide beside it (HelpGuide), whose dismissal is stored on the user.
 */
import { Button } from '@blueprintjs/core';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useRef } from 'react';
import { HELP_MESSAGES } from '../../../../shared/rules/help';
import { presentError } from '../../core/toaster';
import { dismissHelpTooltip } from './client';
import { helpContextAtom, helpPanelOpenAtom, openHelpAtom } from './help-state';
import { HelpGuide } from './HelpGuide';

export function HelpButton() {
  const [context, setContext] = useAtom(helpContextAtom);
  const open = useAtomValue(helpPanelOpenAtom);
  const setOpen = useSetAtom(helpPanelOpenAtom);
  const openHelp = useSetAtom(openHelpAtom);
  const buttonRef = useRef<HTMLButtonElement>(null);
  if (!context?.helpEnabled) return null;

  const dismissGuide = () => {
    setContext((current) => (current ? { ...current, tooltipHidden: true } : current));
    dismissHelpTooltip().catch(() => presentError(HELP_MESSAGES.tooltipSaveFailed));
  };

  return (
    <>
      <Button
        ref={buttonRef}
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
      {/* The guide waits while the panel is open (it would cover the panel's header). */}
      {!context.tooltipHidden && !open && <HelpGuide anchor={buttonRef} onDismiss={dismissGuide} />}
    </>
  );
}
