/**
 * Is an embedded schema a valid schema under its dialect's meta-schema?
 *
 * Uses ajv's meta-schema validators (2020-12 and draft-07), generated ahead
 * of time with ajv's standalone code (scripts/generate-validators.mjs): no
 * code is compiled at run time. A conservative hand-written checker
 * (meta-fast.ts) first accepts schemas that are certainly valid, so the
 * meta-validator runs only for invalid or unusual ones (same verdicts, same
 * messages). Adds what meta-schemas cannot express: `pattern` /
 * `patternProperties` keys must be valid ECMA-262 regexes. Never throws.
 */
import { escapePointerToken, unescapePointerToken } from '../model/json-pointer.js';
import type { ErrorObject } from 'ajv';

import meta2020 from '../generated/meta-2020-12.js';
import metaDraft07 from '../generated/meta-draft-07.js';
import type { Dialect } from './dialect.js';
import { fastMetaValid } from './meta-fast.js';
import { isValidEcmaRegex } from './regex.js';
import { subschemaShape } from './keywords.js';

const hasOwn = Object.prototype.hasOwnProperty;

export interface SchemaProblem {
  /** RFC 6901 pointer relative to the schema root */
  pointer: string;
  /** the schema keyword at fault (or the meta-schema keyword when at the root) */
  keyword: string;
  message: string;
}

/** A generated meta-schema validator, with ajv's error objects. */
interface MetaValidate {
  (data: unknown): boolean;
  errors?: unknown[] | null;
}

/**
 * The all-errors meta-schema validator of a dialect. One per dialect: on a valid schema it does
 * the work a first-error validator would (it stops early only on invalid ones, which then need
 * every problem anyway), and a second validator would cost ~10 KB gzipped in a browser bundle.
 */
function metaValidator(dialect: Dialect): MetaValidate {
  return (dialect === 'draft-07' ? metaDraft07 : meta2020) as MetaValidate;
}

// Keyword classes for locating the schema keyword a pointer falls under.

/** The schema keyword (last keyword-position segment) a schema-relative pointer lies under. */
function keywordAt(schema: unknown, pointer: string): string | undefined {
  if (pointer === '') return undefined;
  const segs = pointer.slice(1).split('/').map(unescapePointerToken);
  let node: unknown = schema;
  let kw: string | undefined;
  // state: 'schema' = next seg is a keyword; 'map' = next is a name then schema; 'array' = index then schema; 'value' = stop
  let state: 'schema' | 'map' | 'array' | 'value' = 'schema';
  for (const seg of segs) {
    if (state === 'value') break;
    const cur = node;
    node = Array.isArray(cur)
      ? cur[Number(seg)]
      : typeof cur === 'object' && cur !== null
        ? (cur as Record<string, unknown>)[seg]
        : undefined;
    if (state === 'schema') {
      kw = seg;
      const shape = subschemaShape(seg);
      if ((shape === 'array' || shape === 'single-or-array') && Array.isArray(node)) state = 'array';
      else if (shape === 'single' || shape === 'single-or-array') state = 'schema';
      else if (shape === 'map') state = 'map';
      else state = 'value';
    } else {
      // map name or array index: the next segment is a keyword of the subschema
      state = 'schema';
      if (kw === 'dependencies' && Array.isArray(node)) state = 'value';
    }
  }
  return kw;
}

function describe(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  if (e.keyword === 'enum' && Array.isArray(p['allowedValues'])) {
    return `must be one of ${(p['allowedValues'] as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
  }
  return e.message ?? `fails meta-schema keyword "${e.keyword}"`;
}

function mapAjvErrors(schema: unknown, errors: ErrorObject[]): SchemaProblem[] {
  // Group by pointer; anyOf/oneOf wrappers summarise their branch errors at the same pointer.
  const byPtr = new Map<string, ErrorObject[]>();
  for (const e of errors) {
    const list = byPtr.get(e.instancePath);
    if (list === undefined) byPtr.set(e.instancePath, [e]);
    else list.push(e);
  }
  const out: SchemaProblem[] = [];
  // Drop pointers that are only ancestors of more precise problems through anyOf/oneOf/$dynamicRef wrappers.
  const pointers = [...byPtr.keys()];
  for (const [pointer, errs] of byPtr) {
    const concrete = errs.filter(
      (e) =>
        e.keyword !== 'anyOf' &&
        e.keyword !== 'oneOf' &&
        e.keyword !== 'if' &&
        e.keyword !== 'not' &&
        e.keyword !== 'false schema',
    );
    const wrapperOnly = concrete.length === 0;
    if (wrapperOnly && pointers.some((q) => q !== pointer && q.startsWith(pointer + '/'))) continue;
    const kw = keywordAt(schema, pointer) ?? errs[0]!.keyword;
    const msgs = [...new Set((wrapperOnly ? errs : concrete).map(describe))];
    const where = pointer === '' ? 'schema' : `"${kw}"`;
    out.push({ pointer, keyword: kw, message: `${where} ${msgs.join(', or ')}` });
  }
  return out;
}

/**
 * The pointer of the schema visited as entry `entry` of `regexProblems`: its tokens are read back
 * through the parent links, so a pointer string is built only for a problem.
 */
function entryPointer(entry: number, parents: number[], keywords: string[], members: (string | number)[]): string {
  let pointer = '';
  for (let at = entry; at > 0; at = parents[at]!) {
    const member = members[at]!;
    const tail = member === -1 ? '' : `/${typeof member === 'number' ? member : escapePointerToken(member)}`;
    pointer = `/${escapePointerToken(keywords[at]!)}${tail}${pointer}`;
  }
  return pointer;
}

/**
 * Iteratively find `pattern` / `patternProperties` regexes that are not valid ECMA-262 (u flag).
 * Depth first, children pushed in key order (so visited last to first). Each stack slot holds
 * a node, the entry of the schema it came from, and the keyword and member name (or index, or
 * -1 for a single subschema) that lead to it: no object or string is made per visited node.
 * Exported for the equivalence test.
 */
export function regexProblems(schema: unknown, dialect: Dialect): SchemaProblem[] {
  const out: SchemaProblem[] = [];
  const stackNodes: unknown[] = [schema];
  const stackFrom: number[] = [0];
  const stackKeywords: string[] = [''];
  const stackMembers: (string | number)[] = [-1];
  // Entry 0 is the root; entry k > 0 is the k-th visited schema, with its parent entry and tokens.
  const parents: number[] = [0];
  const keywords: string[] = [''];
  const members: (string | number)[] = [-1];
  const seen = new Set<object>();
  let budget = 1_000_000;
  while (stackNodes.length > 0 && budget-- > 0) {
    const node = stackNodes.pop();
    const from = stackFrom.pop()!;
    const keyword = stackKeywords.pop()!;
    const member = stackMembers.pop()!;
    if (typeof node !== 'object' || node === null || Array.isArray(node) || seen.has(node)) continue;
    seen.add(node);
    let entry = 0;
    if (node !== schema) {
      entry = parents.length;
      parents.push(from);
      keywords.push(keyword);
      members.push(member);
    }
    const s = node as Record<string, unknown>;
    const pat = s['pattern'];
    if (typeof pat === 'string' && !isValidEcmaRegex(pat)) {
      out.push({
        pointer: `${entryPointer(entry, parents, keywords, members)}/pattern`,
        keyword: 'pattern',
        message: `"pattern" ${JSON.stringify(pat)} is not a valid ECMA-262 regular expression`,
      });
    }
    const pp = s['patternProperties'];
    if (typeof pp === 'object' && pp !== null && !Array.isArray(pp)) {
      for (const k in pp) {
        if (!hasOwn.call(pp, k) || isValidEcmaRegex(k)) continue;
        out.push({
          pointer: `${entryPointer(entry, parents, keywords, members)}/patternProperties`,
          keyword: 'patternProperties',
          message: `"patternProperties" key ${JSON.stringify(k)} is not a valid ECMA-262 regular expression`,
        });
      }
    }
    for (const k in s) {
      if (!hasOwn.call(s, k)) continue;
      const v = s[k];
      if (typeof v !== 'object' || v === null) continue;
      const shape = subschemaShape(k);
      if ((shape === 'array' || shape === 'single-or-array') && Array.isArray(v)) {
        for (let i = 0; i < v.length; i++) {
          stackNodes.push(v[i]);
          stackFrom.push(entry);
          stackKeywords.push(k);
          stackMembers.push(i);
        }
      } else if (shape === 'single' || shape === 'single-or-array') {
        stackNodes.push(v);
        stackFrom.push(entry);
        stackKeywords.push(k);
        stackMembers.push(-1);
      } else if (shape === 'map' && !Array.isArray(v)) {
        const map = v as Record<string, unknown>;
        for (const name in map) {
          if (!hasOwn.call(map, name)) continue;
          stackNodes.push(map[name]);
          stackFrom.push(entry);
          stackKeywords.push(k);
          stackMembers.push(name);
        }
      }
    }
  }
  void dialect;
  return out;
}

/**
 * Check that `schema` is a valid schema under `dialect`'s meta-schema.
 * Returns an empty array when valid. Never throws.
 */
export function checkSchemaValidity(schema: unknown, dialect: Dialect): SchemaProblem[] {
  // The common case in one walk: certainly meta-valid, and every pattern is a valid regex.
  if (fastMetaValid(schema, dialect, true)) return [];
  const problems: SchemaProblem[] = [];
  try {
    // The conservative fast checker accepts the common, certainly-valid case; ajv decides the rest.
    const all = metaValidator(dialect);
    if (!fastMetaValid(schema, dialect) && !all(schema)) {
      for (const problem of mapAjvErrors(schema, (all.errors ?? []) as ErrorObject[])) problems.push(problem);
    }
  } catch (e) {
    problems.push({
      pointer: '',
      keyword: '$schema',
      message:
        e instanceof RangeError
          ? 'schema is too deeply nested to be checked'
          : `schema could not be checked against the ${dialect} meta-schema: ${e instanceof Error ? e.message : String(e)}`,
    });
  }
  try {
    for (const problem of regexProblems(schema, dialect)) problems.push(problem);
  } catch (e) {
    problems.push({
      pointer: '',
      keyword: 'pattern',
      message: `patterns could not be checked: ${e instanceof Error ? e.message : String(e)}`,
    });
  }
  return problems;
}
