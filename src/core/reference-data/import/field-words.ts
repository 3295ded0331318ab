const ACRONYMS: Readonly<Record<string, string>> = { frn: 'FRN', fscs: 'FSCS', isa: 'ISA', url: 'URL', boe: 'BoE' };

/** A stored row's field as an admin reads it: 'bankingGroupFrn' is 'banking group FRN'. */
export function fieldWords(field: string): string {
  return field
    .split(/(?=[A-Z])/)
    .map((word) => ACRONYMS[word.toLowerCase()] ?? word.toLowerCase())
    .join(' ');
}
