import { doc, testRule } from '../../helpers/rule-tester.js';
import { rule } from 'mcpdesc-core/internal/validate/rules/mcp.tool.input-schema.x-mcp-header.js';

const withInput = (inputSchema: unknown, versions = ['2026-07-28']) =>
  doc({ tools: [{ name: 't', inputSchema }] }, versions);

const p = '/tools/0/inputSchema';

testRule(rule, {
  valid: [
    {
      name: 'string, integer and boolean properties',
      doc: withInput({
        type: 'object',
        properties: {
          a: { type: 'string', 'x-mcp-header': 'X-A' },
          b: { type: 'integer', 'x-mcp-header': 'B' },
          c: { type: 'boolean', 'x-mcp-header': "X-C!#$%&'*+-.^_`|~1" },
        },
      }),
    },
    {
      name: 'nested properties chain',
      doc: withInput({
        type: 'object',
        properties: { o: { type: 'object', properties: { a: { type: 'string', 'x-mcp-header': 'A' } } } },
      }),
    },
    {
      name: 'x-mcp-header inside a default value is data',
      doc: withInput({
        type: 'object',
        properties: { o: { type: 'object', default: { 'x-mcp-header': 'bad value' } } },
      }),
    },
    {
      name: 'outputSchema is not concerned',
      doc: doc(
        {
          tools: [
            {
              name: 't',
              inputSchema: { type: 'object' },
              outputSchema: { type: 'object', items: { 'x-mcp-header': 'A' } },
            },
          ],
        },
        ['2026-07-28'],
      ),
    },
  ],
  invalid: [
    {
      name: 'earlier revision in scope',
      doc: withInput({ type: 'object', properties: { a: { type: 'string', 'x-mcp-header': 'A' } } }, [
        '2025-11-25',
        '2026-07-28',
      ]),
      errors: [{ code: 'revision-inapplicable', pointer: `${p}/properties/a/x-mcp-header` }],
    },
    {
      name: 'invalid values',
      doc: withInput({
        type: 'object',
        properties: {
          a: { type: 'string', 'x-mcp-header': 'Invalid Header' },
          b: { type: 'string', 'x-mcp-header': '' },
          c: { type: 'string', 'x-mcp-header': 3 },
        },
      }),
      errors: [
        { code: 'invalid-value', pointer: `${p}/properties/a/x-mcp-header` },
        { code: 'invalid-value', pointer: `${p}/properties/b/x-mcp-header` },
        { code: 'invalid-value', pointer: `${p}/properties/c/x-mcp-header` },
      ],
    },
    {
      name: 'case-insensitive duplicate',
      doc: withInput({
        type: 'object',
        properties: {
          a: { type: 'string', 'x-mcp-header': 'X-Region' },
          b: { type: 'string', 'x-mcp-header': 'x-region' },
        },
      }),
      errors: [{ code: 'duplicate-x-mcp-header', pointer: `${p}/properties/b/x-mcp-header` }],
    },
    {
      name: 'property types',
      doc: withInput({
        type: 'object',
        properties: {
          n: { type: 'number', 'x-mcp-header': 'N' },
          u: { 'x-mcp-header': 'U' },
          s: { type: ['string', 'null'], 'x-mcp-header': 'S' },
        },
      }),
      errors: [
        { code: 'invalid-property-type', pointer: `${p}/properties/n/type` },
        { code: 'invalid-property-type', pointer: `${p}/properties/u/x-mcp-header` },
        { code: 'invalid-property-type', pointer: `${p}/properties/s/type` },
      ],
    },
    {
      name: "the guide's export_workspace: a number under items violates placement and type",
      doc: withInput({
        type: 'object',
        properties: { regions: { type: 'array', items: { type: 'number', 'x-mcp-header': 'Region' } } },
      }),
      errors: [
        { code: 'invalid-placement', pointer: `${p}/properties/regions/items/x-mcp-header` },
        { code: 'invalid-property-type', pointer: `${p}/properties/regions/items/type` },
      ],
    },
    {
      name: 'placements off the properties chain',
      doc: withInput({
        type: 'object',
        'x-mcp-header': 'Root',
        allOf: [{ properties: { a: { type: 'string', 'x-mcp-header': 'A' } } }],
        $defs: { d: { type: 'string', 'x-mcp-header': 'D' } },
        properties: {
          list: { type: 'array', items: { type: 'string', 'x-mcp-header': 'I' } },
          ref: { $ref: '#/$defs/d' },
        },
        if: { properties: { c: { type: 'string', 'x-mcp-header': 'C' } } },
        patternProperties: { '^p': { type: 'string', 'x-mcp-header': 'P' } },
        additionalProperties: { type: 'string', 'x-mcp-header': 'Q' },
      }),
      errors: [
        { code: 'invalid-placement', pointer: `${p}/x-mcp-header` },
        { code: 'invalid-placement', pointer: `${p}/allOf/0/properties/a/x-mcp-header` },
        { code: 'invalid-placement', pointer: `${p}/$defs/d/x-mcp-header` },
        { code: 'invalid-placement', pointer: `${p}/properties/list/items/x-mcp-header` },
        { code: 'invalid-placement', pointer: `${p}/if/properties/c/x-mcp-header` },
        { code: 'invalid-placement', pointer: `${p}/patternProperties/^p/x-mcp-header` },
        { code: 'invalid-placement', pointer: `${p}/additionalProperties/x-mcp-header` },
      ],
    },
  ],
});
