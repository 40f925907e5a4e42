import type { ReportOptions, RuleContext } from 'mcpdesc-core/internal/validate/rule.js';

/** A RuleContext that records reports, for unit tests of shared checkers. */
export function recordingContext(): {
  ctx: RuleContext;
  reports: { code: string; pointer: string; options?: ReportOptions }[];
} {
  const reports: { code: string; pointer: string; options?: ReportOptions }[] = [];
  const ctx = {
    report(code: string, pointer: string, options?: ReportOptions) {
      reports.push({ code, pointer, ...(options ? { options } : {}) });
    },
    markIncomplete() {},
  } as unknown as RuleContext;
  return { ctx, reports };
}
