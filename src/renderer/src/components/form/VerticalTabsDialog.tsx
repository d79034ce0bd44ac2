/**
 * A dialog of vertical tabs over one form (help spec §2.3):
 * Create when adding, Save when editing, blocked while saving; read-only mode
 * disables every input and the button; after a failed submit the tabs with
 * errors are highlighted for 5 seconds (and the first of them is shown);
 * closing with unsaved changes asks 'You have unsaved changes' / 'Are you
 * sure you wish to proceed?' with Continue and Cancel.
 */
import './VerticalTabsDialog.css';
import { Button, Dialog, DialogBody, DialogFooter, Icon, Intent, Tab, Tabs } from '@blueprintjs/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { navigate, SYSTEM_DASHBOARD_ROUTE } from '../../core/router';
import { EditorHomeLogo } from '../EditorHomeLogo';
import { TabHighlight, tabsWithErrors, type FieldPath } from './form-state';
import { useConfirmClose } from './UnsavedChangesAlert';
import type { ZodForm } from './use-zod-form';
import { ARROW_KEYS } from '../tab-keys';

export interface DialogTab {
  id: string;
  title: string;
  /** The fields this tab holds (an error under one of these paths marks the tab). */
  fields: readonly FieldPath[];
  panel: ReactNode;
  hidden?: boolean;
}

interface VerticalTabsDialogProps<S extends z.ZodTypeAny> {
  title: string;
  isOpen: boolean;
  mode: 'add' | 'edit' | 'read-only';
  tabs: readonly DialogTab[];
  form: ZodForm<S>;
  onSave(values: z.output<S>): Promise<void> | void;
  onClose(): void;
  /** 'wide' for editors of rows (conditions, actions): 960 px instead of 680. */
  size?: 'normal' | 'wide';
  /** The footer's left side (the editors' History). */
  footerStart?: ReactNode;
  /** Changes kept outside the form (an automation's files): closing asks as for the form's. */
  changedOutside?: boolean;
  /** An editor page (a route of its own, /editor/...): its header carries the logo to the system dashboard (§2.1). */
  editorPage?: boolean;
  /** The tab shown first (a route that opens on it, /editor/policy/:id/backup); the first tab when absent or hidden. */
  initialTab?: string;
}

export function VerticalTabsDialog<S extends z.ZodTypeAny>({ title, isOpen, mode, tabs, form, onSave, onClose, size = 'normal', footerStart, changedOutside = false, editorPage = false, initialTab }: VerticalTabsDialogProps<S>) {
  const shown = tabs.filter((tab) => !tab.hidden);
  const [selected, setSelected] = useState(() => (initialTab !== undefined && shown.some((tab) => tab.id === initialTab) ? initialTab : (shown[0]?.id ?? '')));
  const [highlighted, setHighlighted] = useState<readonly string[]>([]);
  const highlight = useRef<TabHighlight | null>(null);
  useEffect(() => {
    const made = new TabHighlight(setHighlighted);
    highlight.current = made;
    return () => made.dispose();
  }, []);
  const readOnly = mode === 'read-only';
  const { close, leave, alert } = useConfirmClose((form.dirty || changedOutside) && !readOnly, onClose, 'unsaved-changes-title');

  const submit = async () => {
    if (readOnly) return;
    let valid: boolean;
    try {
      valid = await form.submit(async (values) => {
        await onSave(values);
        onClose();
      });
    } catch {
      // The save failed: `onSave` said why; the dialog stays open with what was typed.
      return;
    }
    if (!valid) {
      const failing = tabsWithErrors(form.allErrors, shown);
      highlight.current?.failed(failing);
      if (failing.length > 0 && !failing.includes(selected)) setSelected(failing[0]!);
    }
  };

  return (
    <Dialog
      isOpen={isOpen}
      title={title}
      icon={editorPage ? <EditorHomeLogo onFollow={() => leave(() => navigate(SYSTEM_DASHBOARD_ROUTE))} /> : undefined}
      onClose={close}
      className={size === 'wide' ? 'vertical-tabs-dialog vertical-tabs-dialog-wide' : 'vertical-tabs-dialog'}
      canOutsideClickClose={false}
    >
      <DialogBody>
        {/* A disabled fieldset disables every input inside it: read-only mode. */}
        <fieldset disabled={readOnly || form.saving} className="vertical-tabs-fieldset">
          {/* The id is in ARIA references (aria-controls): no spaces. */}
          <Tabs id={`${title.replace(/[^A-Za-z0-9]+/g, '-')}-tabs`} vertical selectedTabId={selected} onChange={(id) => setSelected(String(id))} renderActiveTabPanelOnly>
            {shown.map((tab) => {
              const marked = highlighted.includes(tab.id);
              return (
                <Tab
                  {...ARROW_KEYS}
                  key={tab.id}
                  id={tab.id}
                  panel={<div className="vertical-tab-panel">{tab.panel}</div>}
                  className={marked ? 'tab-with-errors' : undefined}
                  // The tab's name says it, not only the icon.
                  aria-label={marked ? `${tab.title}, has errors` : undefined}
                  title={
                    <span data-tab-error={marked ? 'true' : undefined}>
                      {tab.title}
                      {marked && <Icon icon="error" intent={Intent.DANGER} className="gap-left" aria-hidden />}
                    </span>
                  }
                />
              );
            })}
          </Tabs>
        </fieldset>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={close}>Cancel</Button>
            <Button intent={Intent.PRIMARY} onClick={() => void submit()} disabled={readOnly || form.saving} loading={form.saving}>
              {mode === 'add' ? 'Create' : 'Save'}
            </Button>
          </>
        }
      >
        {footerStart}
      </DialogFooter>
      {alert}
    </Dialog>
  );
}
