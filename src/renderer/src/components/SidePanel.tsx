/**
 * A side panel (Blueprint Drawer) that is a named dialog.
 * Blueprint's Drawer titles its panel with an h4 and gives it neither a role
 * nor a name, so axe-core reports skipped heading levels and a nameless
 * region; this one renders the same header with an h2 that names the panel.
 * The body and footer are the caller's (Classes.DRAWER_BODY, DRAWER_FOOTER).
 */
import './SidePanel.css';
import { Button, Classes, Drawer, Icon, type DrawerProps, type IconName } from '@blueprintjs/core';
import { useId, type ReactNode } from 'react';

interface SidePanelProps extends Omit<DrawerProps, 'title' | 'icon' | 'children'> {
  title: ReactNode;
  icon?: IconName;
  children: ReactNode;
}

export function SidePanel({ title, icon, children, className, ...drawerProps }: SidePanelProps) {
  const titleId = useId();
  const modal = drawerProps.hasBackdrop !== false;
  return (
    <Drawer {...drawerProps} className={className}>
      <div className="side-panel" role="dialog" aria-labelledby={titleId} aria-modal={modal}>
        <div className={Classes.DRAWER_HEADER}>
          {icon && <Icon icon={icon} size={20} aria-hidden />}
          <h2 id={titleId} className={`${Classes.HEADING} side-panel-title`}>
            {title}
          </h2>
          {drawerProps.isCloseButtonShown !== false && (
            <Button aria-label="Close" className={Classes.DIALOG_CLOSE_BUTTON} icon="small-cross" variant="minimal" onClick={(event) => drawerProps.onClose?.(event)} />
          )}
        </div>
        {children}
      </div>
    </Drawer>
  );
}
