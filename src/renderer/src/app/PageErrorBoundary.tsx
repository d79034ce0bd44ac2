/**
 * Around each page (App.tsx): a page that fails to draw (an answer it could
 * not read, a bug) says what failed in its own place, with Retry and Reload,
 * while the header, navigation and overlays stay usable. Without it React
 * unmounts the whole console and leaves a blank window.
 */
import { Button, Intent } from '@blueprintjs/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { StateMessage } from '../components/StateMessage';
import './PageErrorBoundary.css';

const PAGE_FAILED_TITLE = 'This page could not be shown';

interface PageErrorBoundaryProps {
  /** The route shown: going elsewhere after a failure draws the new page (not keyed: a working page keeps its state across its own routes). */
  route: string;
  children: ReactNode;
}

interface PageErrorBoundaryState {
  error: Error | null;
}

export class PageErrorBoundary extends Component<PageErrorBoundaryProps, PageErrorBoundaryState> {
  override state: PageErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): PageErrorBoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // The technician sees the message; the stack is for whoever reads the console's log.
    console.error('A page failed to draw', error, info.componentStack);
  }

  override componentDidUpdate(previous: PageErrorBoundaryProps): void {
    if (this.state.error && previous.route !== this.props.route) this.setState({ error: null });
  }

  private readonly retry = () => this.setState({ error: null });

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      // The page's own h1 is gone with it: this message is the screen's h1 (one per screen).
      <div role="alert" className="app-state">
        <StateMessage
          level={1}
          icon="error"
          title={PAGE_FAILED_TITLE}
          description={error.message || 'Something went wrong while drawing it.'}
          action={
            <div className="page-error-actions">
              <Button intent={Intent.PRIMARY} icon="refresh" text="Retry" onClick={this.retry} />
              <Button icon="reset" text="Reload the console" onClick={() => window.location.reload()} />
            </div>
          }
        />
      </div>
    );
  }
}
