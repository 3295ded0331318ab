/**
 * The link page's choices (issue 32): for each bank account, link it to one of the saver's
 * SavvyPig accounts (the matching one at the same bank suggested), create a new one, or skip it.
 */
import type { Connection, ConnectionAccount, Link } from '../../core/open-banking/api-types.ts';
import type { AccountListItem } from '../accounts/api.ts';

export type Choice = { kind: 'link'; accountId: string } | { kind: 'create'; name: string } | { kind: 'skip' };

/** The SavvyPig accounts at the connection's bank (by the bank's name, or the licence's brand). */
export function accountsAtBank(connection: Pick<Connection, 'bankName'>, accounts: readonly AccountListItem[]) {
  const bank = connection.bankName.trim().toLowerCase();
  return accounts.filter(
    (a) => a.bank?.trim().toLowerCase() === bank || a.licence?.bankName.trim().toLowerCase() === bank,
  );
}

function lastFour(text: string): string | null {
  const digits = text.replace(/\D/g, '');
  return digits.length >= 4 ? digits.slice(-4) : null;
}

/** A new account's name: the bank's name for the account, with the bank's own name before it when missing. */
export function newAccountName(connection: Pick<Connection, 'bankName'>, bankAccount: ConnectionAccount): string {
  const name = bankAccount.displayName.trim() || 'Account';
  return name.toLowerCase().includes(connection.bankName.toLowerCase()) ? name : `${connection.bankName} ${name}`;
}

/**
 * The first choice for each bank account: its present link; else the account at the same bank
 * whose number ends the same, then the account the saver started from, then the only one at that
 * bank not taken yet (where the numbers do not say they differ); else a new account. No SavvyPig
 * account is suggested twice.
 */
export function initialChoices(
  connection: Pick<Connection, 'bankName' | 'fromAccountId' | 'accounts'>,
  accounts: readonly AccountListItem[],
): Record<string, Choice> {
  const candidates = accountsAtBank(connection, accounts);
  const taken = new Set(connection.accounts.map((a) => a.linkedAccountId).filter((id): id is string => id !== null));
  const choices: Record<string, Choice> = {};
  const pick = (bankAccount: ConnectionAccount | undefined, id: string | undefined) => {
    if (!bankAccount || !id) return false;
    taken.add(id);
    choices[bankAccount.providerAccountId] = { kind: 'link', accountId: id };
    return true;
  };
  const open = (a: AccountListItem) => !taken.has(a.id);
  // Present links first, then suggestions in order of how sure they are.
  for (const bankAccount of connection.accounts)
    if (bankAccount.linkedAccountId)
      choices[bankAccount.providerAccountId] = { kind: 'link', accountId: bankAccount.linkedAccountId };
  for (const bankAccount of connection.accounts) {
    if (choices[bankAccount.providerAccountId]) continue;
    const digits = lastFour(bankAccount.accountNumberMasked);
    if (digits) pick(bankAccount, candidates.find((a) => open(a) && lastFour(a.accountNumber) === digits)?.id);
  }
  // Numbers that both show and differ are two different accounts.
  const compatible = (bankAccount: ConnectionAccount, account: AccountListItem) => {
    const bankDigits = lastFour(bankAccount.accountNumberMasked);
    const ourDigits = lastFour(account.accountNumber);
    return bankDigits === null || ourDigits === null || bankDigits === ourDigits;
  };
  const unchosen = () => connection.accounts.filter((a) => !choices[a.providerAccountId]);
  const from = accounts.find((a) => a.id === connection.fromAccountId);
  if (from && open(from))
    pick(
      unchosen().find((b) => compatible(b, from)),
      from.id,
    );
  const rest = candidates.filter(open);
  const [last] = unchosen();
  if (rest.length === 1 && unchosen().length === 1 && last && compatible(last, rest[0]!)) pick(last, rest[0]!.id);
  for (const bankAccount of unchosen())
    choices[bankAccount.providerAccountId] = { kind: 'create', name: newAccountName(connection, bankAccount) };
  return choices;
}

export type ChoicesProblem = { providerAccountId: string; message: string } | { message: string };

/** The links to send, or what is wrong with the choices. */
export function linksOf(
  connection: Pick<Connection, 'accounts'>,
  choices: Record<string, Choice>,
): { ok: true; links: Link[] } | { ok: false; problem: ChoicesProblem } {
  const links: Link[] = [];
  const used = new Set<string>();
  for (const bankAccount of connection.accounts) {
    const choice = choices[bankAccount.providerAccountId] ?? { kind: 'skip' };
    const { providerAccountId } = bankAccount;
    if (choice.kind === 'skip') continue;
    if (choice.kind === 'create') {
      const name = choice.name.trim();
      if (!name) return { ok: false, problem: { providerAccountId, message: 'Account name is required' } };
      links.push({ providerAccountId, create: { name } });
      continue;
    }
    if (!choice.accountId) return { ok: false, problem: { providerAccountId, message: 'Choose an account' } };
    if (used.has(choice.accountId))
      return {
        ok: false,
        problem: { providerAccountId, message: 'That SavvyPig account is already chosen for another bank account' },
      };
    used.add(choice.accountId);
    links.push({ providerAccountId, accountId: choice.accountId });
  }
  if (links.length === 0) return { ok: false, problem: { message: 'Choose at least one account to link' } };
  return { ok: true, links };
}
