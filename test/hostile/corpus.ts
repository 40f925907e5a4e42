/**
 * The hostile corpus (issue 15): generators, not files, one case per class of finding. Each case
 * is a document (and, where a command needs two, a second one) sized to prove its bound: large
 * enough that the unbounded behaviour it reproduces took seconds or gigabytes, small enough to
 * be built in milliseconds. test/hostile/corpus.test.ts runs every command on every case.
 */

export interface HostileCase {
  name: string;
  /** The finding of issue 15 the case reproduces (or the class it belongs to). */
  finding: string;
  /** The document, as text, and its file name (the extension picks JSON or YAML). */
  file: string;
  text: string;
  /** The second document for merge and diff (default: the same text). */
  other?: string;
  /** A CPU bound other than 2 s per command, and why the case's work is legitimately larger. */
  cpuBoundMs?: number;
  boundReason?: string;
  /**
   * The old space the child runs with (`--max-old-space-size`), for a case whose commands make
   * far more garbage than the others, and why. Left alone, V8 sizes its heap from the machine's
   * memory and collects lazily, so one process running every command in turn grows with garbage
   * it has not collected yet, not with what the commands need.
   */
  heapMb?: number;
  heapReason?: string;
}

const revision = '2025-11-25';

function description(extra: Record<string, unknown>, info: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    mcpdesc: '0.8.0',
    info: { name: 'hostile', version: '1.0.0', ...info },
    protocolVersions: [revision],
    transports: [{ type: 'stdio', command: 'hostile' }],
    ...extra,
  };
}

const json = (value: unknown): string => JSON.stringify(value);
const tool = (name: string, more: Record<string, unknown> = {}) => ({ name, inputSchema: { type: 'object' }, ...more });

/** A `$defs` chain whose `oneOf` doubles the work at every level (finding 2). */
function doublingSchema(levels: number): Record<string, unknown> {
  const defs: Record<string, unknown> = { d0: { type: 'string' } };
  for (let i = 1; i <= levels; i++)
    defs[`d${i}`] = { oneOf: [{ $ref: `#/$defs/d${i - 1}` }, { $ref: `#/$defs/d${i - 1}` }] };
  return { type: 'object', $defs: defs, properties: { a: { $ref: `#/$defs/d${levels}` } } };
}

function examples(count: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = 0; i < count; i++)
    out[`e${i}`] = { input: { a: i }, result: { content: [{ type: 'text', text: 'ok' }] } };
  return out;
}

function manyKeys(count: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (let i = 0; i < count; i++) out[`k${i}`] = i;
  return out;
}

function anyOfAlternatives(count: number): unknown[] {
  const out: unknown[] = [];
  for (let i = 0; i < count; i++) out.push({ type: 'object', properties: { [`k${i}`]: { type: 'string' } } });
  return out;
}

function referenceChain(length: number): Record<string, unknown> {
  const schemas: Record<string, unknown> = { s0: { type: 'object' } };
  for (let i = 1; i < length; i++) schemas[`s${i}`] = { $componentRef: `#/components/schemas/s${i - 1}` };
  return { schemas };
}

function nested(depth: number): string {
  return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

/** The cases; sizes as in issue 15 where the bound holds at them, else the size that shows the bound. */
export function hostileCorpus(): HostileCase[] {
  const escapes = '\u001b]0;PWNED\u0007\u001b[2J\u009b31m\u202eX';
  const prototypeKeys = { toString: 1, constructor: 2, __proto__: 3, hasOwnProperty: 4, valueOf: 5 };
  const withPrototypeMeta = JSON.parse(
    json(description({ tools: [tool('t', { _meta: {} })] })).replace('"_meta":{}', `"_meta":${json(prototypeKeys)}`),
  );
  return [
    {
      name: 'heading-spaces',
      finding: '1 (cubic heading regex)',
      file: 'heading.json',
      text: json(description({}, { description: '# a' + ' '.repeat(8_000) + 'x' })),
    },
    {
      name: 'fence-line',
      finding: '1 (fence line)',
      file: 'fence.json',
      text: json(description({}, { description: '```' + 'a'.repeat(200_000) + '`' })),
    },
    {
      name: 'handle-prose',
      finding: '1 (lint word check)',
      file: 'prose.json',
      text: json(description({ tools: [tool('t', { description: 'id '.repeat(60_000) })] })),
    },
    {
      name: 'doubling-oneOf',
      finding: '2 (evaluation budget per document)',
      file: 'doubling.json',
      text: json(description({ tools: [tool('t', { inputSchema: doublingSchema(40), examples: examples(200) })] })),
    },
    {
      name: 'one-line-many-findings',
      finding: '3 (excerpt cost per diagnostic)',
      file: 'one-line.json',
      text: json(
        description({
          tools: Array.from({ length: 100 }, (_, i) => tool(`t${i}`, { description: 'x'.repeat(10_000), bogus: i })),
        }),
      ),
    },
    {
      name: 'anyOf-composition',
      finding: '5 (large legal input: a 0.6 MB anyOf of 20,000 alternatives)',
      file: 'anyof.json',
      text: json(
        description({
          tools: [
            tool('t', { inputSchema: { type: 'object', properties: { a: { anyOf: anyOfAlternatives(20_000) } } } }),
          ],
        }),
      ),
    },
    {
      name: 'anyOf-over-run-budget',
      finding: '5 (a 2 MB anyOf of 300,000 values: refused by the run budget)',
      file: 'anyof-big.json',
      text: json(
        description({
          tools: [
            tool('t', { inputSchema: { type: 'object', properties: { a: { anyOf: anyOfAlternatives(60_000) } } } }),
          ],
        }),
      ),
    },
    {
      name: 'many-keys',
      finding: '5 (a collection of 260,000 keys: refused by the run budget)',
      file: 'keys.json',
      text: json(description({ tools: [tool('t', { _meta: manyKeys(260_000) })] })),
    },
    {
      name: 'string-over-limit',
      finding: '5 (a string over maxStringLength)',
      file: 'long-string.json',
      text: json(description({}, { description: 'x'.repeat(16 * 1024 * 1024 + 1) })),
    },
    {
      name: 'prototype-keys',
      finding: '7 (keys named like Object.prototype members)',
      file: 'prototype.json',
      text: json(withPrototypeMeta),
    },
    {
      name: 'many-diagnostics',
      finding: '8 (more than 125,000 diagnostics)',
      cpuBoundMs: 6_000,
      boundReason: '126,000 diagnostics are 126,000 report blocks (about 40 MB of stylish text): linear in the output',
      heapMb: 900,
      heapReason:
        'each command formats 126,000 diagnostics (50 MB of stylish text) and drops them: the process measured 897 to 1,118 MB with a heap sized from 24 GB, 755 MB with 900 MB, all commands completing',
      file: 'diagnostics.json',
      text: json({ ...description({}), protocolVersions: Array.from({ length: 126_000 }, (_, i) => `v${i}`) }),
    },
    {
      name: 'yaml-line-breaks',
      finding: '10 (lossless YAML strings)',
      file: 'strings.json',
      text: json(description({}, { description: '\n\u0085\u2028\uffff\r\n\t x\n'.repeat(1_000) })),
    },
    {
      name: 'reference-chain',
      finding: '11 (a 20,000-link $componentRef chain)',
      file: 'chain.json',
      text: json(
        description({
          components: referenceChain(20_000),
          tools: [tool('t', { inputSchema: { $componentRef: '#/components/schemas/s19999' } })],
        }),
      ),
    },
    {
      name: 'terminal-escapes',
      finding: '15 (terminal escape sequences)',
      file: 'escapes.json',
      text: json(description({ tools: [tool('t' + escapes, { description: escapes })] }, { description: escapes })),
      other: json(description({ tools: [tool('u' + escapes)] }, { description: 'changed' + escapes })),
    },
    {
      name: 'deep-nesting',
      finding: 'source limits (nesting 200,000 deep)',
      file: 'deep.json',
      text: nested(200_000),
    },
    {
      name: 'yaml-aliases',
      finding: 'source limits (YAML alias expansion)',
      file: 'aliases.yaml',
      text:
        'a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n' +
        Array.from({ length: 9 }, (_, i) => `a${i + 1}: &a${i + 1} [${Array(10).fill(`*a${i}`).join(', ')}]\n`).join(
          '',
        ),
    },
    {
      name: 'yaml-blank-lines',
      finding: 'serializer regexes (a long run of line breaks)',
      file: 'blank-lines.json',
      text: json(description({}, { description: '\n'.repeat(200_000) + 'x' })),
    },
  ];
}
