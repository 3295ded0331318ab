// Placeholder while the transactions section is built (issue 5): the account page imports it.
export type TransactionsSectionProps = {
  accountId: string;
  /** Open the 'Add Transactions' dialog at once (the account page's navigation-state flag). */
  openAddDialog?: boolean;
};

export function TransactionsSection(_props: TransactionsSectionProps) {
  return null;
}
