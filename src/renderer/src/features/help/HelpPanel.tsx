/**
 * The help side panel (spec §2.1, §4 "Help panel"): 420 px wide, three views
 * — Default ('Help resources': resources and the page's suggested articles),
 * Article list (search results, 2000 ms after typing stops) and Submit help
 * ticket. Back pops one view; clearing the search returns to the default
 * view; Escape closes it, and so does navigating into an editor page.
 */
import './HelpPanel.css';
import { Button, Classes, InputGroup, Menu, MenuDivider, MenuItem, NonIdealState, Spinner } from '@blueprintjs/core';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { HelpArticle, HelpContext } from '../../../../shared/model/help';
import { HELP_COMMUNITY_URL, HELP_CENTER_URL, HELP_MESSAGES, HELP_PANEL_WIDTH, HELP_SEARCH_DELAY_MS } from '../../../../shared/rules/help';
import { useQuery } from '../../core/data/use-query';
import { currentRoute, navigate, useRoute } from '../../core/router';
import { presentError } from '../../core/toaster';
import { SidePanel } from '../../components/SidePanel';
import { downloadsPanelOpenAtom } from '../downloads';
import { openGettingStartedAtom } from '../getting-started';
import { ArticleItems, ArticlesFailed, SearchResults } from './ArticleList';
import { BACKUP_GET_STARTED_ROUTE } from './BackupGetStarted';
import { openAcademyLogin, searchHelpArticles } from './client';
import {
  helpContextAtom,
  helpPanelOpenAtom,
  helpViewAtom,
  helpViewStackAtom,
  openExternalLink,
  openThrough,
  popHelpViewAtom,
  pushHelpViewAtom,
} from './help-state';
import { TicketForm } from './TicketForm';

interface SearchState {
  loading: boolean;
  failed: boolean;
  articles: HelpArticle[] | null;
}

const NO_SEARCH: SearchState = { loading: false, failed: false, articles: null };

function openLink(url: string): void {
  openExternalLink(url).catch((error: unknown) => presentError(error));
}

function Resources({ context, onTicket, onClose }: { context: HelpContext; onTicket: () => void; onClose: () => void }) {
  const openGettingStarted = useSetAtom(openGettingStartedAtom);
  const openAcademy = () => {
    openThrough(() => openAcademyLogin()).catch(() => presentError(HELP_MESSAGES.academyFailed));
  };
  return (
    <Menu className="help-resources" aria-label="Help resources list">
      {/* §6: a branded installation shows article features only when its branding enables them. */}
      {context.articlesEnabled && <MenuItem icon="manual" text="Help center" onClick={() => openLink(HELP_CENTER_URL)} />}
      {context.articlesEnabled && <MenuItem icon="people" text="Community" onClick={() => openLink(HELP_COMMUNITY_URL)} />}
      {context.academyEnabled && <MenuItem icon="learning" text="NinjaOne Academy" onClick={openAcademy} data-testid="help-academy" />}
      {context.submitTicketEnabled && <MenuItem icon="envelope" text="Submit a help ticket" onClick={onTicket} />}
      <MenuItem
        icon="flag"
        text="Getting started"
        onClick={() => {
          onClose();
          openGettingStarted();
        }}
      />
      <MenuItem
        icon="database"
        text="Get started with Backup"
        onClick={() => {
          navigate(BACKUP_GET_STARTED_ROUTE);
          onClose();
        }}
      />
      {context.branded && context.branding.topics.length > 0 && <MenuDivider />}
      {context.branded &&
        context.branding.topics.map((topic) => <MenuItem key={topic.token || topic.topic} icon="link" text={topic.topic} onClick={() => openLink(topic.action)} />)}
    </Menu>
  );
}

function SuggestedArticles({ route, downloadsOpen }: { route: string; downloadsOpen: boolean }) {
  const { data, error, loading } = useQuery('help.suggestedArticles', { route, downloadsOpen });
  let content;
  if (loading && !data) content = <NonIdealState icon={<Spinner size={24} />} className="help-state" />;
  else if (error) content = <ArticlesFailed />;
  else if (!data || data.pattern === null || data.articles.length === 0) content = <p className={Classes.TEXT_MUTED}>{HELP_MESSAGES.noRouteArticles}</p>;
  else content = <ArticleItems articles={data.articles} label="Suggested articles" testId="help-suggested-articles" />;
  return (
    <section className="help-suggested" data-testid="help-suggested" data-help-route={data?.helpRoute ?? ''} data-pattern={data?.pattern ?? ''}>
      {/* Under the panel's h2 title (headings in order). */}
      <h3 className={`${Classes.HEADING} help-section-title`}>Suggested articles</h3>
      {content}
    </section>
  );
}

export function HelpPanel() {
  const [open, setOpen] = useAtom(helpPanelOpenAtom);
  const context = useAtomValue(helpContextAtom);
  const view = useAtomValue(helpViewAtom);
  const stackDepth = useAtomValue(helpViewStackAtom).length;
  const setStack = useSetAtom(helpViewStackAtom);
  const push = useSetAtom(pushHelpViewAtom);
  const pop = useSetAtom(popHelpViewAtom);
  const downloadsOpen = useAtomValue(downloadsPanelOpenAtom);
  const route = useRoute();
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState<SearchState>(NO_SEARCH);
  const timer = useRef<number | undefined>(undefined);
  const searchSeq = useRef(0);

  const close = useCallback(() => {
    window.clearTimeout(timer.current);
    searchSeq.current += 1;
    setOpen(false);
    setSearchText('');
    setSearch(NO_SEARCH);
  }, [setOpen]);

  // §2.1: it also closes on navigating into an editor page.
  useEffect(() => {
    const onHashChange = () => {
      if (currentRoute().startsWith('/editor/')) close();
    };
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, [close]);

  // Escape closes the panel wherever the focus is, unless it belongs to something else: a dialog or
  // popover, the editor's link editor or its open @-mention menu. (ProseMirror marks every Escape
  // handled, selecting the parent node, so inside the editor defaultPrevented alone says nothing.)
  useEffect(() => {
    if (!open) return;
    // Whether the mention menu was open when the key went down: the editor closes it while handling
    // this very Escape, before the bubbling listener below runs.
    let mentionMenuWasOpen = false;
    const beforeEditor = (event: KeyboardEvent) => {
      if (event.key === 'Escape') mentionMenuWasOpen = document.querySelector('.help-panel .rte-mention-menu') !== null;
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest('.bp6-dialog, .bp6-popover, .rte-link-editor, .rte-mention-menu')) return;
      if (mentionMenuWasOpen || document.querySelector('.help-panel .rte-mention-menu')) return;
      if (event.defaultPrevented && !target?.closest('.rte-content')) return;
      close();
    };
    window.addEventListener('keydown', beforeEditor, true);
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', beforeEditor, true);
      window.removeEventListener('keydown', onKey);
    };
  }, [open, close]);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const runSearch = (query: string) => {
    window.clearTimeout(timer.current);
    const seq = ++searchSeq.current;
    push('articles');
    setSearch({ loading: true, failed: false, articles: null });
    searchHelpArticles({ query }).then(
      ({ articles }) => {
        if (seq === searchSeq.current) setSearch({ loading: false, failed: false, articles });
      },
      () => {
        if (seq === searchSeq.current) setSearch({ loading: false, failed: true, articles: null });
      },
    );
  };

  const onSearchChange = (text: string) => {
    setSearchText(text);
    window.clearTimeout(timer.current);
    if (!text.trim()) {
      // Clearing the search returns to the default view.
      searchSeq.current += 1;
      setSearch(NO_SEARCH);
      setStack(['default']);
      return;
    }
    timer.current = window.setTimeout(() => runSearch(text.trim()), HELP_SEARCH_DELAY_MS);
  };

  if (!context?.helpEnabled) return null;

  const title = view === 'ticket' ? HELP_MESSAGES.ticketTitle : HELP_MESSAGES.panelTitle;
  return (
    <SidePanel
      isOpen={open}
      onClose={close}
      size={HELP_PANEL_WIDTH}
      hasBackdrop={false}
      // Escape is handled below for the whole window, so that an Escape the editor uses (mention menu, link editor) keeps the draft.
      canEscapeKeyClose={false}
      canOutsideClickClose={false}
      enforceFocus={false}
      title={title}
      icon="help"
      className="help-panel"
    >
      {view === 'ticket' ? (
        <TicketForm context={context} onBack={pop} onSent={close} />
      ) : (
        <div className={`${Classes.DRAWER_BODY} help-body`} data-testid="help-view" data-view={view}>
          {context.articlesEnabled && (
            <div className="help-search">
              {stackDepth > 1 && <Button icon="arrow-left" variant="minimal" aria-label="Back" onClick={pop} />}
              <InputGroup
                type="search"
                leftIcon="search"
                placeholder="Search help articles"
                aria-label="Search help articles"
                value={searchText}
                onValueChange={onSearchChange}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' && searchText.trim()) runSearch(searchText.trim());
                }}
                fill
              />
            </div>
          )}
          {view === 'articles' ? (
            <SearchResults loading={search.loading} failed={search.failed} articles={search.articles} />
          ) : (
            <>
              <Resources context={context} onTicket={() => push('ticket')} onClose={close} />
              {context.articlesEnabled && <SuggestedArticles route={route} downloadsOpen={downloadsOpen} />}
            </>
          )}
        </div>
      )}
    </SidePanel>
  );
}
