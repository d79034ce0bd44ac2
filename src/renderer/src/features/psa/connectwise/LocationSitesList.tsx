/**
 * The organization modal's location-to-site list (spec §2.4 "a
 * location-to-site list with Auto, Clear and Refresh"): each location with its
 * CW Site, Products, Configuration Types and Agreement; a name, Edit or Enter
 * opens the location-to-site modal. Auto proposes the company's sites by name
 * (the review queue); Clear empties the selected locations' sites and
 * agreements; Refresh reads the company's sites again. Every change stays in
 * the organization modal until its Save (and the preview).
 */
import { Button, Callout, Intent, Spinner } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import type { ConnectWiseCompanyMapping, ConnectWiseLocationSiteMapping, PsaRecord } from '../../../../../shared/model/psa';
import { applySiteProposals, autoMapSites, type AutoMapResult } from '../../../../../shared/rules/psa/auto-map';
import { setSite, siteKey, updateSite } from '../../../../../shared/rules/psa/connectwise';
import { PSA_MESSAGES } from '../../../../../shared/rules/psa/messages';
import { ButtonLinkCell, TextCell } from '../../../components/data-table/cells';
import { DataTable, type DataTableColumn, type RowAction } from '../../../components/data-table/DataTable';
import { EMPTY_SELECTION, isSelected, type Selection } from '../../../components/data-table/selection';
import { AutoMapReviewDialog } from '../AutoMapReviewDialog';
import { choiceText } from './company-rows';
import { LocationSiteDialog } from './LocationSiteDialog';

interface LocationSitesListProps {
  company: ConnectWiseCompanyMapping;
  /** The company's sites (undefined while they load or when there is no company). */
  sites: readonly PsaRecord[] | undefined;
  sitesLoading: boolean;
  onRefresh(): void;
  productMappings: ReadonlyArray<{ id: number; name: string }>;
  configurationTypeMappings: ReadonlyArray<{ id: number; name: string }>;
  onChange(company: ConnectWiseCompanyMapping): void;
  disabled?: boolean;
}

/**
 * Locations are usually named after their organization ('Contoso Ltd Branch') and sites not ('Branch'): names
 * are compared without the organization's name in front (rows without a location id keep theirs: it is their key).
 */
function autoMapLocalNames(company: ConnectWiseCompanyMapping, sites: readonly PsaRecord[]): AutoMapResult {
  const prefix = company.clientName.trim().toLowerCase();
  const local = (name: string) => (prefix !== '' && name.toLowerCase().startsWith(prefix) ? name.slice(prefix.length).replace(/^[\s\-–:,/]+/, '') || name : name);
  const stripped = { ...company, locationSiteMappings: company.locationSiteMappings.map((site) => (site.locationId === null ? site : { ...site, locationName: local(site.locationName) })) };
  const result = autoMapSites(stripped, sites);
  const names = new Map(company.locationSiteMappings.map((site) => [siteKey(site), site.locationName]));
  return { ...result, proposals: result.proposals.map((p) => ({ ...p, name: names.get(String(p.key)) ?? p.name })) };
}

const siteCountText = (count: number) => (count === 0 ? 'No locations will be mapped.' : count === 1 ? '1 location will be mapped.' : `${count} locations will be mapped.`);

export function LocationSitesList({ company, sites, sitesLoading, onRefresh, productMappings, configurationTypeMappings, onChange, disabled }: LocationSitesListProps) {
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const [editing, setEditing] = useState<ConnectWiseLocationSiteMapping | null>(null);
  const [review, setReview] = useState<AutoMapResult | null>(null);
  const hasCompany = company.companyId !== null;
  const rows = company.locationSiteMappings;
  const selected = rows.filter((site) => isSelected(selection, siteKey(site)));
  const change = (next: ConnectWiseCompanyMapping[]) => onChange(next[0]!);
  const open = (site: ConnectWiseLocationSiteMapping) => {
    if (hasCompany && !disabled && sites) setEditing(site);
  };

  const columns = useMemo<DataTableColumn<ConnectWiseLocationSiteMapping>[]>(
    () => [
      {
        id: 'location',
        title: 'Location',
        width: 200,
        sortValue: (site) => site.locationName.toLowerCase(),
        render: (site) => (hasCompany ? <ButtonLinkCell text={site.locationName} label={`Edit the site of ${site.locationName}`} onClick={() => open(site)} /> : <TextCell text={site.locationName} />),
      },
      { id: 'site', title: 'CW Site', width: 170, sortValue: (site) => (site.psaSiteName ?? '').toLowerCase(), render: (site) => <TextCell text={site.psaSiteName ?? (site.psaSiteId === null ? null : `#${String(site.psaSiteId)}`)} /> },
      { id: 'products', title: 'Products', width: 200, render: (site) => <TextCell text={choiceText(site, company, 'product') || null} /> },
      { id: 'configurationTypes', title: 'Configuration Types', width: 200, render: (site) => <TextCell text={choiceText(site, company, 'configurationType') || null} /> },
      { id: 'agreement', title: 'Agreement', width: 170, render: (site) => <TextCell text={site.agreementName ?? (site.agreementId === null ? null : `#${String(site.agreementId)}`)} /> },
    ],
    // The cells open the latest location; the columns change with the organization they describe.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [company, hasCompany, disabled, sites],
  );
  const actions: RowAction<ConnectWiseLocationSiteMapping>[] = [{ id: 'edit', label: 'Edit', icon: 'edit', run: open, disabled: () => !hasCompany || disabled === true || !sites }];

  const clearSelected = () => {
    let next = [company];
    for (const site of selected) next = updateSite(next, company.clientId, siteKey(site), (s) => ({ ...setSite(s, null), agreementId: null, agreementName: null }));
    change(next);
    setSelection(EMPTY_SELECTION);
  };

  const toolbar = (
    <>
      <Button icon="predictive-analysis" text="Auto" disabled={disabled || !sites || sites.length === 0 || rows.length === 0} onClick={() => sites && setReview(autoMapLocalNames(company, sites))} />
      <Button icon="eraser" text="Clear" disabled={disabled || selected.length === 0} onClick={clearSelected} />
      <Button icon={sitesLoading ? <Spinner size={16} aria-label="Loading the sites" /> : 'refresh'} text="Refresh" disabled={disabled || !hasCompany || sitesLoading} aria-busy={sitesLoading} onClick={onRefresh} />
    </>
  );

  return (
    <div className="cw-location-sites">
      {!hasCompany ? (
        <Callout intent={Intent.PRIMARY} compact className="gap">
          Choose a CW Company to map the locations to its sites.
        </Callout>
      ) : sites && sites.length === 0 ? (
        <Callout intent={Intent.WARNING} compact className="gap" role="status">
          {PSA_MESSAGES.noSites}
        </Callout>
      ) : null}
      <DataTable<ConnectWiseLocationSiteMapping>
        id="cw-location-sites"
        label="Location to site mapping"
        className="cw-table cw-location-table"
        columns={columns}
        rows={rows}
        rowId={siteKey}
        rowLabel={(site) => site.locationName}
        mode="select"
        selection={selection}
        onSelectionChange={setSelection}
        actions={actions}
        onRowAction={open}
        emptyTitle="This organization has no locations"
        toolbar={toolbar}
      />
      {editing && sites && (
        <LocationSiteDialog
          site={editing}
          company={company}
          sites={sites}
          productMappings={productMappings}
          configurationTypeMappings={configurationTypeMappings}
          onApply={(site) => {
            change(updateSite([company], company.clientId, siteKey(site), () => site));
            setEditing(null);
          }}
          onClose={() => setEditing(null)}
        />
      )}
      {review && (
        <AutoMapReviewDialog
          title="Auto Map sites"
          sourceLabel="Location"
          targetLabel="CW Site"
          result={review}
          neverMap={new Set()}
          continueText="Apply"
          countText={siteCountText}
          onClose={() => setReview(null)}
          onContinue={(accepted) => {
            change(applySiteProposals([company], company.clientId, accepted));
            setReview(null);
          }}
        />
      )}
    </div>
  );
}
