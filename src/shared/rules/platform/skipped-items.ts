/**
 * The notice for items a real instance sent that the console could not read
 * (DESIGN "Real instances"). The spec has no text for it.
 */

export interface ItemNoun {
  one: string;
  many: string;
}

export const ITEM_NOUN: ItemNoun = { one: 'item', many: 'items' };
export const DEVICE_NOUN: ItemNoun = { one: 'device', many: 'devices' };

/** '1 device could not be read and is not shown.' / '3 items could not be read and are not shown.'; null for none. */
export function skippedItemsNotice(count: number, noun: ItemNoun = ITEM_NOUN): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count === 1 ? `1 ${noun.one} could not be read and is not shown.` : `${count} ${noun.many} could not be read and are not shown.`;
}

export const SKIPPED_ITEMS_EXPLANATION =
  'The server sent entries with missing or invalid fields. The console shows everything else on the page; the server keeps the data.';
