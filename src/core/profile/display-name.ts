/** The parts of a person we build a display name from; any of them may be missing. */
export interface NameSource {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}

function clean(value: string | null | undefined): string {
  return (value ?? '').replace(/\s+/g, ' ').trim();
}

/** First plus last name; the e-mail address when both are blank; '' when all are blank. */
export function displayName(source: NameSource): string {
  const fullName = [clean(source.firstName), clean(source.lastName)].filter(Boolean).join(' ');
  return fullName || clean(source.email);
}

function firstLetter(word: string): string {
  const match = word.match(/\p{L}|\p{N}/u);
  return match ? match[0] : '';
}

/**
 * Avatar initials: at most 2 uppercase letters, or 'U' when nothing usable is known.
 * Names use the first letters of the first and last words ("Mary Ann Smith" → "MS");
 * an e-mail fallback uses the first letter of the address.
 */
export function initials(source: NameSource): string {
  const fullName = [clean(source.firstName), clean(source.lastName)].filter(Boolean).join(' ');
  let letters: string;
  if (fullName) {
    const words = fullName.split(' ');
    const first = firstLetter(words[0] ?? '');
    const last = words.length > 1 ? firstLetter(words[words.length - 1] ?? '') : '';
    letters = first + last;
  } else {
    letters = firstLetter(clean(source.email));
  }
  const result = letters.toLocaleUpperCase('en-GB').slice(0, 2);
  return result || 'U';
}
