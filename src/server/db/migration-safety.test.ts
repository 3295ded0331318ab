// Every migration is held to the rolling-upgrade rule (docs/operations.md, "Upgrading with
// instances running"): nothing an older release still running beside it would fail on, unless it
// is a contract step shipped at least one release after its expand step. The rules themselves are
// checked on statements each must refuse and statements each must let through.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { releaseOfEachMigration } from '../test/previous-release.ts';
import {
  breakingStatements,
  CONTRACT_STEPS,
  LOCKS_FIRST_FROM,
  noLocksYet,
  nothingCreated,
  SHIPPED_BEFORE_THE_RULE,
  statementsOf,
  unlockedChanges,
} from './migration-safety.ts';
import { migrationsFolder } from './migrate.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const journal = (
  JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ tag: string }>;
  }
).entries.map((e) => e.tag);
const sqlOf = (tag: string) => fs.readFileSync(path.join(migrationsFolder(), `${tag}.sql`), 'utf8');

const rulesBroken = (sql: string) => [...new Set(breakingStatements('test', sql).map((f) => f.rule))];

describe('migrations an older release survives', () => {
  it('has no statement that breaks the previous release, except the listed contract steps and those shipped before the rule', () => {
    const release = releaseOfEachMigration(ROOT);
    const earlierFunctions = new Set<string>();
    let releaseNow: string | undefined;
    let created = nothingCreated();
    const found: Record<string, string[]> = {};
    for (const tag of journal) {
      if (release.get(tag) !== releaseNow) {
        for (const fn of created.functions) earlierFunctions.add(fn);
        created = nothingCreated();
        releaseNow = release.get(tag);
      }
      const findings = breakingStatements(tag, sqlOf(tag), created, earlierFunctions);
      if (findings.length > 0 && !CONTRACT_STEPS.some((step) => step.migration === tag))
        found[tag] = findings.map((f) => `${f.rule}: ${f.statement}`);
    }
    const expected = Object.fromEntries(
      Object.entries(SHIPPED_BEFORE_THE_RULE).map(([tag, { rules }]) => [
        tag,
        found[tag]?.filter((line) => rules.some((rule) => line.startsWith(`${rule}: `))) ?? rules,
      ]),
    );
    expect(found).toEqual(expected);
  });

  it(`locks its release's tables before changing them, from migration ${LOCKS_FIRST_FROM} on`, () => {
    const release = releaseOfEachMigration(ROOT);
    let releaseNow: string | undefined;
    let created = nothingCreated();
    let locks = noLocksYet();
    const found: string[] = [];
    for (const tag of journal) {
      if (release.get(tag) !== releaseNow) {
        created = nothingCreated();
        locks = noLocksYet();
        releaseNow = release.get(tag);
      }
      breakingStatements(tag, sqlOf(tag), created);
      for (const f of unlockedChanges(tag, sqlOf(tag), created, locks)) found.push(`${tag}: ${f.rule}`);
    }
    expect(journal.some((tag) => tag >= LOCKS_FIRST_FROM)).toBe(true);
    expect(found).toEqual([]);
  });

  it('finds a change to an existing table made before lock_for_migration named it', () => {
    const unlocked = (sql: string, migration = '0099_test') => unlockedChanges(migration, sql).map((f) => f.rule);
    expect(unlocked('ALTER TABLE "accounts" DROP CONSTRAINT "x";')).toEqual([
      'changes accounts before lock_for_migration locked it',
    ]);
    expect(unlocked('DROP TRIGGER t ON "transactions";')).toEqual([
      'changes transactions before lock_for_migration locked it',
    ]);
    expect(unlocked('CREATE INDEX "i" ON "accounts" USING btree ("name");')).toEqual([
      'changes accounts before lock_for_migration locked it',
    ]);
    // CONCURRENTLY cannot run in the migrations' transaction; it is no way out.
    expect(unlocked('CREATE INDEX CONCURRENTLY "i" ON "accounts" USING btree ("name");')).toEqual([
      'changes accounts before lock_for_migration locked it',
    ]);
    expect(unlocked('CREATE POLICY "p" ON "accounts" AS PERMISSIVE FOR ALL TO "app_user" USING (true);')).toEqual([
      'changes accounts before lock_for_migration locked it',
    ]);
    expect(unlocked('TRUNCATE TABLE "accounts", "transactions";')).toEqual([
      'changes accounts before lock_for_migration locked it',
      'changes transactions before lock_for_migration locked it',
    ]);
    expect(unlocked('DROP INDEX "accounts_type_idx";')).toEqual(['drops an index before lock_for_migration']);
    // A foreign key locks the table it references too.
    expect(
      unlocked(`SELECT lock_for_migration(ARRAY['transactions']);
        ALTER TABLE "transactions" ADD CONSTRAINT "k" FOREIGN KEY ("account_id") REFERENCES "accounts"("id");`),
    ).toEqual(['changes accounts before lock_for_migration locked it']);
    // A later migration of the release locking more than the first: the first's locks are held while it waits.
    const release = noLocksYet();
    expect(
      unlockedChanges('0099_a', `SELECT lock_for_migration(ARRAY['accounts']);`, nothingCreated(), release),
    ).toEqual([]);
    expect(
      unlockedChanges(
        '0100_b',
        `SELECT lock_for_migration(ARRAY['accounts', 'transactions']); ALTER TABLE "transactions" DROP CONSTRAINT "x";`,
        nothingCreated(),
        release,
      ).map((f) => f.rule),
    ).toEqual(["locks transactions, which its release's first lock_for_migration did not"]);
    // Locked, but not that table; or locked only after the change.
    expect(unlocked(`SELECT lock_for_migration(ARRAY['user']); ALTER TABLE "accounts" DROP CONSTRAINT "x";`)).toEqual([
      'changes accounts before lock_for_migration locked it',
    ]);
    expect(
      unlocked(`ALTER TABLE "accounts" DROP CONSTRAINT "x"; SELECT lock_for_migration(ARRAY['accounts']);`),
    ).toEqual(['changes accounts before lock_for_migration locked it']);
    // Let through: locked first (however the array is written); a new table; a migration before the rule.
    expect(
      unlocked(`SELECT lock_for_migration(ARRAY['user', 'accounts']); ALTER TABLE "accounts" DROP CONSTRAINT "x";`),
    ).toEqual([]);
    expect(unlocked(`SELECT lock_for_migration(ARRAY ['accounts']::text[]); DROP INDEX "accounts_type_idx";`)).toEqual(
      [],
    );
    const created = nothingCreated();
    created.tables.add('goals');
    expect(unlockedChanges('0099_test', 'ALTER TABLE "goals" ADD COLUMN "x" text;', created)).toEqual([]);
    expect(unlocked('ALTER TABLE "accounts" DROP CONSTRAINT "x";', '0058_test')).toEqual([]);
  });

  it('ships each contract step at least one release after its expand step', () => {
    const release = releaseOfEachMigration(ROOT);
    for (const step of CONTRACT_STEPS) {
      expect(journal, step.migration).toContain(step.migration);
      expect(journal.indexOf(step.expand), `${step.migration} after ${step.expand}`).toBeGreaterThanOrEqual(0);
      expect(journal.indexOf(step.expand)).toBeLessThan(journal.indexOf(step.migration));
      expect(release.get(step.expand), `${step.expand} and ${step.migration} in one release`).not.toBe(
        release.get(step.migration),
      );
      expect(step.why.length).toBeGreaterThan(0);
    }
  });

  it('refuses what an older release running beside the migration would fail on', () => {
    const refused: Array<[string, string]> = [
      ['ALTER TABLE "accounts" DROP COLUMN "nickname";', 'drops a column'],
      ['ALTER TABLE accounts DROP nickname;', 'drops a column'],
      ['DROP TABLE "old_things";', 'drops a table or view'],
      ['DROP VIEW v;', 'drops a table or view'],
      ['DROP FUNCTION account_balance_on(uuid, bigint, date);', 'drops a function older code may call'],
      ['DROP TYPE "app_role";', 'drops a type, domain, sequence or schema'],
      ['ALTER TABLE "accounts" RENAME COLUMN "name" TO "title";', 'renames'],
      ['ALTER TABLE "accounts" RENAME TO "savings_accounts";', 'renames'],
      ['ALTER TABLE "accounts" ALTER COLUMN "rate" SET DATA TYPE numeric;', "changes a column's type"],
      ['ALTER TABLE accounts ALTER rate TYPE numeric USING rate::numeric;', "changes a column's type"],
      ['ALTER TABLE "accounts" ALTER COLUMN "nickname" SET NOT NULL;', 'makes a column NOT NULL'],
      ['ALTER TABLE "accounts" ALTER COLUMN "nickname" DROP DEFAULT;', "drops a column's default"],
      [
        'ALTER TABLE "accounts" ADD COLUMN "nickname" text NOT NULL;',
        'adds a NOT NULL column without a default (older inserts leave it out)',
      ],
      [
        'ALTER TABLE "accounts" ADD CONSTRAINT "name_short" CHECK (char_length("accounts"."name") < 20);',
        'adds a constraint older writes may break',
      ],
      [
        'ALTER TABLE "accounts" ADD CONSTRAINT "one_name" UNIQUE ("user_id", "name");',
        'adds a constraint older writes may break',
      ],
      [
        'ALTER TABLE "transactions" ADD CONSTRAINT "t_fk" FOREIGN KEY ("account_id") REFERENCES "accounts"("id");',
        'adds a constraint older writes may break',
      ],
      [
        'CREATE UNIQUE INDEX "one_name" ON "accounts" USING btree ("user_id", "name");',
        'adds a unique index older writes may break',
      ],
      [
        `ALTER TABLE "accounts" ADD COLUMN "code" text;
         CREATE UNIQUE INDEX "one_code" ON "accounts" USING btree ("user_id", "code") NULLS NOT DISTINCT;`,
        'adds a unique index older writes may break',
      ],
      ['REVOKE ALL ON TABLE accounts FROM app_user;', 'revokes a privilege older code may use'],
      [
        'REVOKE ALL ON FUNCTION account_balance_on(uuid, bigint, date) FROM PUBLIC;',
        'revokes a privilege older code may use',
      ],
      ['DROP POLICY "accounts_owner" ON "accounts";', 'drops a row-level security policy'],
    ];
    for (const [sql, rule] of refused) expect(rulesBroken(sql), sql).toEqual([rule]);
  });

  it('lets through what the previous release survives: additions, and anything on what this release creates', () => {
    const allowed = [
      'ALTER TABLE "accounts" ADD COLUMN "nickname" text;',
      'ALTER TABLE "accounts" ADD COLUMN "flags" integer DEFAULT 0 NOT NULL;',
      'CREATE INDEX "accounts_name_idx" ON "accounts" USING btree ("name");',
      'ALTER TABLE "accounts" DROP CONSTRAINT "name_short";',
      'ALTER TABLE "accounts" ALTER COLUMN "nickname" DROP NOT NULL;',
      'ALTER TABLE "accounts" ALTER COLUMN "nickname" SET DEFAULT \'\';',
      // A new table, and everything done to it in the same release.
      `CREATE TABLE "goals" ("id" uuid PRIMARY KEY, "user_id" text, "name" text);
       ALTER TABLE "goals" ADD CONSTRAINT "goals_user_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id");
       ALTER TABLE "goals" ALTER COLUMN "name" SET NOT NULL;
       CREATE UNIQUE INDEX "goals_one_name" ON "goals" ("user_id", "name");`,
      // Keys and checks on columns this migration adds: older code never writes them.
      `ALTER TABLE "accounts" ADD COLUMN "goal_id" uuid;
       ALTER TABLE "accounts" ADD CONSTRAINT "accounts_goal_fk" FOREIGN KEY ("goal_id") REFERENCES "goals"("id");
       ALTER TABLE "accounts" ADD CONSTRAINT "accounts_goal_set" CHECK ("accounts"."goal_id" IS NOT NULL OR true);`,
      // A unique index over a column this migration adds: older inserts leave it null, and nulls never clash.
      `ALTER TABLE "transactions" ADD COLUMN "provider_transaction_id" text;
       CREATE UNIQUE INDEX "transactions_provider_id_unique" ON "transactions" USING btree ("account_id","provider_transaction_id") WHERE "transactions"."provider_transaction_id" is not null;`,
      // A function this migration creates, kept from PUBLIC.
      `CREATE FUNCTION bump() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN DROP TABLE x; RETURN NULL; END $$;
       REVOKE ALL ON FUNCTION bump() FROM PUBLIC;`,
      "COMMENT ON TABLE accounts IS 'DROP TABLE accounts; -- not a statement';",
    ];
    for (const sql of allowed) expect(rulesBroken(sql), sql).toEqual([]);
  });

  it('splits a migration into statements at semicolons outside quotes, comments and function bodies', () => {
    expect(
      statementsOf(`-- a comment; with a semicolon
        CREATE FUNCTION f() RETURNS int LANGUAGE sql AS $body$ SELECT 1; $body$;--> statement-breakpoint
        /* another; */ SELECT 'a;b', "c;d";`),
    ).toEqual(['create function f() returns int language sql as $body$ select 1; $body$', `select 'a;b', "c;d"`]);
  });
});
