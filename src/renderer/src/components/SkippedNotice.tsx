/**
 * Beside a table: how many items of the server's answer could not be read and
 * are left out, so a technician knows the list is not whole.
 * Renders nothing when none were.
 */
import { Classes, Icon, Intent } from '@blueprintjs/core';
import { ITEM_NOUN, SKIPPED_ITEMS_EXPLANATION, skippedItemsNotice, type ItemNoun } from '../../../shared/rules/platform/skipped-items';
import './SkippedNotice.css';

export function SkippedNotice({ count, noun = ITEM_NOUN }: { count: number | undefined; noun?: ItemNoun }) {
  const text = skippedItemsNotice(count ?? 0, noun);
  if (!text) return null;
  return (
    <div className={`${Classes.TEXT_SMALL} skipped-notice`} role="status" data-testid="skipped-notice" title={SKIPPED_ITEMS_EXPLANATION}>
      <Icon icon="warning-sign" intent={Intent.WARNING} size={12} aria-hidden />
      <span>{text}</span>
    </div>
  );
}
