/**
 * Which migration statements would break the previous release while it still runs beside this one
 * (a rolling upgrade: docs/operations.md, "Upgrading with instances running"). Such a change is
 * made in two steps: an expand migration that the old code survives (add, never take away), then,
 * in a later release, once no running code uses the old shape, a contract migration listed in
 * CONTRACT_STEPS. migration-safety.test.ts reads every migration and holds them to this.
 */

export type Finding = { migration: string; rule: string; statement: string };

/** A contract step: it takes away what its expand step replaced, at least one release later. */
export type ContractStep = { migration: string; expand: string; why: string };

/**
 * Contract steps, each shipped at least one release after its expand step (the test checks the
 * expand step is in the journal of the release before the one that adds the contract step).
 */
export const CONTRACT_STEPS: readonly ContractStep[] = [];

/**
 * Migrations shipped before the rule, with what they did that an older release running beside them
 * would not have survived. Each went out with the code that needed it, to one instance at a time;
 * none may be added here now: a new one is an expand step, or a contract step in CONTRACT_STEPS.
 */
export const SHIPPED_BEFORE_THE_RULE: Readonly<Record<string, { rules: readonly string[]; what: string }>> = {
  '0006_accounts': {
    rules: ["drops a column's default"],
    what: "user_settings.max_accounts lost its default and NOT NULL (null: the tier's cap, ADR 0011's account cap)",
  },
  '0010_early_withdrawal_penalty_bigint': {
    rules: ["changes a column's type"],
    what: 'accounts.early_withdrawal_penalty became a bigint (an integer before), rewriting the table under a lock',
  },
  '0014_balance_statements': {
    rules: ['adds a constraint older writes may break'],
    what: 'transactions_sign_matches_type was dropped and added again with a new rule (a balance update of either sign)',
  },
};

type Rule = { name: string; test: (statement: string, created: Created) => boolean };
/** What the migrations of one release create: new to the previous release, which cannot use them yet. */
export type Created = { tables: Set<string>; functions: Set<string>; columns: Set<string> };

export const nothingCreated = (): Created => ({ tables: new Set(), functions: new Set(), columns: new Set() });

const ident = String.raw`(?:"[^"]+"|[a-z_][a-z0-9_$]*)(?:\.(?:"[^"]+"|[a-z_][a-z0-9_$]*))?`;
const unquote = (name: string) => name.replace(/"/g, '').replace(/^public\./, '');

/** The table an ALTER TABLE (or CREATE INDEX … ON) statement works on, unquoted. */
function tableOf(statement: string): string | null {
  const altered = new RegExp(`^alter table (?:if exists )?(?:only )?(${ident})`).exec(statement);
  if (altered) return unquote(altered[1]!);
  const indexed = new RegExp(` on (?:only )?(${ident})`).exec(statement);
  return indexed ? unquote(indexed[1]!) : null;
}

/** True when the statement works on a table this same migration creates (nothing older reads it yet). */
const onNewTable = (statement: string, created: Created) => {
  const table = tableOf(statement);
  return table !== null && created.tables.has(table);
};

/** Columns named in the first parenthesised list after `keyword` (a constraint's or index's columns). */
function columnsAfter(statement: string, keyword: string): string[] {
  const at = statement.indexOf(keyword);
  const list = at < 0 ? null : /\(([^)]*)\)/.exec(statement.slice(at));
  return list ? list[1]!.split(',').map((c) => unquote(c.trim())) : [];
}

const RULES: Rule[] = [
  { name: 'drops a table or view', test: (s) => /^drop (?:table|view|materialized view)\b/.test(s) },
  {
    name: 'drops a function older code may call',
    test: (s, created) => {
      const dropped = new RegExp(`^drop (?:function|procedure) (?:if exists )?(${ident})`).exec(s);
      return dropped !== null && !created.functions.has(unquote(dropped[1]!));
    },
  },
  { name: 'drops a type, domain, sequence or schema', test: (s) => /^drop (?:type|domain|sequence|schema)\b/.test(s) },
  {
    name: 'drops a column',
    test: (s, c) =>
      /^alter table .*\bdrop (?:column |(?!constraint|default|not null|identity|expression))/.test(s) &&
      !onNewTable(s, c),
  },
  {
    name: 'renames',
    test: (s, c) => /^alter (?:table|view|function|type|sequence|index) .*\brename\b/.test(s) && !onNewTable(s, c),
  },
  {
    name: "changes a column's type",
    test: (s, c) => /^alter table .*\balter (?:column )?\S+ (?:set data )?type\b/.test(s) && !onNewTable(s, c),
  },
  { name: 'makes a column NOT NULL', test: (s, c) => /^alter table .*\bset not null\b/.test(s) && !onNewTable(s, c) },
  { name: "drops a column's default", test: (s, c) => /^alter table .*\bdrop default\b/.test(s) && !onNewTable(s, c) },
  {
    name: 'adds a NOT NULL column without a default (older inserts leave it out)',
    test: (s, c) =>
      /^alter table .*\badd (?:column )?(?!constraint\b)/.test(s) &&
      /\bnot null\b/.test(s) &&
      !/\bdefault\b|\bgenerated\b/.test(s) &&
      !onNewTable(s, c),
  },
  {
    name: 'adds a constraint older writes may break',
    test: (s, c) => {
      if (!/^alter table .*\badd constraint\b/.test(s) || onNewTable(s, c)) return false;
      const table = tableOf(s)!;
      const isNew = (column: string) => c.columns.has(`${table}.${column}`);
      if (/\bexclude\b/.test(s)) return true;
      if (/\bcheck\b/.test(s)) {
        // A check of columns this migration adds only: older code never writes them.
        const named = [...s.slice(s.indexOf(' check ')).matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
        const columns = named.filter((name) => name !== table);
        return columns.length === 0 || !columns.every(isNew);
      }
      const keyword = /\bforeign key\b/.test(s) ? 'foreign key' : /\bprimary key\b/.test(s) ? 'primary key' : 'unique';
      // A key over columns this migration adds: older code never writes them.
      return !columnsAfter(s, keyword).every(isNew);
    },
  },
  {
    name: 'adds a unique index older writes may break',
    test: (s, c) => {
      if (!/^create unique index\b/.test(s) || onNewTable(s, c)) return false;
      // An index over a column this release adds: older code leaves it null, and nulls never
      // clash in a unique index (unless it says NULLS NOT DISTINCT).
      const table = tableOf(s)!;
      const overNew = columnsAfter(s, ' on ').some((column) => c.columns.has(`${table}.${column}`));
      return !overNew || /\bnulls not distinct\b/.test(s);
    },
  },
  {
    name: 'revokes a privilege older code may use',
    test: (s, c) => {
      if (!/^revoke\b/.test(s)) return false;
      const fn = new RegExp(` on function (${ident})`).exec(s);
      return !(fn && c.functions.has(unquote(fn[1]!)));
    },
  },
  { name: 'drops a row-level security policy', test: (s) => /^drop policy\b/.test(s) },
];

/**
 * The migration's statements, lower-cased with comments and runs of space removed, split at the
 * semicolons outside quotes and dollar-quoted bodies (a function's body is kept with its statement).
 */
export function statementsOf(sql: string): string[] {
  const statements: string[] = [];
  let current = '';
  for (let i = 0; i < sql.length; ) {
    const rest = sql.slice(i);
    const dollar = /^\$[a-z_]*\$/i.exec(rest);
    if (dollar) {
      const end = sql.indexOf(dollar[0], i + dollar[0].length);
      const stop = end < 0 ? sql.length : end + dollar[0].length;
      current += sql.slice(i, stop);
      i = stop;
    } else if (rest.startsWith('--')) {
      const end = sql.indexOf('\n', i);
      i = end < 0 ? sql.length : end;
    } else if (rest.startsWith('/*')) {
      const end = sql.indexOf('*/', i);
      i = end < 0 ? sql.length : end + 2;
    } else if (rest[0] === "'" || rest[0] === '"') {
      let end = i + 1;
      while (end < sql.length && !(sql[end] === rest[0] && sql[end + 1] !== rest[0]))
        end += sql[end] === rest[0] ? 2 : 1;
      current += sql.slice(i, end + 1);
      i = end + 1;
    } else if (rest[0] === ';') {
      statements.push(current);
      current = '';
      i++;
    } else {
      current += rest[0];
      i++;
    }
  }
  statements.push(current);
  return statements.map((s) => s.replace(/\s+/g, ' ').trim().toLowerCase()).filter(Boolean);
}

/**
 * The statements of one migration that an older release running beside it would not survive.
 * `created` collects what this release's migrations create (pass one per release, in order);
 * `earlierFunctions` names the functions earlier releases created.
 */
export function breakingStatements(
  migration: string,
  sql: string,
  created: Created = nothingCreated(),
  earlierFunctions: ReadonlySet<string> = new Set(),
): Finding[] {
  const statements = statementsOf(sql);
  for (const s of statements) {
    const table = new RegExp(`^create (?:unlogged )?table (?:if not exists )?(${ident})`).exec(s);
    if (table) created.tables.add(unquote(table[1]!));
    const fn = new RegExp(`^create (or replace )?function (${ident})`).exec(s);
    if (fn && !(fn[1] && earlierFunctions.has(unquote(fn[2]!)))) created.functions.add(unquote(fn[2]!));
    const column = new RegExp(
      `^alter table (?:if exists )?(?:only )?(${ident}) add (?:column )?(?:if not exists )?(${ident})`,
    ).exec(s);
    if (column && column[2] !== 'constraint') created.columns.add(`${unquote(column[1]!)}.${unquote(column[2]!)}`);
  }
  const findings: Finding[] = [];
  for (const statement of statements) {
    for (const rule of RULES) {
      if (rule.test(statement, created))
        findings.push({ migration, rule: rule.name, statement: statement.slice(0, 160) });
    }
  }
  return findings;
}

/**
 * From this migration on, a migration locks the existing tables it changes before changing them,
 * all of its release's at once (lock_for_migration, migration 0059): taken one change at a time
 * beside running instances, the locks deadlock with their requests.
 */
export const LOCKS_FIRST_FROM = '0059';

/** The tables the first lock_for_migration of a release named: its later changes and locks stay inside them. */
export type ReleaseLocks = { first: Set<string> | null };
export const noLocksYet = (): ReleaseLocks => ({ first: null });

/**
 * The existing tables a statement locks until the migrations commit: the one it changes, and the
 * one a foreign key it adds references. `null` for a DROP INDEX, whose table the text does not name.
 */
function tablesChangedBy(statement: string): string[] | null {
  const on = (pattern: string) => new RegExp(pattern).exec(statement);
  if (/^alter table\b/.test(statement)) {
    const referenced = on(` references (${ident})`);
    return [tableOf(statement)!, ...(referenced ? [unquote(referenced[1]!)] : [])];
  }
  const trigger = on(
    `^(?:create (?:or replace )?(?:constraint )?|drop |alter )trigger (?:if exists )?${ident} on (?:only )?(${ident})`,
  );
  if (trigger) return [unquote(trigger[1]!)];
  const policy = on(`^(?:create|alter|drop) policy (?:if exists )?${ident} on (${ident})`);
  if (policy) return [unquote(policy[1]!)];
  if (/^create (?:unique )?index\b/.test(statement)) return [tableOf(statement)!];
  const truncated = on(`^truncate (?:table )?(?:only )?(${ident}(?:, ?${ident})*)`);
  if (truncated) return truncated[1]!.split(',').map((t) => unquote(t.trim()));
  if (/^drop index\b/.test(statement)) return null;
  return [];
}

/**
 * What a migration changes in existing tables without lock_for_migration having locked them
 * first, and locks it takes beyond its release's first (which the release's earlier migrations
 * would take one at a time after all). `release` carries the first lock over a release's migrations.
 */
export function unlockedChanges(
  migration: string,
  sql: string,
  created: Created = nothingCreated(),
  release: ReleaseLocks = noLocksYet(),
): Finding[] {
  if (migration < LOCKS_FIRST_FROM) return [];
  const locked = new Set<string>();
  const findings: Finding[] = [];
  const find = (rule: string, statement: string) =>
    findings.push({ migration, rule, statement: statement.slice(0, 160) });
  for (const statement of statementsOf(sql)) {
    const lock = /^select lock_for_migration\(array ?\[([^\]]*)\](?:::text\[\])?\)/.exec(statement);
    if (lock) {
      const names = lock[1]!.split(',').map((name) => name.trim().replace(/^'|'$/g, ''));
      release.first ??= new Set(names);
      for (const name of names) {
        if (!release.first.has(name))
          find(`locks ${name}, which its release's first lock_for_migration did not`, statement);
        locked.add(name);
      }
    }
    const tables = tablesChangedBy(statement);
    if (tables === null && locked.size === 0) find('drops an index before lock_for_migration', statement);
    for (const table of tables ?? []) {
      if (!created.tables.has(table) && !locked.has(table))
        find(`changes ${table} before lock_for_migration locked it`, statement);
    }
  }
  return findings;
}
