/**
 * An empty, loading or failed state (Blueprint NonIdealState) whose title is a
 * heading of the level its place needs (headings in order).
 * Blueprint always titles a NonIdealState with an h4, which skips levels under
 * a screen's h1 or a panel's h2. Level 2 suits a screen's body; 3 suits a
 * dialog or side panel (titled h2); 1 only for a screen that is nothing else.
 */
import { Classes, NonIdealState, type NonIdealStateProps } from '@blueprintjs/core';
import type { ReactNode } from 'react';

interface StateMessageProps extends Omit<NonIdealStateProps, 'title' | 'description'> {
  title?: ReactNode;
  description?: ReactNode;
  level?: 1 | 2 | 3 | 4;
}

export function StateMessage({ title, description, level = 2, ...props }: StateMessageProps) {
  const Heading = `h${level}` as const;
  const text =
    title || description ? (
      <div>
        {title && <Heading className={`${Classes.HEADING} state-title`}>{title}</Heading>}
        {description && <div>{description}</div>}
      </div>
    ) : undefined;
  return <NonIdealState {...props} description={text} />;
}
