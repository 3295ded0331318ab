import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Auth } from '../auth/auth.ts';
import type { SessionUser } from '../auth/session.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import type { JobRunner } from '../jobs/runner.ts';
import type { CommitWith, ReadsOptions, Tx } from '../db/client.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import type { LocalMailbox } from '../dev/local-mailbox.ts';
import type { BillingProvider } from '../billing/provider.ts';
import type { Crm } from '../crm/crm.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { ReadTurns } from './read-turns.ts';

/** Everything a route may use, built once at boot and passed in (no module-level singletons). */
export type Deps = {
  config: Config;
  database: Database;
  logger: Logger;
  mailer: Mailer;
  auth: Auth;
  secret: string;
  hub: RealtimeHub;
  jobs: JobRunner;
  /** "Now" for session rules (idle sign-out, presence, throttles); tests move it. */
  clock: Clock;
  startedAt: number;
  version: string;
  /** Uploaded files (avatars): the database, or a shared folder (FILE_STORAGE_DIR). */
  storage: FileStorage;
  /** The local mailbox and its token, when this server keeps one (dev/local-mailbox.ts). */
  mailbox: LocalMailbox | null;
  /** The card provider: Stripe when configured, otherwise test mode (billing/provider.ts). */
  billing: BillingProvider;
  /** The CRM (HubSpot) sync: disabled without HUBSPOT_ACCESS_TOKEN (crm/crm.ts, ADR 0063). */
  crm: Crm;
  /** This instance's request and job metrics (metrics/metrics.ts, ADR 0065). */
  metrics: Metrics;
  /** Signed-in reads taking turns when many come at once (http/read-turns.ts, ADR 0076). */
  readTurns: ReadTurns;
};

export type AppEnv = {
  Variables: {
    requestId: string;
    logger: Logger;
    clientIp: string;
    session: SessionUser | null;
    /** The request transaction of a `user` or `admin` route (see http/access.ts). */
    tx: Tx | undefined;
    /** The request transaction's COMMIT, sent with its last statements (access.ts `commitWith`). */
    commitWith: CommitWith | undefined;
    /**
     * Frame 'on-demand': runs reads (and writes, with `ReadsOptions.actor`) in a transaction of
     * their own, opened when asked (access.ts `readsOf`, `commitWith`, `transactionOf`).
     */
    reads: (<R>(work: (tx: Tx) => Promise<R>, options?: ReadsOptions) => Promise<R>) | undefined;
    /**
     * Frame 'deferred', until the route's first transaction admits the session: the user this
     * process saw the cookie's session admit (access.ts `actorOf`).
     */
    actor: string | undefined;
    /** Work to do once the request transaction has committed (http/after-commit.ts). */
    afterCommit: (() => void)[] | undefined;
  };
};
