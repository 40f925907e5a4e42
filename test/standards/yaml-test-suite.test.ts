import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { jsonEqual } from 'mcpdesc-core/internal/model/json.js';
import { parseDescription } from 'mcpdesc-core/internal/source/index.js';
import { repoRoot, sharedRoot } from '../helpers/paths.js';

/**
 * The YAML test suite (yaml/yaml-test-suite, data branch; ../shared/standard-suites/PROVENANCE.md)
 * read against the restricted profile (spec 15.3): a case the suite marks `error` is rejected; a
 * single-document case within the profile decodes to exactly its `in.json`; every other case is
 * outside the profile and is rejected with the rules that `outsideProfile` names, for the reason
 * it gives. No case is skipped.
 */

const suite = join(sharedRoot, 'standard-suites', 'yaml-test-suite');

interface SuiteCase {
  id: string;
  title: string;
  yaml: string;
  /** The JSON documents of `in.json` (one per YAML document); undefined when the suite gives none. */
  json: unknown[] | undefined;
  error: boolean;
}

/**
 * Every case the profile rejects by choice, with the `yaml.*` rules it is rejected with (all of
 * them, sorted) and why. The same table is in docs/yaml-profile.md (checked below).
 */
const outsideProfile: [id: string, rules: string, reason: string][] = [
  ['26DV', 'yaml.anchor/alias yaml.anchor/anchor', 'anchors and aliases (15.3.5)'],
  ['2JQS', 'yaml.key/non-string-key', 'empty key (15.3.1)'],
  ['2SXE', 'yaml.anchor/alias yaml.anchor/anchor', 'anchors and aliases (15.3.5)'],
  [
    '2XXW',
    'yaml.scalar/ambiguous-scalar yaml.tag/tag',
    'tag !!set (15.3.4); empty node (core schema: null; the profile asks for null or "")',
  ],
  ['35KP', 'yaml.document/multiple-documents', '3 documents (15.3)'],
  ['3GZX', 'yaml.anchor/alias yaml.anchor/anchor', 'anchors and aliases (15.3.5)'],
  ['3R3P', 'yaml.anchor/anchor', 'anchor (15.3.5)'],
  ['4ABK', 'yaml.scalar/ambiguous-scalar', 'empty node (core schema: null; the profile asks for null or "")'],
  ['4FJ6', 'yaml.key/non-string-key', 'sequence key (15.3.1)'],
  ['565N', 'yaml.tag/tag', 'tag !!binary (15.3.4)'],
  ['5TYM', 'yaml.document/multiple-documents', '2 documents (15.3)'],
  ['5WE3', 'yaml.scalar/ambiguous-scalar', 'empty node (core schema: null; the profile asks for null or "")'],
  ['6BFJ', 'yaml.anchor/anchor yaml.key/non-string-key', 'anchor (15.3.5); sequence key (15.3.1)'],
  ['6CK3', 'yaml.tag/tag', '%TAG directive; tag !local !e!tag%21 (15.3.4)'],
  [
    '6KGN',
    'yaml.anchor/alias yaml.anchor/anchor yaml.scalar/ambiguous-scalar',
    'anchors and aliases (15.3.5); empty node (core schema: null; the profile asks for null or "")',
  ],
  [
    '6M2F',
    'yaml.anchor/alias yaml.anchor/anchor yaml.key/non-string-key',
    'anchors and aliases (15.3.5); empty key (15.3.1)',
  ],
  ['6PBE', 'yaml.key/non-string-key', 'sequence key (15.3.1)'],
  ['6WLZ', 'yaml.document/multiple-documents', '2 documents (15.3)'],
  ['6XDY', 'yaml.document/multiple-documents', '2 documents (15.3)'],
  ['6ZKB', 'yaml.document/multiple-documents', '3 documents (15.3)'],
  ['7BMT', 'yaml.anchor/anchor', 'anchor (15.3.5)'],
  ['7BUB', 'yaml.anchor/alias yaml.anchor/anchor', 'anchors and aliases (15.3.5)'],
  ['7FWL', 'yaml.tag/tag', 'tag !<!bar> (15.3.4)'],
  ['7W2P', 'yaml.scalar/ambiguous-scalar', 'empty node (core schema: null; the profile asks for null or "")'],
  ['7Z25', 'yaml.document/multiple-documents', '2 documents (15.3)'],
  ['8G76', 'yaml.document/no-document', 'no document, only comments or markers (15.3)'],
  ['8KB6', 'yaml.scalar/ambiguous-scalar', 'empty node (core schema: null; the profile asks for null or "")'],
  ['8XYN', 'yaml.anchor/anchor', 'anchor (15.3.5)'],
  ['98YD', 'yaml.document/no-document', 'no document, only comments or markers (15.3)'],
  ['9BXH', 'yaml.scalar/ambiguous-scalar', 'empty node (core schema: null; the profile asks for null or "")'],
  ['9DXL', 'yaml.document/multiple-documents', '3 documents (15.3)'],
  ['9KAX', 'yaml.document/multiple-documents', '8 documents (15.3)'],
  ['9MMW', 'yaml.key/non-string-key', 'mapping key (15.3.1)'],
  ['9WXW', 'yaml.document/multiple-documents', '2 documents (15.3)'],
  ['AVM7', 'yaml.document/no-document', 'no document, only comments or markers (15.3)'],
  ['BEC7', 'yaml.document/yaml-version', '%YAML 1.3 directive'],
  ['BU8L', 'yaml.anchor/anchor', 'anchor (15.3.5)'],
  ['C2DT', 'yaml.scalar/ambiguous-scalar', 'empty node (core schema: null; the profile asks for null or "")'],
  [
    'C4HZ',
    'yaml.anchor/alias yaml.anchor/anchor yaml.scalar/ambiguous-scalar yaml.tag/tag',
    '%TAG directive; tag !shape !circle !line !label (15.3.4); anchors and aliases (15.3.5); empty node (core schema: null; the profile asks for null or "")',
  ],
  ['CC74', 'yaml.tag/tag', '%TAG directive; tag !e!foo (15.3.4)'],
  ['CFD4', 'yaml.key/non-string-key', 'empty key (15.3.1)'],
  ['CN3R', 'yaml.anchor/anchor', 'anchor (15.3.5)'],
  ['CUP7', 'yaml.anchor/alias yaml.anchor/anchor yaml.tag/tag', 'tag !local (15.3.4); anchors and aliases (15.3.5)'],
  [
    'DFF7',
    'yaml.key/non-string-key yaml.scalar/ambiguous-scalar',
    'empty key (15.3.1); empty node (core schema: null; the profile asks for null or "")',
  ],
  ['DK95/07', 'yaml.scalar/ambiguous-scalar', 'empty node (core schema: null; the profile asks for null or "")'],
  ['E76Z', 'yaml.anchor/alias yaml.anchor/anchor', 'anchors and aliases (15.3.5)'],
  ['F2C7', 'yaml.anchor/anchor', 'anchor (15.3.5)'],
  ['FH7J', 'yaml.key/non-string-key', 'empty key (15.3.1)'],
  [
    'FRK4',
    'yaml.key/non-string-key yaml.scalar/ambiguous-scalar',
    'empty key (15.3.1); empty node (core schema: null; the profile asks for null or "")',
  ],
  ['FTA2', 'yaml.anchor/anchor', 'anchor (15.3.5)'],
  ['HMQ5', 'yaml.anchor/alias yaml.anchor/anchor', 'anchors and aliases (15.3.5)'],
  ['HWV9', 'yaml.document/no-document', 'no document, only comments or markers (15.3)'],
  ['J7PZ', 'yaml.tag/tag', 'tag !!omap (15.3.4)'],
  ['JHB9', 'yaml.document/multiple-documents', '2 documents (15.3)'],
  ['JS2J', 'yaml.anchor/alias yaml.anchor/anchor', 'anchors and aliases (15.3.5)'],
  ['JTV5', 'yaml.scalar/ambiguous-scalar', 'empty node (core schema: null; the profile asks for null or "")'],
  [
    'KK5P',
    'yaml.key/non-string-key yaml.scalar/ambiguous-scalar',
    'sequence key (15.3.1); empty node (core schema: null; the profile asks for null or "")',
  ],
  ['KSS4', 'yaml.document/multiple-documents', '2 documents (15.3)'],
  ['L383', 'yaml.document/multiple-documents', '2 documents (15.3)'],
  ['LE5A', 'yaml.anchor/alias yaml.anchor/anchor', 'anchors and aliases (15.3.5)'],
  ['LX3P', 'yaml.key/non-string-key', 'sequence key (15.3.1)'],
  [
    'M2N8/00',
    'yaml.key/non-string-key yaml.scalar/ambiguous-scalar',
    'mapping/empty key (15.3.1); empty node (core schema: null; the profile asks for null or "")',
  ],
  [
    'M2N8/01',
    'yaml.key/non-string-key yaml.scalar/ambiguous-scalar',
    'mapping/sequence key (15.3.1); empty node (core schema: null; the profile asks for null or "")',
  ],
  ['M5C3', 'yaml.tag/tag', 'tag !foo (15.3.4)'],
  ['M5DY', 'yaml.key/non-string-key', 'sequence key (15.3.1)'],
  ['M7A3', 'yaml.document/multiple-documents', '2 documents (15.3)'],
  [
    'MUS6/02',
    'yaml.document/yaml-version yaml.scalar/ambiguous-scalar',
    '%YAML 1.1 directive; empty node (core schema: null; the profile asks for null or "")',
  ],
  [
    'MUS6/03',
    'yaml.document/yaml-version yaml.scalar/ambiguous-scalar',
    '%YAML 1.1 directive; empty node (core schema: null; the profile asks for null or "")',
  ],
  [
    'MUS6/04',
    'yaml.document/yaml-version yaml.scalar/ambiguous-scalar',
    '%YAML 1.1 directive; empty node (core schema: null; the profile asks for null or "")',
  ],
  ['MUS6/05', 'yaml.scalar/ambiguous-scalar', 'empty node (core schema: null; the profile asks for null or "")'],
  ['MUS6/06', 'yaml.scalar/ambiguous-scalar', 'empty node (core schema: null; the profile asks for null or "")'],
  [
    'NHX8',
    'yaml.key/non-string-key yaml.scalar/ambiguous-scalar',
    'empty key (15.3.1); empty node (core schema: null; the profile asks for null or "")',
  ],
  ['NKF9', 'yaml.document/multiple-documents', '4 documents (15.3)'],
  ['P76L', 'yaml.tag/tag yaml.tag/tag-mismatch', "%TAG directive; content not of its tag's type"],
  ['PUW8', 'yaml.document/multiple-documents', '2 documents (15.3)'],
  [
    'PW8X',
    'yaml.anchor/anchor yaml.key/non-string-key yaml.scalar/ambiguous-scalar',
    'anchor (15.3.5); empty key (15.3.1); empty node (core schema: null; the profile asks for null or "")',
  ],
  ['Q9WF', 'yaml.key/non-string-key', 'mapping key (15.3.1)'],
  ['QT73', 'yaml.document/no-document', 'no document, only comments or markers (15.3)'],
  ['RZP5', 'yaml.anchor/anchor yaml.key/non-string-key', 'anchor (15.3.5); sequence key (15.3.1)'],
  ['RZT7', 'yaml.document/multiple-documents', '3 documents (15.3)'],
  [
    'S3PD',
    'yaml.key/non-string-key yaml.scalar/ambiguous-scalar',
    'empty key (15.3.1); empty node (core schema: null; the profile asks for null or "")',
  ],
  ['SBG9', 'yaml.key/non-string-key', 'sequence key (15.3.1)'],
  ['SKE5', 'yaml.anchor/anchor', 'anchor (15.3.5)'],
  ['SM9W/00', 'yaml.scalar/ambiguous-scalar', 'empty node (core schema: null; the profile asks for null or "")'],
  [
    'SM9W/01',
    'yaml.key/non-string-key yaml.scalar/ambiguous-scalar',
    'empty key (15.3.1); empty node (core schema: null; the profile asks for null or "")',
  ],
  ['U3C3', 'yaml.tag/tag', '%TAG directive; tag !yaml!str (15.3.4)'],
  ['U3XV', 'yaml.anchor/anchor', 'anchor (15.3.5)'],
  ['U9NS', 'yaml.document/multiple-documents', '2 documents (15.3)'],
  [
    'UGM3',
    'yaml.anchor/alias yaml.anchor/anchor yaml.tag/tag',
    'tag !<tag:clarkevans.com,2002:invoice> (15.3.4); anchors and aliases (15.3.5)',
  ],
  [
    'UKK6/00',
    'yaml.key/non-string-key yaml.scalar/ambiguous-scalar',
    'empty key (15.3.1); empty node (core schema: null; the profile asks for null or "")',
  ],
  ['UKK6/01', 'yaml.scalar/ambiguous-scalar', 'empty node (core schema: null; the profile asks for null or "")'],
  ['UT92', 'yaml.document/multiple-documents', '2 documents (15.3)'],
  ['V55R', 'yaml.anchor/alias yaml.anchor/anchor', 'anchors and aliases (15.3.5)'],
  ['V9D5', 'yaml.key/non-string-key', 'mapping key (15.3.1)'],
  ['W42U', 'yaml.scalar/ambiguous-scalar', 'empty node (core schema: null; the profile asks for null or "")'],
  ['W4TN', 'yaml.document/multiple-documents', '2 documents (15.3)'],
  ['W5VH', 'yaml.anchor/alias yaml.anchor/anchor', 'anchors and aliases (15.3.5)'],
  [
    'X38W',
    'yaml.anchor/alias yaml.anchor/anchor yaml.key/non-string-key',
    'anchors and aliases (15.3.5); sequence key (15.3.1)',
  ],
  ['XW4D', 'yaml.anchor/anchor yaml.key/non-string-key', 'anchor (15.3.5); sequence key (15.3.1)'],
  ['Y2GN', 'yaml.anchor/anchor', 'anchor (15.3.5)'],
  ['Z67P', 'yaml.tag/tag', 'tag !foo (15.3.4)'],
  ['Z9M4', 'yaml.tag/tag', '%TAG directive; tag !e!foo (15.3.4)'],
  ['ZH7C', 'yaml.anchor/anchor', 'anchor (15.3.5)'],
  [
    'ZWK4',
    'yaml.anchor/anchor yaml.scalar/ambiguous-scalar',
    'anchor (15.3.5); empty node (core schema: null; the profile asks for null or "")',
  ],
];

/** Cases the suite gives no JSON for that are within the profile, with the value they decode to. */
const decodedWithoutJson: Record<string, [value: unknown, reason: string]> = {
  'UKK6/02': ['', 'a lone `!` is an empty scalar with the non-specific tag, which makes it the string ""'],
};

function readCases(): SuiteCase[] {
  const cases: SuiteCase[] = [];
  const read = (id: string, folder: string): void => {
    const json = join(folder, 'in.json');
    cases.push({
      id,
      title: readFileSync(join(folder, '==='), 'utf8').trim(),
      yaml: readFileSync(join(folder, 'in.yaml'), 'utf8'),
      json: existsSync(json) ? jsonStream(readFileSync(json, 'utf8')) : undefined,
      error: existsSync(join(folder, 'error')),
    });
  };
  for (const id of readdirSync(suite).sort()) {
    const folder = join(suite, id);
    if (!statSync(folder).isDirectory()) continue;
    if (existsSync(join(folder, 'in.yaml'))) read(id, folder);
    else for (const sub of readdirSync(folder).sort()) read(`${id}/${sub}`, join(folder, sub));
  }
  return cases;
}

/** The JSON values of a file that holds several, one after another (one per YAML document). */
function jsonStream(text: string): unknown[] {
  const values: unknown[] = [];
  let i = 0;
  while (i < text.length) {
    while (i < text.length && /\s/.test(text[i]!)) i++;
    if (i === text.length) break;
    const start = i;
    let depth = 0;
    let inString = false;
    for (; i < text.length; i++) {
      const c = text[i]!;
      if (inString) {
        if (c === '\\') i++;
        else if (c === '"') inString = false;
        if (depth === 0 && !inString) {
          i++;
          break;
        }
      } else if (c === '"') inString = true;
      else if (c === '[' || c === '{') depth++;
      else if (c === ']' || c === '}') {
        if (--depth === 0) {
          i++;
          break;
        }
      } else if (depth === 0 && /\s/.test(c)) break;
    }
    values.push(JSON.parse(text.slice(start, i)));
  }
  return values;
}

const cases = readCases();
const outside = new Map(outsideProfile.map(([id, rules, reason]) => [id, { rules, reason }]));
const rulesOf = (text: string): string[] => [
  ...new Set(parseDescription(text, { format: 'yaml' }).diagnostics.map((d) => `${d.rule}/${d.code}`)),
];

test('the suite is whole: 402 cases, each classified', () => {
  assert.equal(cases.length, 402);
  const ids = new Set(cases.map((c) => c.id));
  for (const id of [...outside.keys(), ...Object.keys(decodedWithoutJson)]) assert.ok(ids.has(id), `${id} is a case`);
  assert.equal(outside.size, outsideProfile.length, 'each case once in the table');
  for (const c of cases) {
    if (c.error || outside.has(c.id) || c.id in decodedWithoutJson) continue;
    assert.ok(c.json?.length === 1, `${c.id} (${c.title}): in the profile, so it needs exactly one JSON document`);
  }
});

test('every case the suite marks as an error is rejected with a yaml.* diagnostic', () => {
  for (const c of cases.filter((c) => c.error)) {
    assert.ok(!outside.has(c.id), `${c.id} is an error case, not a profile choice`);
    const result = parseDescription(c.yaml, { format: 'yaml' });
    assert.equal(result.document, undefined, `${c.id} (${c.title})`);
    assert.ok(
      result.diagnostics.length > 0 && result.diagnostics.every((d) => d.rule.startsWith('yaml.')),
      `${c.id} (${c.title}): ${JSON.stringify(result.diagnostics.map((d) => d.rule))}`,
    );
  }
});

test('every single-document case within the profile decodes to exactly its in.json', () => {
  for (const c of cases) {
    if (c.error || outside.has(c.id)) continue;
    const result = parseDescription(c.yaml, { format: 'yaml' });
    assert.deepEqual(result.diagnostics, [], `${c.id} (${c.title})`);
    const expected = c.id in decodedWithoutJson ? decodedWithoutJson[c.id]![0] : c.json![0];
    assert.ok(
      jsonEqual(result.document, expected),
      `${c.id} (${c.title}): ${JSON.stringify(result.document)} vs ${JSON.stringify(expected)}`,
    );
  }
});

test('every case outside the profile is rejected with the rules the table names', () => {
  for (const c of cases) {
    const entry = outside.get(c.id);
    if (!entry) continue;
    assert.deepEqual(rulesOf(c.yaml).sort().join(' '), entry.rules, `${c.id} (${c.title})`);
  }
});

test('docs/yaml-profile.md lists the same cases, rules and reasons', () => {
  const docs = readFileSync(join(repoRoot, 'docs', 'yaml-profile.md'), 'utf8');
  const rows = [...docs.matchAll(/^\| `([0-9A-Z]{4}(?:\/\d\d)?)` \| (.*?) \| (.*?) \| (.*?) \|$/gm)].map((m) => [
    m[1]!,
    m[3]!.replace(/`/g, ''),
    m[4]!,
  ]);
  const expected = outsideProfile.map(([id, rules, reason]) => [id, rules, reason.replace(/\|/g, '\\|')]);
  assert.deepEqual(rows, expected);
});

test('summary', () => {
  const errors = cases.filter((c) => c.error).length;
  const decoded = cases.filter((c) => !c.error && !outside.has(c.id)).length;
  console.log(
    `yaml-test-suite: ${cases.length} cases: ${errors} errors rejected, ${decoded} decoded to their JSON, ` +
      `${outside.size} outside the profile rejected as the table says, 0 skipped`,
  );
});
