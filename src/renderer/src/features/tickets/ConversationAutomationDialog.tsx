/**
 * §2.5 the automation link's dialog: an entry made by an event-based,
 * response-template or time-based automation opens the automation dialog of
 * ticketing administration (TriggerDialog, which loads the trigger itself
 * and says the service's message when it is gone); anything else opens the
 * ruleset dialog read-only (§6 the ruleset modal's read-only flag). A
 * ruleset's type is read from the ruleset itself when the entry names a type
 * this console does not know. Both need the ticketing lists, read once.
 */
import { Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { RULESET_TYPES, type RulesetType, type TriggerType } from '../../../../shared/model/ticketing';
import type { EntryAutomation } from '../../../../shared/model/tickets';
import { useQuery } from '../../core/data/use-query';
import { presentError } from '../../core/toaster';
import { RulesetDialog } from '../ticketing';
import { TriggerDialog } from '../ticketing';
import { readRuleset } from './client';
import { automationDialogKind } from './ticket-page-rules';

const isRulesetType = (type: string): type is RulesetType => (RULESET_TYPES as readonly string[]).includes(type);
const nothing = () => undefined;

export function ConversationAutomationDialog({ automation, onClose }: { automation: EntryAutomation; onClose(): void }) {
  const kind = automationDialogKind(automation.type);
  const lists = useQuery('ticketing.lists', {}, (error) => {
    presentError(error, { key: 'ticketing-lists' });
    onClose();
  });
  const [rulesetType, setRulesetType] = useState<RulesetType | null>(kind === 'ruleset' && isRulesetType(automation.type) ? automation.type : null);

  useEffect(() => {
    if (kind !== 'ruleset' || rulesetType) return;
    let live = true;
    // The entry's type is not one of the console's ruleset types: the ruleset says its own (or that it is gone).
    readRuleset({ id: automation.id }).then(
      (ruleset) => {
        if (!live) return;
        if (isRulesetType(ruleset.type)) setRulesetType(ruleset.type);
        else {
          presentError(`'${ruleset.name}' is a ${ruleset.type} ruleset, which this console cannot show.`, { key: 'ticket-automation' });
          onClose();
        }
      },
      (error: unknown) => {
        if (!live) return;
        presentError(error, { key: 'ticket-automation' });
        onClose();
      },
    );
    return () => {
      live = false;
    };
  }, [kind, rulesetType, automation.id, onClose]);

  if (!lists.data || (kind === 'ruleset' && !rulesetType)) return lists.error ? null : <Spinner className="automation-loading" size={20} aria-label={`Opening ${automation.name}`} />;
  if (kind === 'trigger') {
    return <TriggerDialog target={{ type: automation.type as TriggerType, id: automation.id }} lists={lists.data} onClose={onClose} onSaved={nothing} />;
  }
  return <RulesetDialog target={{ type: rulesetType!, id: automation.id, readOnly: true }} lists={lists.data} onClose={onClose} onSaved={nothing} />;
}
