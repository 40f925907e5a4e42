import { doc, testRule } from '../../helpers/rule-tester.js';
import { rule } from 'mcpdesc-core/internal/validate/rules/mcpdesc.value-formats.js';

const resource = (lastModified: unknown) => ({
  resources: [{ uri: 'file:///a', name: 'a', annotations: { lastModified } }],
});

const contact = (email: string) => ({
  mcpdesc: '0.8.0',
  info: { name: 'x', version: '1', contact: { email } },
  protocolVersions: ['2025-11-25'],
});

testRule(rule, {
  valid: [
    { name: 'date-time with Z', doc: doc(resource('2026-08-24T10:00:00Z')) },
    { name: 'date-time with offset and fraction', doc: doc(resource('2026-08-24T10:00:00.250+02:00')) },
    { name: 'a date', doc: doc(resource('2026-08-24')) },
    {
      name: 'template annotations',
      doc: doc({
        resourceTemplates: [{ uriTemplate: 'a://{x}', name: 't', annotations: { lastModified: '2026-01-01' } }],
      }),
    },
    { name: 'reduced precision: hours only, with Z (ISO 8601)', doc: doc(resource('2026-08-24T10Z')) },
    { name: 'a week date', doc: doc(resource('2026-W35-1')) },
    { name: 'an ordinal date', doc: doc(resource('2026-236')) },
    { name: 'February 29 of a leap year', doc: doc(resource('2024-02-29T00:00:00Z')) },
    { name: 'a plain email', doc: contact('team@example.com') },
  ],
  invalid: [
    {
      name: 'words are no date',
      doc: doc(resource('yesterday')),
      errors: [{ code: 'invalid-date', pointer: '/resources/0/annotations/lastModified' }],
    },
    {
      name: 'US date order',
      doc: doc(resource('08/24/2026')),
      errors: [{ code: 'invalid-date', pointer: '/resources/0/annotations/lastModified' }],
    },
    {
      name: 'an impossible calendar date',
      doc: doc(resource('2025-02-30T10:00:00Z')),
      errors: [{ code: 'invalid-date', pointer: '/resources/0/annotations/lastModified' }],
    },
    {
      name: 'February 29 of a common century year',
      doc: doc(resource('1900-02-29')),
      errors: [{ code: 'invalid-date', pointer: '/resources/0/annotations/lastModified' }],
    },
    {
      name: 'hour 25',
      doc: doc(resource('2026-08-24T25:00:00Z')),
      errors: [{ code: 'invalid-date', pointer: '/resources/0/annotations/lastModified' }],
    },
    {
      name: 'a space between date and time (RFC 3339 readability form, not ISO 8601)',
      doc: doc(resource('2026-08-24 10:00:00Z')),
      errors: [{ code: 'invalid-date', pointer: '/resources/0/annotations/lastModified' }],
    },
    {
      name: 'email without a domain',
      doc: contact('team'),
      errors: [{ code: 'invalid-email', pointer: '/info/contact/email', severity: 'warning' }],
    },
  ],
});
