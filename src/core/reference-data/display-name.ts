/**
 * Display names for banks, brands and providers.
 *
 * The research pack carries names as its sources printed them: some brand strings hold a
 * researcher's note in brackets ("Sainsbury's Bank (savings, loans & cards transferred to
 * NatWest 1 May 2025)"), and some legal names come from the PRA list in capitals
 * ("HAMPDEN & CO PLC"). People should see "Sainsbury's Bank" and "Hampden & Co plc"; the note
 * is kept beside the name, never thrown away.
 */

export interface CleanName {
  displayName: string;
  /** The bracketed note taken out of the name, if any. */
  nameNote: string | null;
}

// A trailing bracket is a note when it reads as prose: a lower-case first word followed by
// more words ("(formerly ...)", "(trading as ...)", "(cash savings via partner banks)"). A
// bracket that starts with a capital ("(UK)", "(Gibraltar)", "(BM Savings)") is part of the
// name, and so is "(publ)", the one-word Swedish legal suffix. A bracket holding a list of
// remarks ("(Fidelity ISA manager; SIPP operator not verified)") is a note too.
const NOTE_LEAD = /^[a-z]\S*\s/;

/** Words that stay in capitals when a shouted name is title-cased. */
const ACRONYMS = new Set([
  'UK',
  'GB',
  'NI',
  'HSBC',
  'TSB',
  'RBS',
  'NS&I',
  'HBL',
  'LHV',
  'MUFG',
  'KEXIM',
  'ABN',
  'AMRO',
  'NV',
  'AG',
  'SA',
  'AB',
  'AS',
  'BNP',
  'ICBC',
  'QIB',
  'NBK',
  'UBS',
  'BCP',
  'SBI',
  'PJSC',
  'IFA',
  'ISA',
  'SIPP',
  'US',
  'USA',
]);

/** Words with a fixed spelling in a title-cased legal name. */
const FIXED_SPELLINGS: Readonly<Record<string, string>> = {
  PLC: 'plc',
  LTD: 'Ltd',
  IFAST: 'iFAST',
  CO: 'Co',
};

const SMALL_WORDS = new Set(['OF', 'AND', 'THE', 'FOR', 'DE', 'DU', 'LA']);

function isShouted(name: string): boolean {
  const letters = name.replace(/[^A-Za-z]/g, '');
  return letters.length > 5 && letters === letters.toUpperCase();
}

function titleCaseWord(word: string, isFirst: boolean): string {
  // Keep punctuation around the word: "(UK)", "BANK,".
  const match = /^([^A-Za-z&]*)([A-Za-z&]+)([^A-Za-z&]*)$/.exec(word);
  if (!match) return word;
  const [, before, core, after] = match as unknown as [string, string, string, string];
  let cased: string;
  if (FIXED_SPELLINGS[core] !== undefined) cased = FIXED_SPELLINGS[core];
  else if (ACRONYMS.has(core)) cased = core;
  else if (!isFirst && SMALL_WORDS.has(core)) cased = core.toLowerCase();
  else cased = core.charAt(0) + core.slice(1).toLowerCase();
  return before + cased + after;
}

/** Title-cases a name printed in capitals; leaves any name with lower-case letters as written. */
export function titleCaseShoutedName(name: string): string {
  if (!isShouted(name)) return name;
  return name
    .split(' ')
    .map((word, index) => titleCaseWord(word, index === 0))
    .join(' ');
}

/** Splits a trailing bracketed note off a name, then title-cases a shouted name. */
export function cleanDisplayName(raw: string): CleanName {
  const name = raw.trim().replace(/\s+/g, ' ');
  const bracket = /^(.*\S)\s*\(([^()]*)\)$/.exec(name);
  if (bracket && (NOTE_LEAD.test(bracket[2]!) || bracket[2]!.includes(';'))) {
    return { displayName: titleCaseShoutedName(bracket[1]!), nameNote: bracket[2]! };
  }
  return { displayName: titleCaseShoutedName(name), nameNote: null };
}

function initials(words: string): string {
  return words
    .split(/\s+/)
    .filter((word) => /^[A-Z]/.test(word))
    .map((word) => word[0])
    .join('');
}

/**
 * Other names a brand is known by, from a trailing bracket that abbreviates the name before it:
 * "Birmingham Midshires (BM Savings)" is also "Birmingham Midshires" and "BM Savings";
 * "Intelligent Finance (IF)" is also "IF". A bracket that is not an abbreviation ("AIB (NI)",
 * "Bank of China (UK) Ltd") gives none. Used so a search for "BM Savings" finds the brand.
 */
export function alternativeNames(displayName: string): string[] {
  const bracket = /^(.*\S)\s*\(([^()]+)\)$/.exec(displayName);
  if (!bracket) return [];
  const [, longName, inner] = bracket as unknown as [string, string, string];
  const firstToken = inner.split(/\s+/)[0]!.replace(/[^A-Za-z]/g, '');
  const isAbbreviation =
    firstToken.length >= 2 && firstToken === firstToken.toUpperCase() && initials(longName).startsWith(firstToken);
  return isAbbreviation ? [longName, inner] : [];
}
