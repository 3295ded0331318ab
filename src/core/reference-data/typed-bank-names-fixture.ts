/**
 * Issue 13: the names people type in the bank picker, and the everyday brand that must come first
 * for each, with its licence (FRN and licence holder, as the picker shows them) and protection.
 * Written by hand from data/reference (not derived from everyday_brands.csv), so a wrong row in
 * that file fails the tests that read this table: the core ranking (bank-search.test.ts) and the
 * API on PostgreSQL and PGlite (src/server/reference/routes.test.ts).
 */
export interface TypedBankName {
  typed: string;
  brand: string;
  /** The licence's FRN; null for NS&I (HM Treasury) and Chip (the data has no FRN for it). */
  frn: string | null;
  /** The licence holder's display name (`legalName` in the API). */
  legalName: string;
  protectionBasis: 'fscs_deposit' | 'via_partner_banks' | 'hm_treasury';
}

type Row = [typed: string, brand: string, frn: string | null, legalName: string, basis?: 'platform' | 'hm_treasury'];

const ROWS: Row[] = [
  // The names issue 13 lists, in its order.
  ['Santander', 'Santander', '106054', 'Santander UK Plc'],
  ['Lloyds', 'Lloyds Bank', '119278', 'Lloyds Bank PLC'],
  ['Barclays', 'Barclays', '759676', 'Barclays Bank UK PLC'],
  ['HSBC', 'HSBC UK', '765112', 'HSBC UK Bank Plc'],
  ['first direct', 'first direct', '765112', 'HSBC UK Bank Plc'],
  ['NatWest', 'NatWest', '121878', 'National Westminster Bank Public Limited Company'],
  ['RBS', 'RBS', '114724', 'The Royal Bank of Scotland Plc'],
  ['Nationwide', 'Nationwide Building Society', '106078', 'Nationwide Building Society'],
  ['TSB', 'TSB', '191240', 'TSB Bank plc'],
  ['Virgin Money', 'Virgin Money', '121873', 'Clydesdale Bank Plc'],
  ['Monzo', 'Monzo', '730427', 'Monzo Bank Ltd'],
  ['Starling', 'Starling Bank', '730166', 'Starling Bank Limited'],
  ['Chase', 'Chase', '124579', 'J.P. Morgan Europe Limited'],
  ['Marcus', 'Marcus by Goldman Sachs', '124659', 'Goldman Sachs International Bank'],
  ['Zopa', 'Zopa', '800542', 'Zopa Bank Limited'],
  ['Atom', 'Atom bank', '661960', 'Atom Bank PLC'],
  ['Kroo', 'Kroo', '953772', 'Kroo Bank Ltd'],
  ['Tesco Bank', 'Tesco Bank', '759676', 'Barclays Bank UK PLC'],
  ["Sainsbury's Bank", "Sainsbury's Bank", '121878', 'National Westminster Bank Public Limited Company'],
  ['Coventry', 'Coventry Building Society', '150892', 'Coventry Building Society'],
  ['Yorkshire', 'Yorkshire Building Society', '106085', 'Yorkshire Building Society'],
  ['Skipton', 'Skipton Building Society', '153706', 'Skipton Building Society'],
  ['Leeds', 'Leeds Building Society', '164992', 'Leeds Building Society'],
  ['Principality', 'Principality Building Society', '155998', 'Principality Building Society'],
  ['Post Office', 'Post Office', '512956', 'Bank of Ireland (UK) Plc'],
  ['M&S Bank', 'M&S Bank', '151427', 'Marks & Spencer Financial Services Plc'],
  ['Metro', 'Metro Bank', '488982', 'Metro Bank PLC'],
  ['Co-operative Bank', 'The Co-operative Bank', '121885', 'The Co-operative Bank Plc'],
  ['Shawbrook', 'Shawbrook', '204574', 'Shawbrook Bank Limited'],
  ['Paragon', 'Paragon Bank', '604551', 'Paragon Bank Plc'],
  ['Aldermore', 'Aldermore', '204503', 'Aldermore Bank Plc'],
  ['Investec', 'Investec', '172330', 'Investec Bank PLC'],
  ['Al Rayan', 'Al Rayan Bank', '229148', 'Al Rayan Bank PLC'],
  ['Cynergy', 'Cynergy Bank', '575105', 'Cynergy Bank Plc'],
  ['Charter Savings', 'Charter Savings Bank', '494549', 'Charter Court Financial Services Limited'],
  ['Secure Trust', 'Secure Trust Bank', '204550', 'Secure Trust Bank Plc'],
  ['Close Brothers', 'Close Brothers Savings', '124750', 'Close Brothers Limited'],
  ['Tandem', 'Tandem', '204479', 'Tandem Bank Limited'],
  ['Chip', 'Chip', null, 'Chip Financial Ltd', 'platform'],
  ['Raisin', 'Raisin UK', '813894', 'Raisin Platforms Limited', 'platform'],
  ['Flagstone', 'Flagstone', '605504', 'Flagstone Group Ltd', 'platform'],
  [
    'Hargreaves Lansdown',
    'Hargreaves Lansdown Active Savings',
    '915119',
    'Hargreaves Lansdown Savings Limited (HL Savings Ltd)',
    'platform',
  ],
  ['Moneybox', 'Moneybox', '712935', 'Digital Moneybox Limited', 'platform'],
  ['NS&I', 'NS&I', null, 'National Savings and Investments (NS&I)', 'hm_treasury'],
  // Others, and the same names typed other ways.
  ['Halifax', 'Halifax', '169628', 'Bank of Scotland plc'],
  ['Bank of Scotland', 'Bank of Scotland', '169628', 'Bank of Scotland plc'],
  ['Lloyds Bank', 'Lloyds Bank', '119278', 'Lloyds Bank PLC'],
  ['SANTANDER', 'Santander', '106054', 'Santander UK Plc'],
  ['  santander  ', 'Santander', '106054', 'Santander UK Plc'],
  ['sant', 'Santander', '106054', 'Santander UK Plc'],
  ['sainsbury’s', "Sainsbury's Bank", '121878', 'National Westminster Bank Public Limited Company'],
  ['Co-op', 'The Co-operative Bank', '121885', 'The Co-operative Bank Plc'],
  ['Post Office Money', 'Post Office', '512956', 'Bank of Ireland (UK) Plc'],
  ['National Savings', 'NS&I', null, 'National Savings and Investments (NS&I)', 'hm_treasury'],
  ['West Brom', 'West Bromwich Building Society', '104877', 'West Bromwich Building Society'],
];

export const TYPED_BANK_NAMES: readonly TypedBankName[] = ROWS.map(([typed, brand, frn, legalName, basis]) => ({
  typed,
  brand,
  frn,
  legalName,
  protectionBasis: basis === 'platform' ? 'via_partner_banks' : (basis ?? 'fscs_deposit'),
}));
