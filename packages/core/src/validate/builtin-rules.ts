import { namedByToolsSection, type DocumentedRule } from './rule.js';
import { STRUCTURAL_CODE_SUMMARIES, STRUCTURAL_RULE } from './structural.js';

/**
 * Catalogue entries for the diagnostics that do not come from a walk rule: decoding
 * (source layer) and the structural schema. `mcpdesc rules` lists them beside the rules.
 */
export const structuralRule: DocumentedRule = {
  id: STRUCTURAL_RULE,
  kind: 'conformance',
  spec: '16.1',
  severity: 'error',
  codes: STRUCTURAL_CODE_SUMMARIES,
  namedBy: namedByToolsSection,
  // A YAML plain scalar where text is expected is quoted (finish-diagnostics.ts).
  fixable: ['type'],
  docs: {
    summary:
      'The document matches the structural JSON Schema written from the spec: objects, required and unknown properties, types, enums, non-empty collections, name grammars, extension placement.',
    bad: { mcpdesc: '0.8.0', info: { name: 'x' }, protocolVersions: ['2025-11-25'], tools: [] },
    good: { mcpdesc: '0.8.0', info: { name: 'x', version: '1.0.0' }, protocolVersions: ['2025-11-25'] },
  },
};

/** Decoding rules: JSON (RFC 8259), restricted YAML 1.2.2 (15.3), encoding and input limits (15.8). */
export const serializationRules: DocumentedRule[] = [
  {
    id: 'source.encoding',
    kind: 'serialization',
    spec: '15.2',
    severity: 'error',
    codes: {
      'invalid-utf8': 'the bytes are not valid UTF-8',
      'byte-order-mark': 'a JSON text that starts with a byte-order mark (a YAML stream may start with one)',
    },
    docs: { summary: 'Documents are UTF-8; JSON documents carry no byte-order mark.' },
  },
  {
    id: 'source.limit',
    kind: 'serialization',
    spec: '15.8',
    severity: 'error',
    codes: {
      'max-bytes': 'input larger than the byte limit',
      'max-depth': 'nesting deeper than the depth limit',
      'max-string-length': 'a string longer than the limit',
      'max-collection-size': 'an array or object with more entries than the limit',
      'max-file-time': 'a check that took longer than the per-file time budget (--file-timeout)',
      'max-file-memory': 'a check that needed more heap than the per-file memory budget (--file-memory)',
    },
    docs: {
      summary:
        'Untrusted input stays within the document-size, nesting-depth, string-length and collection-size limits.',
    },
  },
  {
    id: 'json.syntax',
    kind: 'serialization',
    spec: '15.2',
    severity: 'error',
    codes: { syntax: 'text that is not RFC 8259 JSON' },
    docs: {
      summary: 'JSON documents follow RFC 8259: no comments, trailing commas or other extensions.',
      bad: '{"mcpdesc": "0.8.0",}',
      good: '{"mcpdesc": "0.8.0"}',
    },
  },
  {
    id: 'json.duplicate-key',
    kind: 'serialization',
    spec: '15.2',
    severity: 'error',
    codes: { 'duplicate-key': 'a key repeated in one object' },
    docs: { summary: 'An object has no duplicate keys.', bad: '{"a": 1, "a": 2}', good: '{"a": 1, "b": 2}' },
  },
  {
    id: 'json.number',
    kind: 'serialization',
    spec: '15.6',
    severity: 'error',
    codes: { 'non-finite': 'a number outside the finite double range' },
    docs: { summary: 'Numbers are finite IEEE 754 doubles.', bad: '{"size": 1e400}', good: '{"size": 1e300}' },
  },
  {
    id: 'json.string',
    kind: 'serialization',
    spec: '15.6',
    severity: 'error',
    codes: { 'lone-surrogate': 'a string with an unpaired UTF-16 surrogate escape, which UTF-8 cannot carry' },
    docs: { summary: 'Strings are valid JSON strings after decoding.' },
  },
  {
    id: 'yaml.syntax',
    kind: 'serialization',
    spec: '15.3',
    severity: 'error',
    codes: { syntax: 'text that is not YAML 1.2.2' },
    docs: { summary: 'YAML documents are well-formed YAML 1.2.2.' },
  },
  {
    id: 'yaml.document',
    kind: 'serialization',
    spec: '15.3',
    severity: 'error',
    codes: {
      'no-document': 'a stream with no document',
      'multiple-documents': 'a stream with more than one document',
      'yaml-version': 'a %YAML directive other than 1.2',
    },
    docs: { summary: 'A YAML stream holds exactly one document.', bad: 'a: 1\n---\nb: 2\n', good: 'a: 1\n' },
  },
  {
    id: 'yaml.duplicate-key',
    kind: 'serialization',
    spec: '15.3.2',
    severity: 'error',
    codes: { 'duplicate-key': 'a mapping key repeated after scalar resolution' },
    docs: {
      summary: 'A mapping has no duplicate keys after scalar resolution.',
      bad: 'a: 1\na: 2\n',
      good: 'a: 1\nb: 2\n',
    },
  },
  {
    id: 'yaml.key',
    kind: 'serialization',
    spec: '15.3.1',
    severity: 'error',
    codes: {
      'non-string-key': 'a mapping key that does not resolve to a string',
    },
    docs: {
      summary: 'Every mapping key resolves to a string; `<<` never merges (a plain `<<` is an ordinary key).',
      bad: '1: one\n',
      good: '"1": one\n',
    },
  },
  {
    id: 'yaml.tag',
    kind: 'serialization',
    spec: '15.3.4',
    severity: 'error',
    codes: {
      tag: 'a custom or language tag, or a %TAG directive',
      'tag-mismatch': 'a JSON-schema tag whose content does not match it (!!int abc)',
    },
    docs: { summary: 'No custom or language-specific tags.', bad: 'a: !custom x\n', good: 'a: x\n' },
  },
  {
    id: 'yaml.anchor',
    kind: 'serialization',
    spec: '15.3.5',
    severity: 'error',
    codes: { anchor: 'an anchor, even an unused one', alias: 'an alias (never expanded)' },
    docs: {
      summary: 'No anchors or aliases (rejected before any expansion).',
      bad: 'a: &x 1\nb: *x\n',
      good: 'a: 1\nb: 1\n',
    },
  },
  {
    id: 'yaml.scalar',
    kind: 'serialization',
    spec: '15.3.3',
    severity: 'error',
    codes: {
      'non-finite-number': '.inf, .nan or a number outside the finite double range',
      'ambiguous-scalar':
        'a plain scalar the YAML 1.2 core schema reads as another type (~, True, 0x1F, an empty value...); quote it or write JSON syntax',
      'lone-surrogate': 'a scalar with an unpaired UTF-16 surrogate',
    },
    docs: {
      summary: 'Scalars resolve by the YAML 1.2.2 JSON schema to strings, finite numbers, booleans or null.',
      bad: 'a: .inf\n',
      good: 'a: 1.5\n',
    },
  },
];

/**
 * Requirements the specification places on operations rather than on documents: they hold by
 * construction of `native` and `project` (test/operations/), and no document violates them.
 */
export const operationRules: DocumentedRule[] = [
  {
    id: 'mcpdesc.projection.native-schema',
    kind: 'operation',
    spec: '9.3',
    severity: 'error',
    codes: {},
    namedBy: namedByToolsSection,
    docs: {
      summary:
        'Projection to an MCP tools/list Tool value (mcpdesc native) omits MCP Description metadata such as examples and interactionExamples.',
    },
  },
  {
    id: 'mcpdesc.view.projection',
    kind: 'operation',
    spec: '9.3',
    severity: 'error',
    codes: {},
    namedBy: namedByToolsSection,
    docs: {
      summary:
        "Effective Protocol View projection (mcpdesc project) preserves the selected Tool declaration's examples and interactionExamples maps without merging disjoint variants.",
    },
  },
];
