/**
 * The account type's category (001 §4), derived from the free-text type name, and which type
 * changes the regulations allow. ISA and pension accounts keep their type for life; no other
 * account can become one (an ISA is opened or transferred, never converted into).
 */
export const ACCOUNT_CATEGORIES = ['savings', 'current', 'bond', 'isa', 'pension', 'other'] as const;
export type AccountCategory = (typeof ACCOUNT_CATEGORIES)[number];

export function accountTypeCategory(accountType: string): AccountCategory {
  const type = accountType.trim().toLowerCase();
  if (type === 'savings' || type === 'savings account' || type.includes('saver')) return 'savings';
  if (type === 'current' || type === 'current account') return 'current';
  if (type === 'bond' || type === 'fixed term deposit' || type.includes('bond')) return 'bond';
  if (type.includes('isa')) return 'isa';
  if (type.includes('pension') || type === 'sipp' || type === 'ssas') return 'pension';
  return 'other';
}

/** ISA and pension accounts: their own cards replace the bank picker (001 §2). */
export function isIsaOrPension(category: AccountCategory): boolean {
  return category === 'isa' || category === 'pension';
}

const ALLOWED_TARGETS: Readonly<Partial<Record<AccountCategory, readonly AccountCategory[]>>> = {
  savings: ['savings', 'current', 'bond'],
  current: ['current', 'savings', 'bond'],
  bond: ['bond', 'savings', 'current'],
  other: ['savings', 'current', 'bond', 'other'],
};

/**
 * Whether an account of type `from` may become type `to`. The same type is always allowed;
 * ISA and pension types never change and are never reached from another type; savings, current
 * and bond may move among themselves; other types may become any non-ISA, non-pension type.
 */
export function canChangeAccountType(from: string, to: string): boolean {
  if (from.trim().toLowerCase() === to.trim().toLowerCase()) return true;
  const allowed = ALLOWED_TARGETS[accountTypeCategory(from)];
  return allowed?.includes(accountTypeCategory(to)) ?? false;
}

/**
 * Whether an admin may rename a type that accounts use from `from` to `to`: every such account
 * takes the new name, so a rename may not carry accounts into or out of ISA or pension (001 §4:
 * those never change type, and nothing becomes one). Other category changes are the admin's call
 * ('Savings' to 'Easy Access Savings' reads as other, and is still a savings account to people).
 */
export function canRenameTypeInUse(from: string, to: string): boolean {
  const [source, target] = [accountTypeCategory(from), accountTypeCategory(to)];
  return source === target || (!isIsaOrPension(source) && !isIsaOrPension(target));
}

/** The types an account of type `from` may be given, in the order of `types`. */
export function permittedAccountTypes(from: string, types: readonly string[]): string[] {
  return types.filter((to) => canChangeAccountType(from, to));
}

/** Whether the type selector must hide some types (the spec's regulatory note is then shown). */
export function isTypeChangeRestricted(from: string, types: readonly string[]): boolean {
  return permittedAccountTypes(from, types).length < types.length;
}

export const TYPE_RESTRICTION_NOTE = 'Some account types are restricted due to regulatory requirements';
