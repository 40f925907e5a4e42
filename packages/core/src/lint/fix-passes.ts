import type { Diagnostic } from '../model/diagnostic.js';
import type { Fix } from '../model/fix.js';
import { applyFixes } from '../source/fix-edits.js';
import { formatFromName, sniffFormat } from '../source/parse.js';
import { lint, type LintOptions, type TextLintResult } from './lint.js';

/** ESLint's bound: a fix that makes another fixable finding gets a few more passes, never an endless loop. */
export const maxFixPasses = 10;

export interface FixedText {
  /** The text with every fix that could be written; the input itself when none could. */
  text: string;
  /** The lint of `text`: what remains. */
  result: TextLintResult;
  /** The findings whose fix was written, in the order written. */
  fixed: Diagnostic[];
  /** The findings whose fix was refused, with the reason (they remain in `result`). */
  refused: { diagnostic: Diagnostic; reason: string }[];
  /** Edit passes made (each one lints again). */
  passes: number;
}

/**
 * Lints, writes the fixes of the findings into the text (source/fix-edits.ts), and lints again,
 * until no finding with a fix remains that was not refused, no fix could be written, or
 * `maxPasses` passes are made. Pure: the caller writes the text where it belongs.
 */
export function fixText(text: string, options: LintOptions = {}, maxPasses = maxFixPasses): FixedText {
  const format = options.format ?? formatFromName(options.filename) ?? sniffFormat(text);
  const fixed: Diagnostic[] = [];
  const refused: { diagnostic: Diagnostic; reason: string }[] = [];
  const refusedFixes = new Set<string>();
  let current = text;
  let result = lint(current, { ...options, format });
  let passes = 0;
  while (passes < maxPasses) {
    const fixable = result.diagnostics.filter(
      (d): d is Diagnostic & { fix: Fix } => d.fix !== undefined && !refusedFixes.has(JSON.stringify(d.fix)),
    );
    if (fixable.length === 0) break;
    const outcome = applyFixes(
      current,
      fixable.map((d) => d.fix),
      { format, ...(options.limits ? { limits: options.limits } : {}) },
    );
    for (const { fix, reason } of outcome.refused) {
      const key = JSON.stringify(fix);
      refusedFixes.add(key);
      for (const d of fixable) if (JSON.stringify(d.fix) === key) refused.push({ diagnostic: d, reason });
    }
    if (outcome.applied.length === 0) break;
    const written = new Set(outcome.applied.map((fix) => JSON.stringify(fix)));
    fixed.push(...fixable.filter((d) => written.has(JSON.stringify(d.fix))));
    current = outcome.text;
    passes += 1;
    result = lint(current, { ...options, format });
  }
  return { text: current, result, fixed, refused, passes };
}
