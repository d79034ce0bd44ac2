/**
 * A button that may be disabled for a reason, and then says why: in a
 * tooltip on hover and on focus, and as its description for assistive
 * technology. A natively disabled button takes no pointer or focus events,
 * so this one is marked disabled with aria-disabled and Blueprint's disabled
 * look instead, stays in the tab order, and does nothing when pressed.
 */
import { Button, Classes, Tooltip, type ButtonProps } from '@blueprintjs/core';
import { useId, type ReactNode } from 'react';

/** A control disabled for `reason`: the reason in a tooltip, and in a hidden element `reasonId` that describes it. */
export function WithReason({ reason, reasonId, children }: { reason: string; reasonId: string; children: ReactNode }) {
  return (
    <>
      <Tooltip content={reason} placement="top">
        {children}
      </Tooltip>
      <span id={reasonId} hidden>
        {reason}
      </span>
    </>
  );
}

export function ReasonButton({ reason, className, ...props }: ButtonProps & { reason: string | null | undefined }) {
  const reasonId = useId();
  if (!reason) return <Button className={className} {...props} />;
  const { onClick: _onClick, ...rest } = props;
  return (
    <WithReason reason={reason} reasonId={reasonId}>
      <Button {...rest} aria-disabled aria-describedby={reasonId} className={`${Classes.DISABLED} ${className ?? ''}`.trim()} data-disabled-reason={reason} />
    </WithReason>
  );
}
