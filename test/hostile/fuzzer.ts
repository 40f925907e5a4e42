/**
 * The seeded mutation fuzzer (issue 15): mutates the valid, warning and invalid documents of the
 * official corpus and checks, for every mutant, the contract every diagnostic keeps:
 *
 * - no exception from decoding, validate or lint;
 * - well-formed diagnostics: rule, code, severity, message, a parseable pointer;
 * - resolvable pointers: the pointer (or, for a missing member, its parent) exists in the document;
 * - in-file ranges: every range lies inside the text it was computed for;
 * - determinism: the same text gives the same diagnostics twice;
 * - JSON/YAML verdict equality: the mutant as JSON and as YAML get the same verdict and the same
 *   errors (rule, code, pointer).
 *
 * Same seed, same cases. `npm run fuzz -- --cases N --seed S` runs it (scripts/fuzz.mjs); the
 * test suite runs a few hundred cases (test/hostile/fuzz.test.ts).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Diagnostic } from 'mcpdesc-core/internal/model/diagnostic.js';
import { severities } from 'mcpdesc-core/internal/model/diagnostic.js';
import { getAtPointer, parentPointer, parsePointer } from 'mcpdesc-core/internal/model/json-pointer.js';
import { seededRandom } from 'mcpdesc-core/internal/model/seeded-random.js';
import { lint } from 'mcpdesc-core/internal/lint/lint.js';
import { parseDescription, serializeDescription } from 'mcpdesc-core/internal/source/index.js';
import { createSchemaService } from 'mcpdesc-core/internal/validate/schema-engine-service.js';
import { validate } from 'mcpdesc-core/internal/validate/validate.js';

export interface FuzzOptions {
  cases: number;
  seed: number;
  /** Called every `progressEvery` cases. */
  progress?: (done: number, findings: number) => void;
  progressEvery?: number;
  /** Stop after this many findings (default 20). */
  maxFindings?: number;
}

export interface FuzzFinding {
  case: number;
  source: string;
  check: string;
  detail: string;
  /** The mutant's text (JSON), cut to 4 KB. */
  text: string;
}

export interface FuzzSummary {
  cases: number;
  seed: number;
  diagnostics: number;
  yamlComparisons: number;
  findings: FuzzFinding[];
  milliseconds: number;
}

const corpusRoot = resolve(process.cwd(), '..', 'shared', 'conformance');

/** Every document of the official corpus that decodes, in a fixed order. */
export function corpusDocuments(): { name: string; document: unknown }[] {
  const out: { name: string; document: unknown }[] = [];
  for (const version of readdirSync(corpusRoot).sort()) {
    const base = join(corpusRoot, version);
    const fixtures = join(base, 'fixtures');
    const dirs = ['examples', ...(existsSync(fixtures) ? readdirSync(fixtures).map((d) => join('fixtures', d)) : [])];
    for (const dir of dirs.sort()) {
      let files: string[];
      try {
        files = readdirSync(join(base, dir)).sort();
      } catch {
        continue;
      }
      for (const file of files) {
        const parsed = parseDescription(readFileSync(join(base, dir, file)), { filename: file });
        if (parsed.document !== undefined) out.push({ name: `${version}/${dir}/${file}`, document: parsed.document });
      }
    }
  }
  return out;
}

/** Strings that broke or could break something: controls, line breaks, noncharacters, bidi, names of Object.prototype. */
const hostileStrings = [
  '',
  ' ',
  '\n',
  '\r\n',
  '\u0085',
  '\u2028',
  '\u2029',
  '\uffff',
  '\ufeff',
  '\u0000',
  '\u001b]0;title\u0007\u001b[2J',
  '\u009b31m',
  '\u202e evil',
  'a\tb',
  '- x',
  '? x',
  ': x',
  '#x',
  "'",
  '"',
  '&a *a !t %x @x `x',
  '0x10',
  '1e3',
  'null',
  'true',
  '~',
  '2026-07-28',
  'é',
  '😀',
  '\ud800',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  '#/components/schemas/none',
  '#/components/schemas/__proto__',
  'not a uri {',
  '(a+)+$',
  'x'.repeat(300),
  '# a' + ' '.repeat(200) + 'x',
  '```' + 'a'.repeat(100),
];

const hostileKeys = [
  '__proto__',
  'constructor',
  'toString',
  'valueOf',
  'x-\u001b[2J',
  'x-a',
  '$componentRef',
  '$ref',
  '',
];

const replacements: unknown[] = [
  null,
  true,
  false,
  0,
  -0,
  -1,
  1.5,
  1e308,
  2 ** 53,
  [],
  [null],
  {},
  { $componentRef: '#/components/schemas/a' },
  { $componentRef: '#/components/toolExamples/a' },
  { type: 'object' },
  { type: 'object', properties: { a: { oneOf: [{ type: 'string' }, { type: 'number' }] } } },
  ['2026-07-28'],
  ['2024-11-05', '2026-07-28'],
  { $ref: '#' },
  { pattern: '(a+)+$' },
  { _meta: { toString: 1, __proto__: 2 } },
];

type Container = Record<string, unknown> | unknown[];

function containers(root: unknown): Container[] {
  const out: Container[] = [];
  const stack = [root];
  while (stack.length) {
    const value = stack.pop();
    if (value && typeof value === 'object') {
      out.push(value as Container);
      for (const child of Object.values(value)) stack.push(child);
    }
  }
  return out;
}

function pick<T>(list: readonly T[], random: () => number): T {
  return list[Math.floor(random() * list.length)]!;
}

function setMember(target: Container, key: string, value: unknown): void {
  if (Array.isArray(target)) target[Math.min(Number(key) || 0, target.length)] = value;
  else Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function mutateValue(document: unknown, random: () => number): unknown {
  const copy = structuredClone(document);
  const all = containers(copy);
  if (all.length === 0) return copy;
  const steps = 1 + Math.floor(random() * 3);
  for (let i = 0; i < steps; i++) {
    const target = pick(all, random);
    const keys = Object.keys(target);
    const choice = random();
    if (keys.length && choice < 0.3) {
      setMember(target, pick(keys, random), structuredClone(pick(replacements, random)));
    } else if (keys.length && choice < 0.5) {
      setMember(target, pick(keys, random), pick(hostileStrings, random));
    } else if (keys.length && choice < 0.65) {
      const key = pick(keys, random);
      if (Array.isArray(target)) target.splice(Number(key), 1);
      else delete (target as Record<string, unknown>)[key];
    } else if (choice < 0.75 && !Array.isArray(target)) {
      setMember(target, pick(hostileKeys, random), structuredClone(pick(all, random)));
    } else if (choice < 0.85 && !Array.isArray(target)) {
      setMember(target, 'protocolVersions', structuredClone(pick(replacements.filter(Array.isArray), random)));
    } else if (Array.isArray(target) && target.length) {
      target.push(structuredClone(pick(target, random)));
    } else if (keys.length) {
      // Moves a subtree to another place: shapes valid somewhere, misplaced here.
      setMember(target, pick(keys, random), structuredClone(pick(all, random)));
    }
  }
  return copy;
}

/** A byte-level mutation of a text: decoding must fail cleanly or succeed, never throw. */
function mutateText(text: string, random: () => number): string {
  const at = Math.floor(random() * (text.length + 1));
  const choice = random();
  if (choice < 0.3) return text.slice(0, at) + text.slice(at + 1 + Math.floor(random() * 8));
  if (choice < 0.6)
    return (
      text.slice(0, at) +
      pick(['"', '{', '}', '[', ']', ',', ':', '\\', '\n', '- ', '  ', '\t', '&a ', '*a', '!!str ', '\u0000'], random) +
      text.slice(at)
    );
  if (choice < 0.8) return text.slice(0, at) + pick(hostileStrings, random) + text.slice(at);
  return text.slice(at) + text.slice(0, at);
}

interface Checked {
  valid: boolean;
  diagnostics: Diagnostic[];
}

/** The contract of one result; returns what is wrong, or undefined. */
function checkResult(result: { diagnostics: Diagnostic[]; document?: unknown }, text: string): string | undefined {
  const lines = text.split(/\r\n|\r|\n/);
  for (const d of result.diagnostics) {
    const shown = JSON.stringify(d);
    if (typeof d.rule !== 'string' || !/^[a-z0-9-]+(\.[A-Za-z0-9-]+)+$/.test(d.rule)) return `bad rule: ${shown}`;
    if (typeof d.code !== 'string' || d.code === '') return `no code: ${shown}`;
    if (!severities.includes(d.severity)) return `bad severity: ${shown}`;
    if (typeof d.message !== 'string' || d.message.trim() === '') return `no message: ${shown}`;
    if (typeof d.pointer !== 'string' || parsePointer(d.pointer) === undefined) return `bad pointer: ${shown}`;
    if (result.document !== undefined && d.pointer !== '' && !d.rule.startsWith('source.')) {
      const parent = parentPointer(d.pointer);
      const found =
        getAtPointer(result.document, d.pointer) !== undefined ||
        (parent !== undefined && getAtPointer(result.document, parent) !== undefined);
      if (!found) return `pointer resolves to nothing: ${shown}`;
    }
    if (d.range) {
      const { start, end } = d.range;
      for (const position of [start, end]) {
        const line = lines[position.line - 1];
        if (line === undefined || position.column < 1 || position.column > line.length + 1)
          return `range outside the file (${lines.length} lines): ${shown}`;
      }
      if (end.line < start.line || (end.line === start.line && end.column < start.column))
        return `range ends before it starts: ${shown}`;
    }
  }
  return undefined;
}

function errorsOf(diagnostics: Diagnostic[]): string {
  return diagnostics
    .filter((d) => d.severity === 'error')
    .map((d) => `${d.rule}/${d.code}@${d.pointer}`)
    .sort()
    .join('\n');
}

/** Runs `cases` mutants from `seed`; each case is a pure function of (seed, case number). */
export function runFuzz(options: FuzzOptions): FuzzSummary {
  const started = performance.now();
  const corpus = corpusDocuments();
  const schemas = createSchemaService();
  const findings: FuzzFinding[] = [];
  const maxFindings = options.maxFindings ?? 20;
  let diagnostics = 0;
  let yamlComparisons = 0;
  for (let n = 0; n < options.cases && findings.length < maxFindings; n++) {
    const random = seededRandom((options.seed ^ Math.imul(n + 1, 0x9e3779b1)) >>> 0);
    const source = pick(corpus, random);
    const textual = random() < 0.2;
    const mutant = mutateValue(source.document, random);
    let text = JSON.stringify(mutant, null, 2);
    if (textual) text = mutateText(text, random);
    const report = (check: string, detail: string) =>
      findings.push({ case: n, source: source.name, check, detail, text: text.slice(0, 4096) });
    try {
      const first: Checked & { document?: unknown } = validate(text, { filename: 'mutant.json', schemas });
      diagnostics += first.diagnostics.length;
      const wrong = checkResult(first, text);
      if (wrong) report('diagnostic contract', wrong);
      const again = validate(text, { filename: 'mutant.json', schemas });
      if (JSON.stringify(again.diagnostics) !== JSON.stringify(first.diagnostics))
        report('determinism', 'two validations of the same text differ');
      if (n % 4 === 0) {
        const linted = lint(text, { filename: 'mutant.json', schemas });
        const lintWrong = checkResult(linted, text);
        if (lintWrong) report('diagnostic contract (lint)', lintWrong);
      }
      if (first.document !== undefined && !textual) {
        const yaml = serializeDescription(first.document, { format: 'yaml' });
        const second = validate(yaml, { filename: 'mutant.yaml', schemas });
        yamlComparisons++;
        const yamlWrong = checkResult(second, yaml);
        if (yamlWrong) report('diagnostic contract (YAML)', yamlWrong);
        if (second.valid !== first.valid || errorsOf(second.diagnostics) !== errorsOf(first.diagnostics))
          report(
            'JSON/YAML verdict',
            `JSON ${first.valid ? 'valid' : 'invalid'}:\n${errorsOf(first.diagnostics)}\nYAML ${second.valid ? 'valid' : 'invalid'}:\n${errorsOf(second.diagnostics)}`,
          );
      }
    } catch (error) {
      report('exception', (error as Error).stack ?? String(error));
    }
    if (options.progress && (n + 1) % (options.progressEvery ?? 1000) === 0) options.progress(n + 1, findings.length);
  }
  return {
    cases: options.cases,
    seed: options.seed,
    diagnostics,
    yamlComparisons,
    findings,
    milliseconds: Math.round(performance.now() - started),
  };
}
