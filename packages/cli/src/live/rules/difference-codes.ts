import { differenceKinds } from '../result-compare.js';
import type { LiveRule } from './live-rule.js';

/**
 * verify --results' codes, one per kind of difference result-compare finds: `value-differs` is
 * verify.results.value's (with more-differences), the structural kinds verify.results.structure's.
 */
export function differenceCodes(structural: boolean): LiveRule['codes'] {
  const codes: LiveRule['codes'] = {};
  for (const kind of differenceKinds)
    if ((kind !== 'value-differs') === structural)
      codes[kind] = { severity: 'error', message: `{label}: the live result has ${kind} at {path}` };
  if (!structural)
    codes['more-differences'] = { severity: 'info', message: '{label}: {count} more differences not shown' };
  return codes;
}
