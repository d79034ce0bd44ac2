/** A form's error about a whole list or tab ('Add at least 1 condition'), above it; nothing when there is none. */
import { Callout, Intent } from '@blueprintjs/core';

export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Callout intent={Intent.DANGER} compact className="gap">
      {message}
    </Callout>
  );
}
