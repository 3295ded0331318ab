/** The banking data admin screen's tabs, page size and messages (admin-data-routes.ts). */
import { WARN_USER_LEVELS } from '../../core/reference-data/import/provider-rows.ts';

export const BANK_DATA_TABS = ['groups', 'banks', 'isas', 'pensions'] as const;
export type BankDataTab = (typeof BANK_DATA_TABS)[number];
export const BANK_DATA_PAGE_SIZE = 50;

export const TABLE_NAMES = {
  groups: 'banking_groups',
  banks: 'bank_references',
  isas: 'isa_providers',
  pensions: 'pension_providers',
} as const satisfies Record<BankDataTab, string>;

export const BANK_DATA_MESSAGES = {
  tab: `tab must be one of ${BANK_DATA_TABS.join(', ')}`,
  table: `table must be one of ${BANK_DATA_TABS.join(', ')}`,
  q: 'Search text must be 100 characters or fewer',
  page: 'page must be a whole number from 1',
  notFound: 'No such row in the banking data',
  nothing: 'Change at least one field',
  name: 'Name is required',
  nameLength: 'Name must be 200 characters or fewer',
  legalName: 'Legal name is required',
  frn: 'FRN must be 6 or 7 digits',
  text: 'Text must be 2,000 characters or fewer',
  website: 'Website must be a web address starting https:// or http://',
  warn: `Warn level must be one of ${WARN_USER_LEVELS.join(', ')}`,
  confidence: 'Confidence must be a whole number from 0 to 100',
  displayToUser: 'Display to user must be true or false',
  licence: 'Choose the banking group (licence) by its id',
  unknownLicence: 'No banking group with that id',
  notEditable: (field: string, tab: BankDataTab) => `${field} cannot be changed on ${TAB_NOUN[tab]}`,
} as const;

export const TAB_NOUN: Record<BankDataTab, string> = {
  groups: 'a banking group',
  banks: 'a bank',
  isas: 'an ISA platform',
  pensions: 'a pension provider',
};
