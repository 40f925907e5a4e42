import { primitiveKinds } from 'mcpdesc-core/model';
import { comparedFields } from '../verify/compared-fields.js';
import type { LiveRule } from './live-rule.js';

/** verify.drift.field's codes, `<field>-differs`, one per field drift compares, from the primitive table. */
export function fieldCodes(): LiveRule['codes'] {
  const codes: LiveRule['codes'] = {};
  for (const info of primitiveKinds)
    for (const key of comparedFields(info))
      codes[`${key.replace(/^_/, '')}-differs`] = {
        severity: 'error',
        message: `{label}: ${key} is {want} in the description but {live} on the server`,
      };
  return codes;
}
