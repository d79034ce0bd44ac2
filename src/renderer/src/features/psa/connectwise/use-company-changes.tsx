/**
 * Every Company Mapping change goes through one preview before it is written
 * ("Beyond the anchors"), on the PSA pages' shared previewed save:
 * the organization modal's Save and Auto Map hand their before and after
 * rows here; the preview lists every mapping row that will change (before →
 * after) and only its confirmation saves the organizations it touches, as
 * the preview shows them (company-rows.ts `companySave`: what the save call
 * rewrites is listed too). The organization modal's Save, Auto Map and Clear
 * Mapping come here. A failed save keeps the preview open to try again; the
 * caller learns whether it was saved or cancelled (the organization modal
 * stays open on Cancel).
 */
import { useRef } from 'react';
import type { ConnectWiseCompanyMapping } from '../../../../../shared/model/psa';
import { changedRowCount } from '../../../../../shared/rules/psa/diff';
import { presentError, toastSuccess } from '../../../core/toaster';
import { ChangePreviewDialog } from '../ChangePreviewDialog';
import { saveCompanyMappings } from '../client';
import { usePreviewedSave } from '../use-psa';
import { companySave } from './company-rows';

export type ChangeOutcome = 'saved' | 'cancelled' | 'unchanged';

export function useCompanyChanges(onSaved: () => void) {
  const previewed = usePreviewedSave();
  const { pending } = previewed;
  /** Who waits for the preview's end (the organization modal, Auto Map, Clear Mapping). */
  const waiting = useRef<((outcome: ChangeOutcome) => void) | null>(null);

  /**
   * Shows the preview of `before` → `after`; resolves once it is saved or cancelled ('unchanged' at once when nothing
   * differs). `saved` (the toast) says what was done; the default counts the mappings.
   */
  const review = (before: readonly ConnectWiseCompanyMapping[], after: readonly ConnectWiseCompanyMapping[], warning: string | null = null, saved?: string): Promise<ChangeOutcome> => {
    const { changes, rows } = companySave(before, after);
    if (changes.length === 0) return Promise.resolve('unchanged');
    return new Promise((resolve) => {
      waiting.current = resolve;
      previewed.ask({
        changes,
        warning,
        save: async () => {
          try {
            await saveCompanyMappings({ rows });
          } catch (error) {
            presentError(error, { key: 'cw-company-mappings' });
            throw error;
          }
          const count = changedRowCount(changes);
          toastSuccess(saved ?? (count === 1 ? '1 mapping saved' : `${count} mappings saved`), 'cw-company-mappings');
          waiting.current = null;
          resolve('saved');
          onSaved();
        },
      });
    });
  };

  const element = pending && (
    <ChangePreviewDialog
      changes={pending.changes}
      warning={pending.warning}
      saving={previewed.saving}
      onCancel={() => {
        waiting.current?.('cancelled');
        waiting.current = null;
        previewed.cancel();
      }}
      onConfirm={() => void previewed.confirm()}
    />
  );
  return { review, element };
}
