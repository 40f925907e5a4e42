import { joinPointer } from '../../model/json-pointer.js';
import { hasOwn } from '../../model/values.js';
import type { Rule, RuleDocs } from '../../validate/rule.js';
import { extensionMembers } from '../extension-members.js';

const base = { mcpdesc: '0.8.0', protocolVersions: ['2025-11-25'] };

export function docs(): RuleDocs {
  return {
    summary: 'Specification extension names use a lowercase organization prefix (x-{organization}-{feature}).',
    bad: { ...base, info: { name: 'x', version: '1.0.0', 'x-Acme-owner': 'identity' } },
    good: { ...base, info: { name: 'x', version: '1.0.0', 'x-acme-owner': 'identity' } },
  };
}

/**
 * 14.1: "The RECOMMENDED naming convention is `x-{organization}-{feature}`. Authors SHOULD use
 * lowercase organization prefixes." Only names that follow the convention (a feature part after the
 * organization) have an identifiable organization prefix; only specification extensions at the
 * eligible locations of 14.2 (model/extension-sites.ts) are looked at — an `x-` key in a domain
 * map, `_meta`, an embedded schema or a native payload is not a specification extension.
 * An author's naming convention rather than a document requirement, so it is a lint rule:
 * validation stays quiet on conforming documents whatever their extension names.
 */
export const rule: Rule = {
  id: 'lint.extension.naming',
  kind: 'lint',
  spec: '14.1',
  fixable: ['uppercase-organization'],
  severity: 'warning',
  codes: {
    'uppercase-organization':
      'specification extension {value} has organization prefix {prefix} with uppercase letters; authors SHOULD use lowercase organization prefixes (x-{organization}-{feature}) (14.1)',
  },
  create(context) {
    return {
      document(document) {
        for (const { object, pointer, key } of extensionMembers(document)) {
          const rest = key.slice(2);
          const dash = rest.indexOf('-');
          if (dash <= 0) continue; // no identifiable organization prefix
          const prefix = rest.slice(0, dash);
          if (prefix !== prefix.toLowerCase()) {
            const at = joinPointer(pointer, key);
            const renamed = `x-${prefix.toLowerCase()}${rest.slice(dash)}`;
            // Only the prefix's case changes; where that name is taken, merging the two is the author's call.
            const fix = hasOwn(object, renamed)
              ? undefined
              : { kind: 'rename-key' as const, title: `Rename ${key} to ${renamed}`, pointer: at, key: renamed };
            context.report('uppercase-organization', at, {
              key: true,
              values: { value: key, prefix },
              ...(fix ? { fix } : {}),
            });
          }
        }
      },
    };
  },
};
