import type { LiveRule } from './live-rule.js';

/**
 * capture.merge's codes: the conflicts merge (operations/merge.ts) reports between the views of
 * the captured revisions. merge has no table of its codes: this list follows its report sites.
 */
const mergeConflicts = [
  'conflicting-component',
  'conflicting-components-extension',
  'conflicting-declaration',
  'conflicting-schema-uri',
  'missing-declaration',
  'uncovered-transport',
  'no-inputs',
  'renamed-component',
] as const;

export function mergeCodes(): LiveRule['codes'] {
  const codes: LiveRule['codes'] = {};
  for (const code of mergeConflicts)
    codes[code] = { severity: 'error', message: `{rule}: the views of the captured revisions do not merge (${code})` };
  return codes;
}
