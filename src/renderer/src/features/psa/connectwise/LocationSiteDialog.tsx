/**
 * The location-to-site modal (spec §2.4: CW Site, Product Mapping,
 * Configuration Type Mapping, Agreement; §4.3; §7.3; §8.3): a location of the
 * organization modal's list. Product and configuration type choices are None
 * (NONE), the organization default (CLIENT_DEFAULT) or a mapping (SPECIFIED);
 * None for the product clears the agreement; the Agreement selector is
 * disabled until a product mapping or the default is set. The company's
 * agreements are read when the modal opens ('Error fetching Company
 * agreements' when they cannot be). Apply hands the location back to the
 * organization modal: nothing is saved here.
 */
import { Button, Callout, Classes, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import type { ConnectWiseCompanyMapping, ConnectWiseLocationSiteMapping, PsaRecord } from '../../../../../shared/model/psa';
import {
  agreementEnabled,
  CHOICE_DEFAULT,
  CHOICE_NONE,
  choiceOfSite,
  chooseMapping,
  effectiveMapping,
  MAPPING_CHOICE_LABELS,
  setAgreement,
  setSite,
  type MappingChoice,
  type SiteMappingKind,
} from '../../../../../shared/rules/psa/connectwise';
import { PSA_MESSAGES } from '../../../../../shared/rules/psa/messages';
import { hasUnsavedChanges } from '../../../components/form/form-state';
import { useConfirmClose } from '../../../components/form/UnsavedChangesAlert';
import { useQuery } from '../../../core/data/use-query';
import { CW_UNSAVED_TITLE_ID, presentPsaError, RecordSelect, recordOf } from './cw-kit';

interface LocationSiteDialogProps {
  site: ConnectWiseLocationSiteMapping;
  /** The organization as the modal holds it (its company, its defaults). */
  company: ConnectWiseCompanyMapping;
  sites: readonly PsaRecord[];
  productMappings: ReadonlyArray<{ id: number; name: string }>;
  configurationTypeMappings: ReadonlyArray<{ id: number; name: string }>;
  onApply(site: ConnectWiseLocationSiteMapping): void;
  onClose(): void;
}

const choiceValue = (choice: MappingChoice | null): string => (choice === null ? '' : typeof choice === 'string' ? choice : `id:${choice.id}`);

/** A Product Mapping or Configuration Type Mapping select: the organization default, None, then the mappings. */
function ChoiceSelect({ id, kind, site, company, mappings, onChange }: { id: string; kind: SiteMappingKind; site: ConnectWiseLocationSiteMapping; company: ConnectWiseCompanyMapping; mappings: ReadonlyArray<{ id: number; name: string }>; onChange(choice: MappingChoice): void }) {
  const choice = choiceOfSite(site, kind);
  const fallback = effectiveMapping({ ...site, [kind === 'product' ? 'productMappingType' : 'configurationTypeMappingType']: CHOICE_DEFAULT }, company, kind);
  const listed = choice === null || typeof choice === 'string' || mappings.some((m) => m.id === choice.id);
  const options = [
    ...(choice === null ? [{ label: 'Select...', value: '' }] : []),
    { label: `${MAPPING_CHOICE_LABELS.CLIENT_DEFAULT} (${fallback?.name ?? 'none set'})`, value: CHOICE_DEFAULT },
    { label: MAPPING_CHOICE_LABELS.NONE, value: CHOICE_NONE },
    ...(listed ? [] : [{ label: `${(choice as { name: string }).name} (not listed)`, value: choiceValue(choice) }]),
    ...mappings.map((m) => ({ label: m.name, value: `id:${m.id}` })),
  ];
  return (
    <HTMLSelect
      id={id}
      fill
      value={choiceValue(choice)}
      options={options}
      onChange={(event) => {
        const value = event.currentTarget.value;
        if (value === CHOICE_DEFAULT || value === CHOICE_NONE) onChange(value);
        else {
          const mapping = mappings.find((m) => `id:${m.id}` === value);
          if (mapping) onChange({ id: mapping.id, name: mapping.name });
        }
      }}
    />
  );
}

export function LocationSiteDialog({ site, company, sites, productMappings, configurationTypeMappings, onApply, onClose }: LocationSiteDialogProps) {
  const [draft, setDraft] = useState(site);
  const agreements = useQuery('psa.connectwise.agreements', company.companyId === null ? null : { companyId: company.companyId }, (error) =>
    presentPsaError(error, PSA_MESSAGES.agreementsFetchFailed, 'cw-agreements'),
  );
  const enabled = agreementEnabled(draft, company);
  const dirty = hasUnsavedChanges(draft, site);
  const { close, alert } = useConfirmClose(dirty, onClose, CW_UNSAVED_TITLE_ID);
  const agreementHelp = !enabled
    ? 'Choose a product mapping, or the organization default when it has one, to choose an agreement.'
    : agreements.loading
      ? 'Loading the agreements...'
      : undefined;

  return (
    <Dialog isOpen title={`Location Mapping: ${site.locationName}`} onClose={close} className="cw-location-dialog" canOutsideClickClose={false}>
      <DialogBody>
        <p className={Classes.TEXT_MUTED}>
          {company.clientName} → {company.companyName ?? 'no company'}
        </p>
        <FormGroup label="CW Site" labelFor="cw-location-site">
          <RecordSelect id="cw-location-site" value={recordOf(draft.psaSiteId, draft.psaSiteName)} records={sites} none="None" onChange={(record) => setDraft(setSite(draft, record))} />
        </FormGroup>
        {sites.length === 0 && (
          <Callout intent={Intent.PRIMARY} compact className="gap">
            {PSA_MESSAGES.noSites}
          </Callout>
        )}
        <FormGroup label="Product Mapping" labelFor="cw-location-product">
          <ChoiceSelect id="cw-location-product" kind="product" site={draft} company={company} mappings={productMappings} onChange={(choice) => setDraft(chooseMapping(draft, 'product', choice))} />
        </FormGroup>
        <FormGroup label="Configuration Type Mapping" labelFor="cw-location-configuration">
          <ChoiceSelect
            id="cw-location-configuration"
            kind="configurationType"
            site={draft}
            company={company}
            mappings={configurationTypeMappings}
            onChange={(choice) => setDraft(chooseMapping(draft, 'configurationType', choice))}
          />
        </FormGroup>
        <FormGroup label="Agreement" labelFor="cw-location-agreement" helperText={agreementHelp}>
          <RecordSelect
            id="cw-location-agreement"
            value={recordOf(draft.agreementId, draft.agreementName)}
            records={agreements.data ?? []}
            none="None"
            disabled={!enabled || agreements.data === undefined}
            onChange={(record) => setDraft(setAgreement(draft, record, company))}
          />
        </FormGroup>
        {agreements.error && (
          <Callout intent={Intent.DANGER} icon="error" compact className="cw-agreements-error">
            <span role="alert">{PSA_MESSAGES.agreementsFetchFailed}</span>
            <Button size="small" variant="minimal" icon="refresh" text="Try again" className="gap-left" onClick={agreements.reload} />
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={close} />
            <Button intent={Intent.PRIMARY} text="Apply" onClick={() => onApply(draft)} />
          </>
        }
      />
      {alert}
    </Dialog>
  );
}
