/**
 * The Auto Map review queue (spec §2.3 "Auto Map preview
 * modal stating how many organizations will be mapped", §2.4 auto-mapping
 * result previews): each organization's best candidate with its
 * normalized-name score, exact matches accepted already, the others waiting
 * for Accept or Reject; a "Never map" mark per organization that later
 * auto-maps respect. Nothing is written here: Continue hands the accepted
 * ones on to the preview of the changes.
 */
import { Button, Callout, Checkbox, Classes, Dialog, DialogBody, DialogFooter, Intent, SegmentedControl, Tag } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { autoMapCountText } from '../../../../shared/rules/psa/messages';
import { acceptAllPending, acceptedProposals, setProposalStatus, type AutoMapProposal, type AutoMapResult, type ProposalStatus } from '../../../../shared/rules/psa/auto-map';
import { DataTable, type DataTableColumn } from '../../components/data-table/DataTable';
import { TextCell } from '../../components/data-table/cells';

interface AutoMapReviewDialogProps {
  /** 'Auto Map' (organizations to accounts or companies) or 'Auto Map sites'. */
  title: string;
  /** What a candidate is: 'Autotask Company', 'CW Company', 'CW Site'. */
  targetLabel: string;
  /** What a source is: 'Ninja Organization', 'Location'. */
  sourceLabel: string;
  result: AutoMapResult;
  /** Keys marked "never map" (organizations; sites per location). */
  neverMap: ReadonlySet<number | string>;
  /** Absent: no "Never map" column (a list whose marks are not kept, such as a modal's locations). */
  onNeverMap?(key: number | string, on: boolean): void;
  onClose(): void;
  onContinue(accepted: AutoMapProposal[]): void;
  /** The continue button's text (default 'Review changes'; 'Apply' where a modal's own Save previews later). */
  continueText?: string;
  /** The count line (default: '<n> organizations will be mapped.'). */
  countText?(count: number): string;
}

const STATUS_OPTIONS: Array<{ label: string; value: ProposalStatus }> = [
  { label: 'Accept', value: 'accepted' },
  { label: 'Reject', value: 'rejected' },
];

function percent(score: number): string {
  return `${Math.round(score * 100)}%`;
}

export function AutoMapReviewDialog({ title, targetLabel, sourceLabel, result, neverMap, onNeverMap, onClose, onContinue, continueText = 'Review changes', countText = autoMapCountText }: AutoMapReviewDialogProps) {
  const [proposals, setProposals] = useState(result.proposals);
  const accepted = acceptedProposals(proposals);
  const pending = proposals.filter((p) => p.status === 'pending').length;
  const columns = useMemo<DataTableColumn<AutoMapProposal>[]>(
    () => [
      { id: 'source', title: sourceLabel, width: 240, sortValue: (p) => p.name.toLowerCase(), render: (p) => <TextCell text={p.name} /> },
      { id: 'target', title: targetLabel, width: 240, sortValue: (p) => p.target.name.toLowerCase(), render: (p) => <TextCell text={p.target.name} /> },
      {
        id: 'score',
        title: 'Match',
        width: 110,
        sortValue: (p) => p.score,
        render: (p) => (p.exact ? <Tag intent={Intent.SUCCESS} minimal>Exact</Tag> : <TextCell text={percent(p.score)} />),
      },
      {
        id: 'decision',
        title: 'Decision',
        width: 190,
        stretch: false,
        render: (p) => (
          <SegmentedControl
            size="small"
            aria-label={`Decision for ${p.name}`}
            options={STATUS_OPTIONS}
            value={p.status === 'pending' ? undefined : p.status}
            disabled={neverMap.has(p.key)}
            onValueChange={(value) => setProposals((current) => setProposalStatus(current, p.key, value as ProposalStatus))}
          />
        ),
      },
      ...(onNeverMap === undefined
        ? []
        : ([
            {
              id: 'never',
              title: 'Never map',
              width: 110,
              stretch: false,
              render: (p) => (
                <Checkbox
                  className="psa-never-map"
                  aria-label={`Never map ${p.name}`}
                  checked={neverMap.has(p.key)}
                  onChange={(event) => {
                    const on = event.currentTarget.checked;
                    onNeverMap(p.key, on);
                    // Marked: not mapped now either.
                    if (on) setProposals((current) => setProposalStatus(current, p.key, 'rejected'));
                  }}
                />
              ),
            },
          ] satisfies DataTableColumn<AutoMapProposal>[])),
    ],
    [sourceLabel, targetLabel, neverMap, onNeverMap],
  );
  const skipped = [
    result.skippedMapped > 0 ? `${result.skippedMapped} already mapped` : null,
    result.skippedNeverMap > 0 ? `${result.skippedNeverMap} marked never map` : null,
    result.unmatched.length > 0 ? `${result.unmatched.length} without a close enough name` : null,
  ].filter(Boolean);
  return (
    <Dialog isOpen title={title} onClose={onClose} className="psa-auto-map-dialog" style={{ width: 960 }} canOutsideClickClose={false}>
      <DialogBody>
        <p className="psa-auto-map-count" role="status">
          <strong>{countText(accepted.length)}</strong>
          {pending > 0 && ` ${pending} ${pending === 1 ? 'candidate waits' : 'candidates wait'} for your decision.`}
        </p>
        {skipped.length > 0 && <p className={Classes.TEXT_MUTED}>Left out: {skipped.join(', ')}.</p>}
        {proposals.length === 0 ? (
          <Callout intent={Intent.PRIMARY}>No candidates: every name is already mapped, marked never map, or too far from the names on the other side.</Callout>
        ) : (
          <div className="psa-auto-map-table">
            <DataTable<AutoMapProposal>
              id="psa-auto-map-review"
              label="Auto Map candidates"
              columns={columns}
              rows={proposals}
              rowId={(p) => String(p.key)}
              searchText={(p) => `${p.name} ${p.target.name}`}
              searchPlaceholder="Search candidates"
              toolbar={<Button icon="tick" text="Accept all" disabled={pending === 0} onClick={() => setProposals((current) => acceptAllPending(current))} />}
            />
          </div>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onClose} />
            <Button intent={Intent.PRIMARY} text={continueText} disabled={accepted.length === 0} onClick={() => onContinue(accepted)} />
          </>
        }
      />
    </Dialog>
  );
}
