import { joinPointer } from '../../model/json-pointer.js';
import { isObject } from '../../model/values.js';
import { checkFormat } from '../../schema/index.js';
import { checkIsoDate } from '../../model/date.js';
import type { Rule, RuleDocs } from '../rule.js';

export function docs(): RuleDocs {
  return {
    summary: 'Date values conform to ISO 8601 (error); email values conform to RFC 5322 (warning).',
    bad: {
      mcpdesc: '0.8.0',
      info: { name: 'x', version: '1' },
      protocolVersions: ['2025-11-25'],
      resources: [{ uri: 'file:///a', name: 'a', annotations: { lastModified: 'yesterday' } }],
    },
    good: {
      mcpdesc: '0.8.0',
      info: { name: 'x', version: '1' },
      protocolVersions: ['2025-11-25'],
      resources: [{ uri: 'file:///a', name: 'a', annotations: { lastModified: '2026-08-24T10:00:00Z' } }],
    },
  };
}

/**
 * Common value requirements of 15.6 not covered by the structural schema: dates MUST conform to
 * ISO 8601 (Resource Annotations `lastModified` on declarations; content blocks are checked with
 * the example payloads), emails SHOULD conform to RFC 5322 (`info.contact.email`).
 */
export const rule: Rule = {
  id: 'mcpdesc.value-formats',
  kind: 'conformance',
  spec: '15.6',
  severity: 'error',
  codes: {
    'invalid-date': 'lastModified {value} is not an ISO 8601 date or date-time; expected e.g. "2026-08-24T10:00:00Z"',
    'invalid-email': {
      severity: 'warning',
      message:
        'contact email {value} does not look like an RFC 5322 address (name@example.com); email values SHOULD conform to RFC 5322',
    },
  },
  create(ctx) {
    return {
      document(doc) {
        const info = doc.info;
        const contact = isObject(info) ? info.contact : undefined;
        const email = isObject(contact) ? contact.email : undefined;
        if (typeof email === 'string' && checkFormat('email', email) === false) {
          ctx.report('invalid-email', '/info/contact/email', { values: { value: email } });
        }
      },
      primitive(node) {
        if (node.kind !== 'resource' && node.kind !== 'resourceTemplate') return;
        const annotations = node.value.annotations;
        if (!isObject(annotations)) return;
        const value = annotations.lastModified;
        // Non-strings are structural errors; revision applicability is mcp.declaration.field.protocol-version's.
        if (typeof value !== 'string') return;
        const date = checkIsoDate(value);
        if (!date.ok) {
          ctx.report('invalid-date', joinPointer(node.pointer, 'annotations', 'lastModified'), {
            values: { value },
            note: date.message,
          });
        }
      },
    };
  },
};
