// The layering lint rules in biome.json hold: src/core imports nothing from src/server or src/web,
// and src/web imports src/server only as types. Each probe file is linted with the project's own
// configuration in a scratch copy of the tree's layout.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
let scratch = '';

beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'savvypig-lint-'));
  const config = JSON.parse(fs.readFileSync(path.join(root, 'biome.json'), 'utf8'));
  config.$schema = undefined;
  config.vcs = { enabled: false };
  fs.writeFileSync(path.join(scratch, 'biome.json'), JSON.stringify(config));
  fs.cpSync(path.join(root, 'lint'), path.join(scratch, 'lint'), { recursive: true });
});

afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** Lints `statement` followed by a line that uses `names`, as the file `file` of the tree. */
function lint(file: string, statement: string, names = ''): { ok: boolean; output: string } {
  const source = `${statement}\nexport const used = [${names}];\n`;
  const target = path.join(scratch, file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, source);
  const result = spawnSync(path.join(root, 'node_modules/.bin/biome'), ['lint', '--colors=off', file], {
    cwd: scratch,
    encoding: 'utf8',
  });
  fs.rmSync(target);
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

describe('src/core is pure', () => {
  it.each([
    ["import { a } from '../../server/db/client.ts';", 'a'],
    ["import type { A } from '../../server/accounts/account-json.ts';", 'null as unknown as A'],
    ["import { b } from '../../web/app/paths.ts';", 'b'],
  ])('refuses %s', (statement, names) => {
    const result = lint('src/core/probe/rule.ts', statement, names);
    expect(result.ok).toBe(false);
    expect(result.output).toContain('src/core is pure');
  });

  it('accepts an import from src/core', () => {
    expect(lint('src/core/probe/rule.ts', "import { a } from '../money/format.ts';", 'a').ok).toBe(true);
  });
});

describe('src/web imports src/server only as types', () => {
  it.each([
    ["import { a } from '../../server/db/client.ts';", 'a'],
    ["import { type A, b } from '../../server/accounts/account-json.ts';", 'b, null as unknown as A'],
    ["import '../../server/boot.ts';", ''],
    ["const m = await import('../../server/boot.ts');", 'm'],
    ["export { a } from '../../server/db/client.ts';", ''],
  ])('refuses %s', (statement, names) => {
    const result = lint('src/web/probe/page.tsx', statement, names);
    expect(result.ok).toBe(false);
    expect(result.output).toContain('src/web imports src/server only as types');
  });

  it('accepts `import type` from src/server', () => {
    const statement = "import type { Account } from '../../server/accounts/account-json.ts';";
    expect(lint('src/web/probe/page.tsx', statement, 'null as unknown as Account').ok).toBe(true);
  });

  it('lets src/server import anything', () => {
    expect(lint('src/server/probe/route.ts', "import { a } from '../db/client.ts';", 'a').ok).toBe(true);
  });
});
