/**
 * Unsaved edits are never lost silently (DESIGN "Data rules"): each page of
 * the ConnectWise screen edits a draft of what the server holds, reports
 * whether it differs, and the tabs ask 'You have unsaved changes' before a
 * page with changes is left (its draft goes when it is hidden); leaving the
 * screen itself while any page has changes (the navigation, the breadcrumb,
 * Back) asks the same, as every other editor does.
 */
import { Tab, Tabs } from '@blueprintjs/core';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { hasUnsavedChanges } from '../../../components/form/form-state';
import { UnsavedChangesAlert } from '../../../components/form/UnsavedChangesAlert';
import { useLeaveGuard } from '../../../components/form/use-leave-guard';
import { CW_UNSAVED_TITLE_ID } from './cw-kit';
import { ARROW_KEYS } from '../../../components/tab-keys';

interface UnsavedRegistry {
  report(id: string, dirty: boolean): void;
  /** Whether a page whose id starts with `prefix` has changes. */
  isDirty(prefix: string): boolean;
}

const Registry = createContext<UnsavedRegistry | null>(null);

export function UnsavedProvider({ children }: { children: ReactNode }) {
  const pages = useRef(new Map<string, boolean>());
  // Whether any page has changes: leaving the screen asks while it does.
  const [anyDirty, setAnyDirty] = useState(false);
  const value = useMemo<UnsavedRegistry>(
    () => ({
      report: (id, dirty) => {
        if (dirty) pages.current.set(id, true);
        else pages.current.delete(id);
        setAnyDirty(pages.current.size > 0);
      },
      isDirty: (prefix) => [...pages.current.keys()].some((id) => id === prefix || id.startsWith(`${prefix}/`)),
    }),
    [],
  );
  const guard = useLeaveGuard(anyDirty);
  return (
    <Registry.Provider value={value}>
      {children}
      <UnsavedChangesAlert isOpen={guard.pending !== null} titleId={CW_UNSAVED_TITLE_ID} onContinue={guard.confirm} onCancel={guard.cancel} />
    </Registry.Provider>
  );
}

/**
 * A page's draft of a server value: reset to the server's when that changes
 * and nothing was edited, or when `saved` was called (the value read again
 * after a save is what the page shows, even where the server words it
 * differently).
 */
export function useDraft<T>(pageId: string, server: T) {
  const registry = useContext(Registry);
  const [baseline, setBaseline] = useState(server);
  const [draft, setDraft] = useState(server);
  const [follow, setFollow] = useState(false);
  const dirty = hasUnsavedChanges(draft, baseline);
  // The server's value read again (after a save here or elsewhere): the new baseline; an untouched draft follows it.
  if (hasUnsavedChanges(server, baseline)) {
    setBaseline(server);
    if (!dirty || follow) setDraft(server);
    setFollow(false);
  }
  useEffect(() => {
    registry?.report(pageId, dirty);
    return () => registry?.report(pageId, false);
  }, [registry, pageId, dirty]);
  const reset = useCallback(() => setDraft(baseline), [baseline]);
  /** After a save: the next value read replaces the draft. */
  const saved = useCallback(() => setFollow(true), []);
  return { draft, setDraft, dirty, reset, saved };
}

/** Tabs that ask before leaving a tab with unsaved changes: `request` instead of setting the tab. A tab's pages report as `<prefix>/<tab>/...`. */
function useGuardedTabs<T extends string>(initial: T, prefix: string) {
  const registry = useContext(Registry);
  const [selected, setSelected] = useState<T>(initial);
  const [asking, setAsking] = useState<T | null>(null);
  const request = (next: T) => {
    if (next === selected) return;
    if (registry?.isDirty(prefix ? `${prefix}/${selected}` : selected)) setAsking(next);
    else setSelected(next);
  };
  const alert = (
    <UnsavedChangesAlert
      isOpen={asking !== null}
      titleId={CW_UNSAVED_TITLE_ID}
      onContinue={() => {
        if (asking !== null) setSelected(asking);
        setAsking(null);
      }}
      onCancel={() => setAsking(null)}
    />
  );
  return { selected, request, alert };
}

interface GuardedTab {
  id: string;
  title: string;
  panel: ReactElement;
}

/** The screen's pages and each page's tabs (the first shown first), asking before a tab with unsaved changes is left (`useGuardedTabs`). */
export function GuardedTabs({ id, prefix, tabs, size, className }: { id: string; prefix: string; tabs: readonly GuardedTab[]; size?: 'large'; className?: string }) {
  const guarded = useGuardedTabs(tabs[0]!.id, prefix);
  return (
    <>
      <Tabs id={id} size={size} selectedTabId={guarded.selected} onChange={(tab) => guarded.request(String(tab))} renderActiveTabPanelOnly className={className}>
        {tabs.map((tab) => (
          <Tab {...ARROW_KEYS} key={tab.id} id={tab.id} title={tab.title} panel={tab.panel} />
        ))}
      </Tabs>
      {guarded.alert}
    </>
  );
}
