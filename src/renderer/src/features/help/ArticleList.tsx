/** A list of help articles (search results, suggestions, related articles), each opening in the browser. */
import './HelpPanel.css';
import { Classes, Icon, NonIdealState, Spinner } from '@blueprintjs/core';
import { StateMessage } from '../../components/StateMessage';
import type { HelpArticle } from '../../../../shared/model/help';
import { HELP_MESSAGES } from '../../../../shared/rules/help';
import { presentError } from '../../core/toaster';
import { openExternalLink } from './help-state';

/** Help-center snippets may carry highlight markup: show text only. */
function plainText(html: string): string {
  return html.replace(/<[^>]*>/g, '').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

export function ArticleItems({ articles, label, testId }: { articles: HelpArticle[]; label: string; testId: string }) {
  return (
    <ul className="help-articles" aria-label={label} data-testid={testId}>
      {articles.map((article) => (
        <li key={article.id} className="help-article" data-testid="help-article" data-article-id={article.id}>
          <a
            href={article.html_url}
            onClick={(event) => {
              event.preventDefault();
              openExternalLink(article.html_url).catch((error: unknown) => presentError(error));
            }}
          >
            <Icon icon="document" size={14} className="help-article-icon" />
            <span className="help-article-name">{article.name}</span>
          </a>
          {article.snippet && <div className={`${Classes.TEXT_SMALL} ${Classes.TEXT_MUTED} help-article-snippet`}>{plainText(article.snippet)}</div>}
        </li>
      ))}
    </ul>
  );
}

/** §8: 'Something went wrong on our end.' / 'Please try again.' */
export function ArticlesFailed() {
  return <StateMessage level={3} icon="error" title={HELP_MESSAGES.searchFailedTitle} description={HELP_MESSAGES.searchFailedBody} className="help-state" />;
}

/** The Article list view: search results. */
export function SearchResults({ loading, failed, articles }: { loading: boolean; failed: boolean; articles: HelpArticle[] | null }) {
  if (loading) return <NonIdealState icon={<Spinner size={24} />} className="help-state" />;
  if (failed) return <ArticlesFailed />;
  if (!articles || articles.length === 0) return <StateMessage level={3} icon="search" title={HELP_MESSAGES.noArticles} className="help-state" />;
  return <ArticleItems articles={articles} label="Search results" testId="help-search-results" />;
}
