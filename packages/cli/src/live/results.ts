/**
 * `verify --results`: behavioural drift. The recorded examples (those carrying
 * `x-mcpdesc-recorded`, or an `x-mcpdesc-volatile` list that opts an authored example in) are
 * re-issued by verify's contract checks, under the same safety rule, and each live result is
 * compared with the recorded one (result-compare.ts): structure always, values except at the
 * `--ignore-path` patterns and the example's own `x-mcpdesc-volatile` patterns.
 */
import type { JsonObject } from 'mcpdesc-core/model';
import type { Redactor } from './redaction.js';
import type { FindingInit } from './findings.js';
import { show } from './findings.js';
import { recordedExtension, volatileExtension } from './record.js';
import { compareResults, parsePathPattern, type DifferenceKind, type PathPattern } from './result-compare.js';
import { verifyResultsStructureRule } from './rules/verify.results.structure.js';
import { verifyResultsValueRule } from './rules/verify.results.value.js';
import { verifyResultsVolatileRule } from './rules/verify.results.volatile.js';

export { volatileExtension };
/** Differences reported per example; the rest are counted in one line. */
export const differencesPerExample = 10;
/** How much of a recorded or live value a finding shows. */
const shownChars = 80;

export interface ResultsOptions {
  /** --ignore-path patterns, as given (checked by parseIgnorePaths). */
  ignorePaths?: readonly string[];
}

/** The --ignore-path patterns, or the first one that is not a JSON Pointer. */
export function parseIgnorePaths(texts: readonly string[]): { patterns: PathPattern[] } | { invalid: string } {
  const patterns: PathPattern[] = [];
  for (const text of texts) {
    const pattern = parsePathPattern(text);
    if (!pattern) return { invalid: text };
    patterns.push(pattern);
  }
  return { patterns };
}

/** Whether verify --results compares this example: it was recorded, or it declares volatile paths. */
export function isCompared(example: JsonObject): boolean {
  return recordedExtension in example || volatileExtension in example;
}

const whatDiffers: Record<DifferenceKind, string> = {
  'type-differs': 'a different JSON type',
  'member-missing': 'a member the live result lacks',
  'member-added': 'a member the recording lacks',
  'length-differs': 'a different array length',
  'block-type-differs': 'a different block type',
  'value-differs': 'a different value',
};

/**
 * The findings of one comparison. `label` names the example ("tool \"echo\" example \"hello\""),
 * `pointer` is the example's pointer in the description.
 */
export function resultFindings(
  label: string,
  pointer: string,
  example: JsonObject,
  live: unknown,
  ignorePaths: readonly PathPattern[],
  redactor: Redactor,
): FindingInit[] {
  const out: FindingInit[] = [];
  const patterns = [...ignorePaths];
  const declared = example[volatileExtension];
  if (declared !== undefined) {
    const list = Array.isArray(declared) ? declared : [declared];
    list.forEach((entry, i) => {
      const pattern = typeof entry === 'string' ? parsePathPattern(entry) : undefined;
      if (pattern) return void patterns.push(pattern);
      out.push({
        rule: verifyResultsVolatileRule,
        code: 'invalid-pointer',
        severity: 'warning',
        message: `${label}: ${volatileExtension} must be an array of JSON Pointers into the result; ${show(entry)} is not one and was not applied`,
        pointer: `${pointer}/${volatileExtension}${Array.isArray(declared) ? `/${i}` : ''}`,
        live: entry,
      });
    });
  }
  const { differences, more } = compareResults(example.result, live, patterns, differencesPerExample);
  for (const d of differences) {
    const structural = d.kind !== 'value-differs';
    const recorded = redactor.value(d.recorded);
    const got = redactor.value(d.live);
    const values = [
      d.kind === 'member-added' ? 'absent in the recording' : `recorded ${show(recorded, shownChars)}`,
      d.kind === 'member-missing' ? 'absent live' : `live ${show(got, shownChars)}`,
    ].join(', ');
    out.push({
      rule: structural ? verifyResultsStructureRule : verifyResultsValueRule,
      code: d.kind,
      message: `${label}: the live result has ${whatDiffers[d.kind]} at ${show(d.path === '' ? '/' : d.path)}: ${values}${structural ? '' : ` (--ignore-path ${d.path} or ${volatileExtension} accepts it)`}`,
      pointer: `${pointer}/result${d.path}`,
      ...(d.live !== undefined ? { live: got } : {}),
      ...(d.recorded !== undefined ? { expected: recorded } : {}),
    });
  }
  if (more > 0)
    out.push({
      rule: verifyResultsValueRule,
      code: 'more-differences',
      severity: 'info',
      message: `${label}: ${more} more difference${more === 1 ? '' : 's'} not listed (the first ${differencesPerExample} are)`,
      pointer: `${pointer}/result`,
    });
  return out;
}
