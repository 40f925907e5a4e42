/**
 * docs/rules/ is generated (`npm run docs:rules`): regenerated here in memory, every committed
 * page must be current, and no page may be missing or left over from a removed rule.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { documentedRules, rulePages } from 'mcpdesc-core/internal/lint/rule-pages.js';
import { ruleHelpUri } from 'mcpdesc-core/internal/report/sarif.js';
import { liveRules } from 'mcpdesc-toolkit/internal/live/rules/index.js';
import { repoRoot, sharedRoot } from '../helpers/paths.js';

const pagesDir = join(repoRoot, 'docs', 'rules');
const pages = rulePages(
  {
    specification: readFileSync(join(sharedRoot, 'spec', 'mcp-description-0.8.0.md'), 'utf8'),
    guide: readFileSync(join(sharedRoot, 'spec', 'tool-schema-design-guide.md'), 'utf8'),
  },
  liveRules,
);

test('docs/rules/ holds exactly the generated pages, each current (run `npm run docs:rules`)', () => {
  const committed = readdirSync(pagesDir).sort();
  assert.deepEqual(committed, [...pages.keys()].sort(), 'missing or extra pages');
  const stale = committed.filter((name) => readFileSync(join(pagesDir, name), 'utf8') !== pages.get(name));
  assert.deepEqual(stale, [], 'stale pages');
});

test('one page per rule of every catalogue, with its codes, reference link and examples', () => {
  for (const rule of [...documentedRules(), ...liveRules]) {
    const page = pages.get(`${rule.id}.md`);
    assert.ok(page, rule.id);
    assert.ok(page.includes(ruleHelpUri(rule.id)), `${rule.id} names its reference`);
    for (const code of Object.keys(rule.codes)) assert.ok(page.includes(`| \`${code}\` |`), `${rule.id}/${code}`);
    if (rule.docs.bad !== undefined) assert.ok(page.includes('## Fails'), `${rule.id} shows its failing example`);
  }
});

test('a lint page states the severity of each code under each preset', () => {
  const page = pages.get('lint.tool.annotations.explicit.md')!;
  assert.match(page, /\| code \| recommended \| strict \| directory \| message \|/);
  // The directory preset makes a missing readOnlyHint an error; recommended warns.
  assert.match(page, /\| `missing-read-only-hint` \| warn \| error \| error \|/);
});

test('the rationale quotes the section the rule cites', () => {
  assert.match(pages.get('lint.tool.pagination.md')!, /## Rationale\n\nFrom the tool schema design guide, Step 9\./);
  assert.match(
    pages.get('mcpdesc.document.schema.md')!,
    /## Rationale\n\nFrom the MCP Description specification, 16\.1/,
  );
});
