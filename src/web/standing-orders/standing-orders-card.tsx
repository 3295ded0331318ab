// Placeholder while the standing orders card is built (issue 5): the account page imports it.
export type StandingOrdersCardProps = { accountId: string };

export function StandingOrdersCard(_props: StandingOrdersCardProps) {
  return null;
}
