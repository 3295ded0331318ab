import { createHmac, timingSafeEqual } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { AppDb, NamedQuery } from '../db/client.ts';
import type { Together } from '../db/named-query.ts';
import { rowsOf } from '../db/rls.ts';
import { INACTIVITY_LIMIT_MS } from '../../core/session/limits.ts';
import { effectiveTier, type SubscriptionFacts } from '../../core/subscriptions/access.ts';
import { type FeatureFlags, featuresFor, type ResolvedFeatures } from '../../core/subscriptions/features.ts';
import type { Tier } from '../../core/subscriptions/tier.ts';
import { type SubscriptionRow, subscriptionFactColumns, subscriptionFactsOf } from '../subscriptions/facts.ts';

export type SessionUser = {
  userId: string;
  sessionId: string;
  email: string;
  /** The spec's rule: verified when `"user".email_confirmed_at` is set. */
  emailVerified: boolean;
  isAdmin: boolean;
  /** Admins must have it on before any admin route answers them (docs/decisions/0009-two-factor.md). */
  twoFactorEnabled: boolean;
  /** Their `subscriptions` row, read by the same statement (null: none yet, ADR 0036). */
  subscription: SubscriptionFacts | null;
  /**
   * The tier at the request's instant (core/subscriptions/access.ts): a lapsed plan is piglet
   * (ADR 0045).
   */
  tier: Tier;
  /** What the user may use: the tier's features plus an admin's grants (core `featuresFor`); every gate reads it. */
  features: ResolvedFeatures;
  /**
   * The user's data version and the reference data's (docs/decisions/0039), read by a user
   * route's opening statement: the dashboard keeps its answer under them. Absent elsewhere.
   */
  dataVersions?: DataVersions;
  /** The profile's name and avatar, read by the opening of a route that asks for them (`GET /api/me`). */
  profile?: { firstName: string | null; lastName: string | null; avatarUrl: string | null };
};

/** The versions triggers bump with every write the dashboard shows (null: no write since they came). */
export type DataVersions = { userVersion: number | null; referenceVersion: number | null };

const COOKIE_NAMES = ['__Secure-better-auth.session_token', 'better-auth.session_token'];

/** Reads better-auth's signed session cookie (`token.hmac`), checking the HMAC in process. */
export function readSessionToken(cookieHeader: string | undefined, secret: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!COOKIE_NAMES.includes(name)) continue;
    let value: string;
    try {
      value = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return null;
    }
    const dot = value.lastIndexOf('.');
    if (dot <= 0) return null;
    const token = value.slice(0, dot);
    if (!isWellFormedToken(token)) return null;
    return hasValidSignature(value, token, value.slice(dot + 1), secret) ? token : null;
  }
  return null;
}

// Signed values already checked, so a busy session skips the HMAC (the session itself is still
// looked up in the database on every request, so revocation is immediate). Bounded in size.
const verifiedSignatures = new Map<string, string>();
const VERIFIED_CACHE_SIZE = 10_000;

function hasValidSignature(signedValue: string, token: string, signature: string, secret: string): boolean {
  if (verifiedSignatures.get(signedValue) === secret) return true;
  const given = Buffer.from(signature, 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  if (verifiedSignatures.size >= VERIFIED_CACHE_SIZE)
    verifiedSignatures.delete(verifiedSignatures.keys().next().value!);
  verifiedSignatures.set(signedValue, secret);
  return true;
}

type Row = SubscriptionRow & {
  user_id: string;
  session_id: string;
  email: string;
  email_verified: boolean;
  is_admin: boolean;
  two_factor_enabled: boolean;
  has_subscription: boolean;
} & FlagRow & {
    user_version?: number | string | null;
    reference_version?: number | string | null;
    profile_first_name?: string | null;
    profile_last_name?: string | null;
    profile_avatar_url?: string | null;
  };

/** The admin's grants in `user_settings` (left joined as `flags`: nulls for a user without a row). */
export type FlagRow = {
  max_accounts: number | null;
  is_ad_free: boolean | null;
  has_isas: boolean | null;
  has_pensions: boolean | null;
  has_maturity_calculator: boolean | null;
  has_maturity_notifications: boolean | null;
  has_rss_news: boolean | null;
  has_pension_calculator: boolean | null;
  has_open_banking: boolean | null;
};

export const FLAG_COLUMNS = sql.raw(
  'flags.max_accounts, flags.is_ad_free, flags.has_isas, flags.has_pensions, flags.has_maturity_calculator, flags.has_maturity_notifications, flags.has_rss_news, flags.has_pension_calculator, flags.has_open_banking',
);

export function flagsOf(row: FlagRow): FeatureFlags {
  return {
    maxAccounts: row.max_accounts ?? null,
    isAdFree: row.is_ad_free === true,
    hasIsas: row.has_isas === true,
    hasPensions: row.has_pensions === true,
    hasMaturityCalculator: row.has_maturity_calculator === true,
    hasMaturityNotifications: row.has_maturity_notifications === true,
    hasRssNews: row.has_rss_news === true,
    hasPensionCalculator: row.has_pension_calculator === true,
    hasOpenBanking: row.has_open_banking === true,
  };
}

const versionOf = (value: number | string | null | undefined) => (value == null ? null : Number(value));

function toSessionUser(row: Row | undefined, now: Date): SessionUser | null {
  if (!row) return null;
  const subscription = row.has_subscription ? subscriptionFactsOf(row) : null;
  const tier = effectiveTier(subscription, { isAdmin: row.is_admin, now });
  return {
    userId: row.user_id,
    sessionId: row.session_id,
    email: row.email,
    emailVerified: row.email_verified,
    isAdmin: row.is_admin,
    twoFactorEnabled: row.two_factor_enabled,
    subscription,
    tier,
    features: featuresFor({ tier, flags: flagsOf(row), isAdmin: row.is_admin }),
    ...('user_version' in row
      ? {
          dataVersions: {
            userVersion: versionOf(row.user_version),
            referenceVersion: versionOf(row.reference_version),
          },
        }
      : {}),
    ...('profile_first_name' in row
      ? {
          profile: {
            firstName: row.profile_first_name ?? null,
            lastName: row.profile_last_name ?? null,
            avatarUrl: row.profile_avatar_url ?? null,
          },
        }
      : {}),
  };
}

/** The subscription's columns the rules read (left joined as `sub`; the row's names are unique here). */
const SUBSCRIPTION_COLUMNS = sql`sub.user_id is not null as has_subscription, ${subscriptionFactColumns('sub')}, ${FLAG_COLUMNS}`;

/** better-auth session tokens are 32 random letters and digits; anything else is not ours. */
const TOKEN_SHAPE = /^[A-Za-z0-9]{16,128}$/;

/**
 * The first statement of a signed-in request's transaction: the unexpired session, its user
 * and admin role; it sets `app.user_id`, sets `app.is_admin` only on an admin route for an
 * admin, and switches to `app_user`, so row-level security binds everything the handler does
 * afterwards. Prepared once per connection (planning it each time cost a third of the
 * throughput; see docs/performance.md). The role switch runs after this statement's own
 * permission checks, so it reads `session` and `user_roles` as the login role. A user route's
 * opening that runs alone (no transaction after it) may instead go as one statement with others
 * waiting beside it, which sets nothing: alone, the settings end with it (ADR 0077).
 */
export function sessionOpening(
  token: string,
  adminRoute: boolean,
  now: Date,
  { withProfile = false }: { withProfile?: boolean } = {},
): NamedQuery {
  const idleCutoff = idleCutoffOf(now);
  const values = { token, idleCutoff };
  if (adminRoute) return { name: 'open_admin_request', query: ADMIN_OPENING, values };
  const opening = {
    name: withProfile ? 'open_user_request_profile' : 'open_user_request',
    query: withProfile ? USER_PROFILE_OPENING : USER_OPENING,
    values,
  };
  // Joined with others only when well formed: one token the joined statement refused would fail
  // every opening beside it, not only its own.
  if (!isWellFormedToken(token)) return opening;
  const together = withProfile ? PROFILE_OPENINGS_TOGETHER : USER_OPENINGS_TOGETHER;
  return { ...opening, together: { ...together, part: { token, idleCutoff } } };
}

/**
 * What every opening reads: the session's user, their admin role, subscription and grants, and
 * the data versions the kept answers are keyed by (docs/decisions/0039).
 */
const HOLDS_ADMIN = sql`exists (select 1 from user_roles r where r.user_id = s.user_id and r.role = 'admin')`;
const SESSION_USER_COLUMNS = sql`s.user_id, s.id as session_id, u.email, u.email_confirmed_at is not null as email_verified, u.two_factor_enabled,
        ${HOLDS_ADMIN} as is_admin,
        ${SUBSCRIPTION_COLUMNS}`;
const OPENING_COLUMNS = sql`${SESSION_USER_COLUMNS},
        (select v.version from user_data_versions v where v.user_id = s.user_id) as user_version,
        (select r.version from reference_data_version r where r.id = 1) as reference_version`;
const PROFILE_COLUMNS = sql`, p.first_name as profile_first_name, p.last_name as profile_last_name, p.avatar_url as profile_avatar_url`;
const OPENING_JOINS = sql`join "user" u on u.id = s.user_id left join subscriptions sub on sub.user_id = s.user_id left join user_settings flags on flags.user_id = s.user_id`;
const PROFILE_JOIN = sql`left join profiles p on p.id = s.user_id`;

/**
 * The opening's text, built once: only the token and the idle cutoff change from request to request.
 * A user route's statements are the user's own rows by key, the same plan whoever asks: PostgreSQL
 * would replan the larger ones on every run (1–2 ms each, the accounts statement among them) when
 * their generic plan looks no cheaper, so the transaction asks for generic plans (docs/performance.md).
 * Admin routes search across users and keep PostgreSQL's choice.
 */
function openingQuery(adminRoute: boolean, withProfile = false): SQL {
  return sql`select ${OPENING_COLUMNS},
        set_config('app.user_id', s.user_id, true) as _user,
        set_config('app.is_admin', case when ${sql.raw(adminRoute ? 'true' : 'false')} and ${HOLDS_ADMIN} then 'true' else 'false' end, true) as _admin,
        set_config('role', 'app_user', true) as _role,
        set_config('plan_cache_mode', case when ${sql.raw(adminRoute ? 'true' : 'false')} then 'auto' else 'force_generic_plan' end, true) as _plans
        ${withProfile ? PROFILE_COLUMNS : sql``}
      from session s ${OPENING_JOINS}
        ${withProfile ? PROFILE_JOIN : sql``}
      where s.token = ${sql.placeholder('token')} and s.expires_at > now() and ${isLiveSession(sql`${sql.placeholder('idleCutoff')}::timestamptz`)}`;
}

/**
 * Several user openings that run alone as one statement: each token with its own idle cutoff, the
 * same columns and conditions as `openingQuery`, and no settings (alone, an opening's settings end
 * with it). Each row says whose it is in `together_index` (db/together.ts); a token whose session
 * is refused has no row, as alone.
 */
function openingsTogetherQuery(withProfile: boolean): SQL {
  return sql`select t.together_index, ${OPENING_COLUMNS}
        ${withProfile ? PROFILE_COLUMNS : sql``}
      from unnest(${sql.placeholder('tokens')}::text[], ${sql.placeholder('idleCutoffs')}::timestamptz[]) with ordinality as t(token, idle_cutoff, together_index)
        join session s on s.token = t.token ${OPENING_JOINS}
        ${withProfile ? PROFILE_JOIN : sql``}
      where s.expires_at > now() and ${isLiveSession(sql`t.idle_cutoff`)}`;
}

type OpeningPart = { token: string; idleCutoff: string };

function openingsTogether(name: string, withProfile: boolean): Omit<Together, 'part'> {
  const query = openingsTogetherQuery(withProfile);
  return {
    kind: name,
    combine: (parts) => ({
      name,
      query,
      values: {
        tokens: (parts as OpeningPart[]).map((p) => p.token),
        idleCutoffs: (parts as OpeningPart[]).map((p) => p.idleCutoff),
      },
    }),
  };
}

/** Whether a prepared statement's name is a session opening's, alone or together (tests leave them out of a handler's reads). */
export function isSessionOpeningName(name: string | undefined): boolean {
  return name !== undefined && /^open_(user|admin)_request/.test(name);
}

const USER_OPENINGS_TOGETHER = openingsTogether('open_user_requests', false);
const PROFILE_OPENINGS_TOGETHER = openingsTogether('open_user_requests_profile', true);

const USER_OPENING = openingQuery(false);
const USER_PROFILE_OPENING = openingQuery(false, true);
const ADMIN_OPENING = openingQuery(true);

/** Sessions idle since before this are over (docs/decisions/0010-sessions-and-inactivity.md). */
function idleCutoffOf(now: Date): string {
  return new Date(now.getTime() - INACTIVITY_LIMIT_MS).toISOString();
}

/**
 * A session still in use: active since `idleCutoff` (the injected clock's now less the
 * inactivity limit), and its user not suspended.
 */
function isLiveSession(idleCutoff: SQL) {
  return sql`s.last_active_at > ${idleCutoff}
        and not exists (select 1 from user_settings us where us.user_id = s.user_id and us.suspended)`;
}

export function sessionFromOpening(openingRows: unknown[], now: Date): SessionUser | null {
  return toSessionUser((openingRows as Row[])[0], now);
}

export function isWellFormedToken(token: string): boolean {
  return TOKEN_SHAPE.test(token);
}

/**
 * One round trip: the session (unexpired, not idle, user not suspended), its user and the admin role from `user_roles`.
 * No cookie cache, so a revoked session stops working on the next request.
 */
export async function findSessionUser(db: AppDb, token: string, now: Date): Promise<SessionUser | null> {
  const result = await db.execute(sql`
    select ${SESSION_USER_COLUMNS}
    from session s ${OPENING_JOINS}
    where s.token = ${token} and s.expires_at > now() and ${isLiveSession(sql`${idleCutoffOf(now)}::timestamptz`)}`);
  return toSessionUser(rowsOf<Row>(result)[0], now);
}
