/**
 * The feature an account type needs (000 §6: ISAs and pensions are Big Pig's, or an admin's
 * grant): the server refuses a new account of that type without it, and the add form does not
 * offer it (ADR 0045).
 */
import { accountTypeCategory } from '../accounts/account-type-category.ts';
import type { Feature, ResolvedFeatures } from './features.ts';

export function featureOfAccountType(accountType: string): Feature | null {
  const category = accountTypeCategory(accountType);
  if (category === 'isa') return 'isas';
  if (category === 'pension') return 'pensions';
  return null;
}

/** The account types a user may add: those needing no feature, or one their features include. */
export function accountTypesInPlan(names: readonly string[], features: ResolvedFeatures): string[] {
  return names.filter((name) => {
    const feature = featureOfAccountType(name);
    return feature === null || features[feature];
  });
}
