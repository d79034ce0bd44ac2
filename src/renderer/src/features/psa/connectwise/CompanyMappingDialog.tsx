/**
 * The organization-to-company modal (spec §2.4: CW Company required, Product
 * Mapping, Configuration Type Mapping, and the location-to-site list; §4.3;
 * §5.4 'Required'). A different company resets the organization's locations
 * to no site and no agreement (sites and agreements are the company's). Save
 * validates, then the preview lists every row that will change and only its
 * confirmation writes; Cancel there keeps this modal open with the edits.
 */
import { Button, Callout, Classes, Dialog, DialogBody, DialogFooter, FormGroup, Intent } from '@blueprintjs/core';
import { useMemo } from 'react';
import type { ConnectWiseCompanyMapping, PsaRecord } from '../../../../../shared/model/psa';
import { companyDefault, remapCompany, setCompanyDefault, type SiteMappingKind } from '../../../../../shared/rules/psa/connectwise';
import { asFormSchema, validateCompanyMapping } from '../../../../../shared/rules/psa/validation';
import { sameId } from '../../../../../shared/rules/psa/transitions';
import { useQuery } from '../../../core/data/use-query';
import { presentError } from '../../../core/toaster';
import { useConfirmClose } from '../../../components/form/UnsavedChangesAlert';
import { useZodForm } from '../../../components/form/use-zod-form';
import type { CwData } from './cw-data';
import { CW_UNSAVED_TITLE_ID, RecordSelect, recordOf, SearchSelect } from './cw-kit';
import { LocationSitesList } from './LocationSitesList';
import type { ChangeOutcome } from './use-company-changes';

interface CompanyMappingDialogProps {
  row: ConnectWiseCompanyMapping;
  data: CwData;
  companies: readonly PsaRecord[] | undefined;
  companiesLoading: boolean;
  /** The preview before the save (use-company-changes). */
  review(before: readonly ConnectWiseCompanyMapping[], after: readonly ConnectWiseCompanyMapping[]): Promise<ChangeOutcome>;
  onClose(): void;
}

const schema = asFormSchema<ConnectWiseCompanyMapping>((values) => validateCompanyMapping(values));
/** The organization's two defaults (its locations' CLIENT_DEFAULT). */
const DEFAULT_SELECTS: ReadonlyArray<{ kind: SiteMappingKind; label: string; id: string }> = [
  { kind: 'product', label: 'Product Mapping', id: 'cw-company-product' },
  { kind: 'configurationType', label: 'Configuration Type Mapping', id: 'cw-company-configuration' },
];
/** Thrown when the preview is cancelled: the modal stays open with its edits. */
class PreviewCancelled extends Error {}

export function CompanyMappingDialog({ row, data, companies, companiesLoading, review, onClose }: CompanyMappingDialogProps) {
  const form = useZodForm(schema, row, 'cw-company');
  const draft = form.values as ConnectWiseCompanyMapping;
  const sites = useQuery('psa.connectwise.sites', draft.companyId === null ? null : { companyId: draft.companyId }, (error) => presentError(error, { key: 'cw-sites' }));
  const productMappings = useMemo(() => data.settings.productMappings.map(({ id, name }) => ({ id, name })), [data.settings.productMappings]);
  const configurationTypeMappings = useMemo(() => data.settings.configurationTypeMappings.map(({ id, name }) => ({ id, name })), [data.settings.configurationTypeMappings]);
  const companyError = form.errors.companyId ?? null;

  /** The organization after a change: each changed field into the form (so `dirty` and the errors follow). */
  const apply = (next: ConnectWiseCompanyMapping) => {
    for (const key of Object.keys(next) as Array<keyof ConnectWiseCompanyMapping>) if (next[key] !== draft[key]) form.set(key, next[key]);
  };
  const companyChanged = !sameId(draft.companyId, row.companyId);
  const hadSites = row.locationSiteMappings.some((site) => site.psaSiteId !== null || site.agreementId !== null);

  const { close, alert } = useConfirmClose(form.dirty, onClose, CW_UNSAVED_TITLE_ID);
  const save = async () => {
    try {
      const valid = await form.submit(async (values) => {
        if ((await review([row], [values])) === 'cancelled') throw new PreviewCancelled();
      });
      if (valid) onClose();
    } catch (error) {
      if (!(error instanceof PreviewCancelled)) presentError(error, { key: 'cw-company-mapping' });
    }
  };

  return (
    <Dialog isOpen title={`Organization Mapping: ${row.clientName}`} onClose={close} className="cw-company-dialog" canOutsideClickClose={false}>
      <DialogBody>
        <fieldset disabled={form.saving} className="vertical-tabs-fieldset">
          <div className="cw-company-fields">
            <FormGroup
              label="CW Company"
              labelFor="cw-company-company"
              labelInfo="*"
              intent={companyError ? Intent.DANGER : Intent.NONE}
              helperText={companyError ?? undefined}
            >
              <SearchSelect
                id="cw-company-company"
                value={recordOf(draft.companyId, draft.companyName)}
                records={companies ?? []}
                loading={companiesLoading && !companies}
                noun="companies"
                placeholder="Select a company..."
                intent={companyError ? Intent.DANGER : Intent.NONE}
                disabled={form.saving}
                onChange={(company) => apply(remapCompany([draft], draft.clientId, company)[0]!)}
                onClose={() => form.touch('companyId')}
              />
            </FormGroup>
            {DEFAULT_SELECTS.map(({ kind, label, id }) => (
              <FormGroup key={kind} label={label} labelFor={id}>
                <RecordSelect
                  id={id}
                  value={companyDefault(draft, kind)}
                  records={kind === 'product' ? productMappings : configurationTypeMappings}
                  none="None"
                  onChange={(record) => apply(setCompanyDefault([draft], draft.clientId, kind, record && { id: Number(record.id), name: record.name })[0]!)}
                />
              </FormGroup>
            ))}
          </div>
          {companyChanged && hadSites && (
            <Callout intent={Intent.WARNING} icon="warning-sign" compact className="gap">
              A different company has other sites and agreements: the locations' sites and agreements were cleared.
            </Callout>
          )}
          <h3 className={`${Classes.HEADING} cw-subtitle`}>Locations</h3>
          <LocationSitesList
            company={draft}
            sites={draft.companyId === null ? undefined : sites.data}
            sitesLoading={sites.loading}
            onRefresh={sites.reload}
            productMappings={productMappings}
            configurationTypeMappings={configurationTypeMappings}
            onChange={apply}
            disabled={form.saving}
          />
        </fieldset>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={close} disabled={form.saving} />
            <Button intent={Intent.PRIMARY} text="Save" loading={form.saving} onClick={() => void save()} />
          </>
        }
      />
      {alert}
    </Dialog>
  );
}
