/**
 * Which of the account form's type-specific fields an account type uses (issue 13 §2). The form
 * shows these with the rest of the account, and folds every other optional field under "More
 * details". Types are free text an admin manages, so like the category (001 §4) this reads the
 * type's name:
 * - current accounts have an overdraft;
 * - fixed-term accounts (the bond category, or any type named "fixed", such as a fixed-rate ISA)
 *   have a term, an early-withdrawal penalty, a renewal at maturity and interim interest;
 * - notice accounts ("notice") charge a penalty for money taken without notice;
 * - regular savers ("regular") run for a term.
 * The fields themselves never depend on the type: a value entered is kept and saved whether or
 * not the type shows its field.
 */
import { accountTypeCategory } from './account-type-category.ts';

export const TYPE_FIELD_GROUPS = ['overdraft', 'term', 'penalty', 'maturity', 'interimSchedule'] as const;
export type TypeFieldGroup = (typeof TYPE_FIELD_GROUPS)[number];

/** The type-specific field groups `accountType` uses, in the form's order. */
export function typeFieldGroups(accountType: string): TypeFieldGroup[] {
  const name = accountType.trim().toLowerCase();
  const category = accountTypeCategory(accountType);
  const used = new Set<TypeFieldGroup>();
  if (category === 'current') used.add('overdraft');
  if (category === 'bond' || /\bfixed\b/.test(name)) {
    for (const group of ['term', 'penalty', 'maturity', 'interimSchedule'] as const) used.add(group);
  }
  if (/\bnotice\b/.test(name)) used.add('penalty');
  if (/\bregular\b/.test(name)) used.add('term');
  return TYPE_FIELD_GROUPS.filter((group) => used.has(group));
}
