/**
 * A ticket's conversation, oldest first: its entries, the
 * inline image viewer (§2.5) and the automation or ruleset dialog an
 * entry's automation link opens (§2.5). Entries the console could not read
 * are counted, never fatal.
 */
import { useCallback, useState } from 'react';
import type { ConversationEntry as Entry, EntryAutomation } from '../../../../shared/model/tickets';
import { SkippedNotice } from '../../components/SkippedNotice';
import { StateMessage } from '../../components/StateMessage';
import { ConversationAutomationDialog } from './ConversationAutomationDialog';
import { ConversationEntry } from './ConversationEntry';
import { ImageViewer } from './ImageViewer';
import type { ViewedImage } from './InlineImage';

export function Conversation({ ticketId, entries, skipped }: { ticketId: number; entries: readonly Entry[]; skipped: number }) {
  const [image, setImage] = useState<ViewedImage | null>(null);
  const [automation, setAutomation] = useState<EntryAutomation | null>(null);
  const closeAutomation = useCallback(() => setAutomation(null), []);
  return (
    <section className="conversation" aria-label="Conversation">
      <SkippedNotice count={skipped} />
      {entries.length === 0 ? (
        <StateMessage icon="chat" title="No conversation yet" level={3} />
      ) : (
        entries.map((entry) => <ConversationEntry key={entry.id} ticketId={ticketId} entry={entry} onOpenImage={setImage} onOpenAutomation={setAutomation} />)
      )}
      <ImageViewer ticketId={ticketId} image={image} onClose={() => setImage(null)} />
      {automation && <ConversationAutomationDialog key={`${automation.type}-${automation.id}`} automation={automation} onClose={closeAutomation} />}
    </section>
  );
}
