/**
 * The first-time guide near the help button (spec §2.1: 'A smarter way to
 * get help' / 'View suggested help articles wherever you are in the app.';
 * dismissing it is stored on the user). It never covers the
 * page's search field (it moves below it, see guide-placement.ts) nor a
 * dialog, panel or menu (it steps aside while one is open and comes back after).
 */
import { Button, Classes, Intent, Portal } from '@blueprintjs/core';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { HELP_MESSAGES } from '../../../../shared/rules/help';
import { type Box, type GuidePlacement, placeGuide } from './guide-placement';
import './HelpGuide.css';

/** What the guide keeps clear of: search fields (and search landmarks) of the page. */
const SEARCH_FIELDS = 'input[type="search"], [role="search"], input[aria-label^="Search" i], input[placeholder^="Search" i]';
/** Something the technician is working in that the guide must not cover: Blueprint overlays (dialogs, drawers, popovers), any modal. */
const OVERLAYS = '.bp6-overlay-open, [role="dialog"], [role="alertdialog"], [aria-modal="true"], dialog[open]';

function boxOf(element: Element): Box {
  const r = element.getBoundingClientRect();
  return { left: r.left, top: r.top, width: r.width, height: r.height };
}

function visible(element: Element): boolean {
  const r = element.getBoundingClientRect();
  return r.width > 0 && r.height > 0;
}

/** Whether an overlay other than the guide itself (and the toasts) is open. */
function otherOverlayOpen(guide: Element | null): boolean {
  if (document.body.classList.contains(Classes.OVERLAY_OPEN)) return true;
  return [...document.querySelectorAll(OVERLAYS)].some(
    (element) => !guide?.contains(element) && !element.closest(`.${Classes.TOAST_CONTAINER}`) && (element.classList.contains(Classes.OVERLAY_OPEN) || visible(element)),
  );
}

function samePlacement(a: GuidePlacement, b: GuidePlacement): boolean {
  return a.left === b.left && a.top === b.top && a.kind === b.kind && a.arrowLeft === b.arrowLeft;
}

export function HelpGuide({ anchor, onDismiss }: { anchor: RefObject<HTMLElement | null>; onDismiss: () => void }) {
  const card = useRef<HTMLDivElement>(null);
  const [placement, setPlacement] = useState<GuidePlacement | null>(null);
  const [covered, setCovered] = useState(false);

  // Placed when it first shows, and again whenever the page changes under it (a screen loads its
  // search bar, a dialog opens, the window is resized or scrolled).
  useEffect(() => {
    const update = () => {
      const button = anchor.current;
      const element = card.current;
      if (!button || !element) return;
      setCovered(otherOverlayOpen(element));
      const obstacles = [...document.querySelectorAll(SEARCH_FIELDS)].filter((e) => !element.contains(e) && visible(e)).map(boxOf);
      const size = { width: element.offsetWidth, height: element.offsetHeight };
      const next = placeGuide(boxOf(button), size, { width: window.innerWidth, height: window.innerHeight }, obstacles);
      setPlacement((current) => (current && samePlacement(current, next) ? current : next));
    };
    let frame = 0;
    const schedule = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        update();
      });
    };
    schedule();
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['class', 'style', 'open', 'hidden', 'aria-modal'] });
    window.addEventListener('resize', schedule);
    window.addEventListener('scroll', schedule, true);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener('resize', schedule);
      window.removeEventListener('scroll', schedule, true);
    };
  }, [anchor]);

  return (
    <Portal>
      <div
        ref={card}
        className={`${Classes.POPOVER} help-guide-card`}
        data-placement={placement?.kind ?? 'below'}
        hidden={covered}
        style={{ left: placement?.left ?? 0, top: placement?.top ?? 0, visibility: placement ? undefined : 'hidden' }}
      >
        {placement?.kind === 'below' && <span className="help-guide-arrow" style={{ left: placement.arrowLeft }} aria-hidden />}
        <div className={Classes.POPOVER_CONTENT}>
          <div className="help-guide" role="dialog" aria-label={HELP_MESSAGES.guideTitle} data-testid="help-guide">
            {/* h2: a guide over any screen follows its h1 (headings in order). */}
            <h2 className={`${Classes.HEADING} help-guide-title`}>{HELP_MESSAGES.guideTitle}</h2>
            <p>{HELP_MESSAGES.guideBody}</p>
            <div className="help-guide-actions">
              <Button intent={Intent.PRIMARY} size="small" text="Got it" onClick={onDismiss} />
            </div>
          </div>
        </div>
      </div>
    </Portal>
  );
}
