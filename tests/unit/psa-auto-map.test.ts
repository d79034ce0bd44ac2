/** Auto Map's scorer and review queue (spec/ticketing-automations-psa.md §2.3, §2.4, §4.3). */
import { describe, expect, it } from 'vitest';
import {
  acceptAllPending,
  acceptedProposals,
  applyAccountProposals,
  applyCompanyProposals,
  applySiteProposals,
  AUTO_MAP_THRESHOLD,
  autoMapAccounts,
  autoMapCandidates,
  autoMapCompanies,
  autoMapSites,
  nameScore,
  normalizeName,
  setNeverMap,
  setProposalStatus,
} from '../../src/shared/rules/psa/auto-map';
import { account, company, location, site } from '../helpers/psa';

const source = (key: number, name: string, mapped = false) => ({ key, name, mapped });

describe('normalized names', () => {
  it('drops case, punctuation, accents, a leading The and trailing legal forms', () => {
    expect(normalizeName('Acme, Inc.')).toBe('acme');
    expect(normalizeName('ACME Inc')).toBe('acme');
    expect(normalizeName('Contoso Limited')).toBe('contoso');
    expect(normalizeName('Müller GmbH & Co. KG')).toBe('muller');
    expect(normalizeName('A.B.C. Services L.L.C.')).toBe('abc services');
    expect(normalizeName('The Smith & Sons Company')).toBe('smith and sons');
    expect(normalizeName('Fabrikam Pty Ltd')).toBe('fabrikam');
    expect(normalizeName('Initech S.A.')).toBe('initech');
    expect(normalizeName('Company')).toBe('company');
  });
});

describe('the scorer', () => {
  it('equal after normalization scores 1', () => {
    expect(nameScore('Acme, Inc.', 'ACME Inc')).toBe(1);
    expect(nameScore('Contoso Ltd', 'Contoso Limited')).toBe(1);
    expect(nameScore('Globex GmbH', 'Globex Corporation')).toBe(1);
    expect(nameScore('Vandelay Industries PLC', 'Vandelay Industries LLP')).toBe(1);
  });

  it('close names score high but below 1; unrelated names below the threshold', () => {
    expect(AUTO_MAP_THRESHOLD).toBe(0.6);
    const typo = nameScore('Acme Constrution', 'Acme Construction');
    expect(typo).toBeGreaterThan(0.7);
    expect(typo).toBeLessThan(1);
    expect(nameScore('Microsoft', 'Micro Soft')).toBeGreaterThanOrEqual(AUTO_MAP_THRESHOLD);
    expect(nameScore('Globex', 'Initech')).toBe(0);
    expect(nameScore('Stark Industries', 'Wayne Enterprises')).toBeLessThan(AUTO_MAP_THRESHOLD);
    expect(nameScore('Blue Sky LLC', 'Blue Ocean LLC')).toBeLessThan(AUTO_MAP_THRESHOLD);
    expect(nameScore('', 'Acme')).toBe(0);
  });

  it('is symmetric', () => {
    expect(nameScore('Acme Widgets', 'Acme Widget Co')).toBeCloseTo(nameScore('Acme Widget Co', 'Acme Widgets'), 10);
  });
});

describe('the review queue', () => {
  it('exact matches are pre-accepted, close ones pending with their score, unrelated ones unmatched', () => {
    const result = autoMapCandidates({
      sources: [source(1, 'Acme, Inc.'), source(2, 'Contoso Constrution'), source(3, 'Stark Industries')],
      targets: [{ id: 'a', name: 'ACME Inc' }, { id: 'b', name: 'Contoso Construction LLC' }, { id: 'c', name: 'Wayne Enterprises' }],
    });
    expect(result.proposals.map((p) => [p.key, p.target.id, p.exact, p.status])).toEqual([
      [1, 'a', true, 'accepted'],
      [2, 'b', false, 'pending'],
    ]);
    expect(result.proposals[1]!.score).toBeGreaterThanOrEqual(AUTO_MAP_THRESHOLD);
    expect(result.proposals[1]!.score).toBeLessThan(1);
    expect(result.unmatched).toEqual([3]);
  });

  it('each account is used at most once: the best-scoring organization gets it', () => {
    const result = autoMapCandidates({
      sources: [source(1, 'Northwind Trading'), source(2, 'Northwind Traders')],
      targets: [{ id: 10, name: 'Northwind Traders Ltd' }],
    });
    expect(result.proposals).toHaveLength(1);
    expect(result.proposals[0]).toMatchObject({ key: 2, exact: true, status: 'accepted' });
    expect(result.unmatched).toEqual([1]);
  });

  it('ties are broken deterministically, and an ambiguous exact match waits for review', () => {
    const input = { sources: [source(2, 'Acme LLC'), source(1, 'Acme Inc')], targets: [{ id: 5, name: 'Acme' }] };
    const first = autoMapCandidates(input);
    expect(first.proposals).toEqual([{ key: 1, name: 'Acme Inc', target: { id: 5, name: 'Acme' }, score: 1, exact: true, status: 'pending' }]);
    expect(autoMapCandidates({ ...input, sources: [...input.sources].reverse() })).toEqual(first);
    const twoAccounts = autoMapCandidates({ sources: [source(1, 'Acme')], targets: [{ id: 6, name: 'Acme Ltd' }, { id: 5, name: 'Acme Inc' }] });
    expect(twoAccounts.proposals.map((p) => [p.target.id, p.status])).toEqual([[5, 'pending']]);
  });

  it('skips mapped organizations, never-map ones and accounts already in use', () => {
    const neverMap = setNeverMap(new Set<number>(), 2, true);
    const result = autoMapCandidates({
      sources: [source(1, 'Acme', true), source(2, 'Globex'), source(3, 'Initech')],
      targets: [{ id: 1, name: 'Acme' }, { id: 2, name: 'Globex' }, { id: 3, name: 'Initech' }],
      neverMap,
      usedTargetIds: ['3'],
    });
    expect(result).toEqual({ proposals: [], unmatched: [3], skippedMapped: 1, skippedNeverMap: 1 });
    expect(setNeverMap(neverMap, 2, false).has(2)).toBe(false);
  });

  it('accept, reject, accept all', () => {
    const { proposals } = autoMapCandidates({
      sources: [source(1, 'Acme'), source(2, 'Contoso Constrution')],
      targets: [{ id: 1, name: 'Acme' }, { id: 2, name: 'Contoso Construction' }],
    });
    expect(acceptedProposals(proposals).map((p) => p.key)).toEqual([1]);
    expect(acceptedProposals(setProposalStatus(proposals, 1, 'rejected'))).toEqual([]);
    expect(acceptedProposals(acceptAllPending(proposals)).map((p) => p.key)).toEqual([1, 2]);
    expect(acceptedProposals(acceptAllPending(setProposalStatus(proposals, 2, 'rejected'))).map((p) => p.key)).toEqual([1]);
  });

  it('hundreds × hundreds: every organization finds its own account', () => {
    const names = Array.from({ length: 400 }, (_, i) => `Client ${i.toString(36)}${'xyzw'[i % 4]} Holdings`);
    const result = autoMapCandidates({
      sources: names.map((name, i) => source(i, `${name} Inc.`)),
      targets: names.map((name, i) => ({ id: i, name: `${name.toUpperCase()}, LLC` })).reverse(),
    });
    expect(result.proposals).toHaveLength(400);
    expect(result.proposals.every((p) => p.target.id === p.key && p.status === 'accepted')).toBe(true);
  });
});

describe('applying the queue', () => {
  it('Autotask: accepted proposals remap accounts, reset their locations and raise the §8.3 warning', () => {
    const locations = [location(11, 1, { locationName: 'HQ' })];
    const mappings = { accountMappings: [account(1, 'Acme Inc'), account(2, 'Globex', 7, 'Account 7'), account(3, 'Initech')], locationMappings: locations };
    const result = autoMapAccounts(mappings, [{ id: 7, name: 'Globex' }, { id: 8, name: 'ACME' }, { id: 9, name: 'Initech' }], new Set([3]));
    expect(result.proposals.map((p) => [p.key, p.target.id])).toEqual([[1, 8]]);
    expect(result).toMatchObject({ skippedMapped: 1, skippedNeverMap: 1 });
    const applied = applyAccountProposals(mappings, result.proposals);
    expect(applied.accountMappings[0]).toMatchObject({ accountId: 8, accountName: 'ACME' });
    expect(applied.locationMappings[0]).toMatchObject({ autotaskAccountId: 8, autotaskAccountName: 'ACME' });
    expect(applied.showWarning).toBe(true);
  });

  it('ConnectWise: companies, then the organization’s sites', () => {
    const rows = [company(1, 'Contoso Ltd', { locationSiteMappings: [site(5, { locationName: 'Main Office' })] })];
    const companies = autoMapCompanies(rows, [{ id: 40, name: 'Contoso Limited' }]);
    const withCompany = applyCompanyProposals(rows, companies.proposals);
    expect(withCompany[0]).toMatchObject({ companyId: 40, companyName: 'Contoso Limited' });
    const sites = autoMapSites(withCompany[0]!, [{ id: 'S1', name: 'main office' }]);
    expect(sites.proposals.map((p) => [p.key, p.status])).toEqual([['5', 'accepted']]);
    expect(applySiteProposals(withCompany, 1, sites.proposals)[0]!.locationSiteMappings[0]).toMatchObject({ psaSiteId: 'S1', psaSiteName: 'main office', mapped: true });
  });
});
