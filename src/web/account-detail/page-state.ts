/**
 * What another page may ask of the account page through react-router's location state (001 §2:
 * "showNotification and notification (open a notification context), and a flag that opens the
 * add-transactions dialog at once"). Build it with `accountPageState` so the names stay in step:
 *   navigate(paths.account(id), { state: accountPageState({ openAddTransactions: true }) })
 */
export type AccountPageNotification = {
  title?: string;
  message: string;
  /** How it is shown: an alert for a problem, information otherwise. */
  level?: 'info' | 'warning' | 'error' | 'success';
};

export type AccountPageState = {
  showNotification?: boolean;
  notification?: AccountPageNotification | string;
  /** Opens the transactions section's 'Add Transactions' dialog at once. */
  openAddTransactions?: boolean;
};

export function accountPageState(state: AccountPageState): AccountPageState {
  return state;
}

const LEVELS = new Set(['info', 'warning', 'error', 'success']);

/** The page's instructions from an unknown location state (anything else is ignored). */
export function readAccountPageState(state: unknown): {
  notification: AccountPageNotification | null;
  openAddTransactions: boolean;
} {
  if (typeof state !== 'object' || state === null) return { notification: null, openAddTransactions: false };
  const s = state as Record<string, unknown>;
  let notification: AccountPageNotification | null = null;
  if (s.showNotification === true) {
    const raw = s.notification;
    if (typeof raw === 'string' && raw.trim()) notification = { message: raw.trim() };
    else if (typeof raw === 'object' && raw !== null) {
      const n = raw as Record<string, unknown>;
      const message = typeof n.message === 'string' ? n.message.trim() : '';
      const title = typeof n.title === 'string' && n.title.trim() ? n.title.trim() : undefined;
      if (message || title) {
        notification = {
          message: message || title!,
          title: message ? title : undefined,
          level:
            typeof n.level === 'string' && LEVELS.has(n.level) ? (n.level as AccountPageNotification['level']) : 'info',
        };
      }
    }
  }
  return { notification, openAddTransactions: s.openAddTransactions === true };
}
