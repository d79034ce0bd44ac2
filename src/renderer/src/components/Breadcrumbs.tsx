/**
 * Breadcrumbs as a real trail: nav > ol > li > a, the last one marked
 * aria-current="page"; clicking a crumb sets the page hash to its path and
 * trims the trail to it (help spec §2.3). Blueprint's Breadcrumbs put a spacer
 * div inside their list and render crumbs without href as anchors that are
 * not links, which axe-core reports; this keeps Blueprint's look (its
 * classes) with valid markup. When the trail is too wide the crumbs after the
 * root collapse into a dropdown opened on hover (help spec §2.3), re-measured
 * 160 ms after a resize (help spec §9, breadcrumb resize delay).
 */
import './Breadcrumbs.css';
import { Classes, Menu, MenuItem, Popover, PopoverInteractionKind } from '@blueprintjs/core';
import { useEffect, useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import { splitCrumbs, maxCollapsible } from './breadcrumb-collapse';

export interface CrumbItem {
  text: string;
  /** The crumb's path as a hash link ('#/route'): clicking sets the page hash to it (§2.3). Without it the link points at the current page and only onClick acts. */
  href?: string;
  /** Runs on a click too (after the hash is set): trims the trail to this crumb. */
  onClick?: () => void;
  /** The technician's place: marked aria-current="page". */
  current?: boolean;
}

const RESIZE_DELAY_MS = 160;

function hrefOf(item: CrumbItem): string {
  return item.href ?? (window.location.hash || '#');
}

function follow(item: CrumbItem, event: MouseEvent) {
  // §2.3: the link sets the page hash to the crumb's path and the action trims the trail; a crumb without a path only acts.
  if (item.current || !item.href) event.preventDefault();
  if (!item.current) item.onClick?.();
}

/** A crumb with neither a place nor an action is disabled (help spec §2.3: an empty path). */
function isDisabled(item: CrumbItem): boolean {
  return !item.current && !item.onClick && !item.href;
}

function Crumb({ item }: { item: CrumbItem }) {
  if (isDisabled(item)) {
    return (
      <span className={`${Classes.BREADCRUMB} ${Classes.DISABLED}`} aria-disabled="true">
        {item.text}
      </span>
    );
  }
  return (
    <a
      className={item.current ? Classes.BREADCRUMB_CURRENT : Classes.BREADCRUMB}
      href={hrefOf(item)}
      aria-current={item.current ? 'page' : undefined}
      onClick={(event) => follow(item, event)}
    >
      {item.text}
    </a>
  );
}

export function Breadcrumbs({ items, className, label = 'Breadcrumb' }: { items: readonly CrumbItem[]; className?: string; label?: string }) {
  const list = useRef<HTMLOListElement>(null);
  const [width, setWidth] = useState(0);
  // A new trail or a new width starts from the whole trail and collapses until it fits.
  const fitKey = `${width}\u0000${items.map((item) => item.text).join('\u0000')}`;
  const [fit, setFit] = useState({ key: fitKey, hidden: 0 });
  const hidden = fit.key === fitKey ? fit.hidden : 0;
  useLayoutEffect(() => {
    const el = list.current;
    if (el && el.scrollWidth > el.clientWidth + 1 && hidden < maxCollapsible(items.length)) setFit({ key: fitKey, hidden: hidden + 1 });
  }, [fitKey, hidden, items.length]);

  useEffect(() => {
    const el = list.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver(([entry]) => {
      clearTimeout(timer);
      timer = setTimeout(() => setWidth(Math.round(entry?.contentRect.width ?? 0)), RESIZE_DELAY_MS);
    });
    observer.observe(el);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, []);

  const { head, collapsed, tail } = splitCrumbs(items, hidden);
  return (
    <nav aria-label={label} className={className}>
      <ol className={`${Classes.BREADCRUMBS} app-breadcrumbs`} ref={list}>
        {head.map((item, i) => (
          <li key={`h${i}`}>
            <Crumb item={item} />
          </li>
        ))}
        {collapsed.length > 0 && (
          <li>
            <Popover
              interactionKind={PopoverInteractionKind.HOVER}
              placement="bottom-start"
              content={
                <Menu aria-label="Hidden levels">
                  {collapsed.map((item, i) => (
                    <MenuItem key={i} text={item.text} href={hrefOf(item)} disabled={isDisabled(item)} onClick={(event) => follow(item, event)} />
                  ))}
                </Menu>
              }
            >
              <button type="button" className={Classes.BREADCRUMBS_COLLAPSED} aria-label={`${collapsed.length} more levels`} />
            </Popover>
          </li>
        )}
        {tail.map((item, i) => (
          <li key={`t${i}`}>
            <Crumb item={item} />
          </li>
        ))}
      </ol>
    </nav>
  );
}
