import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { parse } from 'yaml';

import type { Diagnostic } from 'mcpdesc-core/internal/model/diagnostic.js';
import { checkStructure, STRUCTURAL_RULE } from 'mcpdesc-core/internal/validate/structural.js';
import { structuralSchema } from 'mcpdesc-core/internal/validate/structural-schema.js';

const corpus = join(process.cwd(), '..', 'shared', 'conformance', 'mcpdesc-0.8.0');

function load(file: string): unknown {
  const text = readFileSync(file, 'utf8');
  return file.endsWith('.json') ? JSON.parse(text) : parse(text, { schema: 'core' });
}

function corpusFiles(dir: string): string[] {
  return readdirSync(join(corpus, dir))
    .filter((f) => /\.(json|ya?ml)$/.test(f))
    .sort()
    .map((f) => join(corpus, dir, f));
}

function base(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    mcpdesc: '0.8.0',
    info: { name: 'server', version: '1.0.0' },
    protocolVersions: ['2025-11-25'],
    ...extra,
  };
}

const tool = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  name: 'search',
  inputSchema: { type: 'object' },
  ...extra,
});

function summary(ds: Diagnostic[]): string[] {
  return ds.map((d) => `${d.code} ${d.pointer}`);
}

/**
 * The rule the 0.9.0-rc.3 Tools section links a structural requirement at `pointer` to (Tool,
 * Execution, Tool Example, Tool Annotations and interaction members), else the structural rule.
 */
function expectedRule(pointer: string): string {
  const tool = /^\/tools\/\d+/;
  const rest = tool.test(pointer) ? pointer.replace(tool, '') : undefined;
  if (rest === undefined)
    return /^\/components\/toolExamples\/[^/]+(\/|$)/.test(pointer) ? 'mcpdesc.example.members' : STRUCTURAL_RULE;
  if (/^\/annotations(\/|$)/.test(rest)) return 'mcp.tool-annotations.members';
  if (/^\/interactionExamples(\/|$)/.test(rest)) return 'mcpdesc.tool.interaction.members';
  if (/^\/examples(\/|$)/.test(rest)) return 'mcpdesc.example.members';
  if (/^(\/[^/]+)?$/.test(rest) || /^\/(execution|tags)(\/|$)/.test(rest)) return 'mcpdesc.tool.members';
  return STRUCTURAL_RULE;
}

/** Exactly one structural diagnostic, with this code at this pointer. */
function expectOne(doc: unknown, code: string, pointer: string, version: '0.8.0' | '0.9.0-rc.3' = '0.8.0'): Diagnostic {
  const ds = checkStructure(doc, version);
  assert.deepEqual(summary(ds), [`${code} ${pointer}`]);
  const [d] = ds;
  assert.ok(d);
  assert.equal(d.rule, expectedRule(pointer));
  assert.equal(d.severity, 'error');
  assert.ok(d.message.length > 0);
  return d;
}

function expectQuiet(doc: unknown, version: '0.8.0' | '0.9.0-rc.3' = '0.8.0'): void {
  assert.deepEqual(summary(checkStructure(doc, version)), []);
}

describe('conformance corpus', () => {
  for (const dir of ['fixtures/expected-valid', 'fixtures/expected-warning', 'examples']) {
    for (const file of corpusFiles(dir)) {
      test(`${dir}/${file.slice(file.lastIndexOf('/') + 1)} has no structural diagnostic`, () => {
        const doc = load(file);
        assert.deepEqual(checkStructure(doc, '0.8.0'), []);
      });
    }
  }

  test('known structurally invalid fixtures are rejected at the expected places', () => {
    const d = (name: string) => summary(checkStructure(load(join(corpus, 'fixtures/expected-invalid', name)), '0.8.0'));
    assert.deepEqual(d('object-level-unknown-property.json'), ['unknown-property /tools/0/acmeRisk']);
    assert.deepEqual(d('missing-tool-input-schema.json'), ['missing-property /tools/0']);
    assert.deepEqual(d('components-empty-and-reference-shapes.json'), [
      'empty-collection /components/schemas',
      'reference-siblings /tools/0/inputSchema/x-forbidden-sibling',
    ]);
    assert.deepEqual(d('empty-ordinary-root-collections.json').length, 8);
  });
});

describe('schema document', () => {
  test('is a 2020-12 schema with $defs, per version', () => {
    const s = structuralSchema('0.8.0') as Record<string, unknown>;
    assert.equal(s.$schema, 'https://json-schema.org/draft/2020-12/schema');
    assert.ok(typeof s.$defs === 'object');
    assert.notDeepEqual(structuralSchema('0.8.0'), structuralSchema('0.9.0-rc.3'));
  });

  test('results are deterministic and sorted', () => {
    const doc = base({ tools: [tool({ zz: 1, aa: 2 })], transports: [] });
    const a = checkStructure(doc, '0.8.0');
    assert.deepEqual(a, checkStructure(structuredClone(doc), '0.8.0'));
    assert.deepEqual(summary(a), [
      'unknown-property /tools/0/aa',
      'unknown-property /tools/0/zz',
      'empty-collection /transports',
    ]);
  });

  test('a non-object document', () => {
    const d = expectOne([], 'type', '');
    assert.match(d.message, /expected the MCP Description Object \(an object\), found an array/);
  });
});

describe('codes', () => {
  test('unknown-property: pointer to the exact key, message lists the allowed members', () => {
    const d = expectOne(base({ tools: [tool({ acmeRisk: 'high' })] }), 'unknown-property', '/tools/0/acmeRisk');
    assert.match(
      d.message,
      /unknown property "acmeRisk" on the Tool Object; allowed: .*inputSchema.* and x-\* extensions/,
    );
    assert.equal(d.spec, '9.1');
    expectQuiet(base({ tools: [tool({ 'x-acme-risk': 'high' })] }));
  });

  test('unknown-property on a transport variant and on the root', () => {
    expectOne(
      base({ transports: [{ type: 'stdio', command: 'srv', url: 'https://x.example' }] }),
      'unknown-property',
      '/transports/0/url',
    );
    expectQuiet(base({ transports: [{ type: 'stdio', command: 'srv', args: ['a'], env: { A: 'b' }, security: [] }] }));
    expectOne(base({ extra: true }), 'unknown-property', '/extra');
    expectQuiet(base({ 'x-extra': true }));
  });

  test('missing-property: pointer to the object', () => {
    const d = expectOne(base({ tools: [{ name: 'search' }] }), 'missing-property', '/tools/0');
    assert.match(d.message, /"inputSchema"/);
    expectQuiet(base({ tools: [tool()] }));
  });

  test('missing-property: per-type requirements of discriminated objects', () => {
    const d = expectOne(
      base({ securitySchemes: { key: { type: 'apiKey', name: 'X-Key' } } }),
      'missing-property',
      '/securitySchemes/key',
    );
    assert.match(d.message, /"in" \(required when type is "apiKey"\)/);
    expectQuiet(base({ securitySchemes: { key: { type: 'apiKey', name: 'X-Key', in: 'header' } } }));
    expectOne(base({ transports: [{ type: 'streamable-http' }] }), 'missing-property', '/transports/0');
  });

  test('missing-property: an OAuth Flows Object needs one flow; x-* members do not count', () => {
    const flows = (f: Record<string, unknown>) => base({ securitySchemes: { oauth: { type: 'oauth2', flows: f } } });
    const d = expectOne(flows({ 'x-policy': true }), 'missing-property', '/securitySchemes/oauth/flows');
    assert.match(d.message, /at least one flow/);
    expectQuiet(
      flows({ clientCredentials: { tokenUrl: 'https://auth.example.com/token', scopes: {} }, 'x-policy': true }),
    );
    expectOne(flows({ implicit: { scopes: {} } }), 'missing-property', '/securitySchemes/oauth/flows/implicit');
  });

  test('type: expected and found values', () => {
    const d = expectOne(base({ info: { name: 'server', version: 'abc', title: 42 } }), 'type', '/info/title');
    assert.equal(
      d.message,
      'expected a string, found a number (42); if it is meant as text, quote it (YAML reads an unquoted 1.0 or true as a number or boolean)',
    );
    const e = expectOne(base({ tools: [tool({ inputSchema: 'abc' })] }), 'type', '/tools/0/inputSchema');
    assert.equal(e.message, 'expected an object, found a string ("abc")');
    expectQuiet(base({ info: { name: 'server', version: 'abc', title: 'Server' } }));
  });

  test('type: long values are truncated', () => {
    const d = expectOne(base({ instructions: ['x'.repeat(200)] }), 'type', '/instructions');
    assert.ok(d.message.length < 120, d.message);
    assert.match(d.message, /…\)$/);
  });

  test('enum: lists the allowed values and the value found', () => {
    const d = expectOne(
      base({ transports: [{ type: 'websocket', url: 'wss://x.example' }] }),
      'enum',
      '/transports/0/type',
    );
    assert.match(d.message, /"streamable-http", "stdio", "sse"; found a string \("websocket"\)/);
    expectOne(
      base({ info: { name: 'n', version: 'v', icons: [{ src: 'https://x.example/i.png', theme: 'blue' }] } }),
      'enum',
      '/info/icons/0/theme',
    );
    expectQuiet(
      base({ info: { name: 'n', version: 'v', icons: [{ src: 'https://x.example/i.png', theme: 'dark' }] } }),
    );
  });

  test('empty-collection: ordinary collections must be omitted instead', () => {
    const d = expectOne(base({ tools: [] }), 'empty-collection', '/tools');
    assert.equal(d.message, 'tools must not be empty: omit the property instead (spec 3.3)');
    expectOne(base({ tools: [tool({ examples: {} })] }), 'empty-collection', '/tools/0/examples');
    expectOne(base({ components: {} }), 'empty-collection', '/components');
    expectOne(base({ protocolVersions: [] }), 'empty-collection', '/protocolVersions');
    expectOne(
      base({ prompts: [{ name: 'p', clientRequirements: {} }] }),
      'empty-collection',
      '/prompts/0/clientRequirements',
    );
  });

  test('empty-collection: distinct empty semantics stay valid', () => {
    expectQuiet(base({ security: [] }));
    expectQuiet(base({ security: [{}] }));
    expectQuiet(base({ securitySchemes: { b: { type: 'http', scheme: 'bearer' } }, security: [{ b: [] }] }));
    expectQuiet(base({ prompts: [{ name: 'p', examples: { none: { arguments: {}, result: {} } } }] }));
    // Outer x-* members keep the Components Object non-empty (spec 17.5).
    expectQuiet(base({ components: { 'x-registry': 'acme' } }));
  });

  test('empty-string', () => {
    expectOne(base({ info: { name: '', version: '1' } }), 'empty-string', '/info/name');
    expectQuiet(base({ info: { name: 'n', version: '1' } }));
  });

  test('pattern: the pointer designates the offending name', () => {
    const d = expectOne(
      base({ securitySchemes: { 'bad name': { type: 'http', scheme: 'bearer' } } }),
      'pattern',
      '/securitySchemes/bad name',
    );
    assert.match(d.message, /"bad name".*\^\[A-Za-z0-9\._-\]\+\$/);
    expectOne(
      base({ tools: [tool({ elicitations: [{ name: 'a b', mode: 'url', message: 'Go' }] })] }),
      'pattern',
      '/tools/0/elicitations/0/name',
    );
    expectQuiet(base({ tools: [tool({ elicitations: [{ name: 'a.b-c_1', mode: 'url', message: 'Go' }] })] }));
  });

  test('pattern: x-* keys of named maps are ordinary names, not extensions', () => {
    const ex = { input: {}, result: { content: [] } };
    expectQuiet(base({ tools: [tool({ examples: { 'x-default': ex } })] }));
    expectOne(base({ tools: [tool({ examples: { 'x-default': true } })] }), 'type', '/tools/0/examples/x-default');
    expectOne(
      base({ components: { toolExamples: { 'x-map-extension': true } } }),
      'type',
      '/components/toolExamples/x-map-extension',
    );
  });

  test('unique: scope arrays of security requirements', () => {
    const doc = (scopes: string[]) => base({ security: [{ oauth: scopes }] });
    const d = expectOne(doc(['read', 'read']), 'unique', '/security/0/oauth/1');
    assert.match(d.message, /"read" at index 1 repeats index 0/);
    expectQuiet(doc(['read', 'write']));
  });

  test('format: URI syntax where the spec requires a URI', () => {
    const d = expectOne(
      base({ transports: [{ type: 'streamable-http', url: 'not a uri' }] }),
      'format',
      '/transports/0/url',
    );
    assert.match(d.message, /found a string \("not a uri"\)/);
    expectQuiet(base({ transports: [{ type: 'streamable-http', url: 'https://x.example/mcp' }] }));
    expectQuiet(base({ info: { name: 'n', version: 'v', icons: [{ src: 'data:image/png;base64,iVBORw0KGgo=' }] } }));
  });

  describe('format: every place the specification types a value as a URI (15.6), through model/uri.ts', () => {
    const info = (extra: Record<string, unknown>) => base({ info: { name: 'n', version: 'v', ...extra } });
    const icons = (src: string) => [{ src }];
    const flows = (flow: Record<string, unknown>) =>
      base({ securitySchemes: { o: { type: 'oauth2', flows: { authorizationCode: { scopes: {}, ...flow } } } } });
    const code = { authorizationUrl: 'https://a.example/authorize', tokenUrl: 'https://a.example/token' };
    /** Each location kind with the document holding `value` there and the pointer of that value. */
    const places: [kind: string, build: (value: string) => unknown, pointer: string][] = [
      ['info.websiteUrl', (v) => info({ websiteUrl: v }), '/info/websiteUrl'],
      ['info.contact.url', (v) => info({ contact: { url: v } }), '/info/contact/url'],
      ['info.license.url', (v) => info({ license: { name: 'MIT', url: v } }), '/info/license/url'],
      ['info.icons[].src', (v) => info({ icons: icons(v) }), '/info/icons/0/src'],
      ['Tool icons[].src', (v) => base({ tools: [tool({ icons: icons(v) })] }), '/tools/0/icons/0/src'],
      [
        'Resource icons[].src',
        (v) => base({ resources: [{ uri: 'file:///a', name: 'a', icons: icons(v) }] }),
        '/resources/0/icons/0/src',
      ],
      [
        'Resource Template icons[].src',
        (v) => base({ resourceTemplates: [{ uriTemplate: 'file:///{p}', name: 'a', icons: icons(v) }] }),
        '/resourceTemplates/0/icons/0/src',
      ],
      ['Prompt icons[].src', (v) => base({ prompts: [{ name: 'p', icons: icons(v) }] }), '/prompts/0/icons/0/src'],
      [
        'Streamable HTTP transport url',
        (v) => base({ transports: [{ type: 'streamable-http', url: v }] }),
        '/transports/0/url',
      ],
      ['SSE transport url', (v) => base({ transports: [{ type: 'sse', url: v }] }), '/transports/0/url'],
      [
        'OAuth2 authorizationUrl',
        (v) => flows({ ...code, authorizationUrl: v }),
        '/securitySchemes/o/flows/authorizationCode/authorizationUrl',
      ],
      [
        'OAuth2 tokenUrl',
        (v) => flows({ ...code, tokenUrl: v }),
        '/securitySchemes/o/flows/authorizationCode/tokenUrl',
      ],
      [
        'OAuth2 refreshUrl',
        (v) => flows({ ...code, refreshUrl: v }),
        '/securitySchemes/o/flows/authorizationCode/refreshUrl',
      ],
      [
        'OpenID Connect openIdConnectUrl',
        (v) => base({ securitySchemes: { oidc: { type: 'openIdConnect', openIdConnectUrl: v } } }),
        '/securitySchemes/oidc/openIdConnectUrl',
      ],
      [
        'Elicitation Declaration url',
        (v) => base({ tools: [tool({ elicitations: [{ name: 'go', mode: 'url', message: 'Go', url: v }] })] }),
        '/tools/0/elicitations/0/url',
      ],
    ];
    /** Values RFC 3986 refuses, each in a different part, with the part the message must name. */
    const malformed: [value: string, part: string][] = [
      ['https://mcp.example.com:80a/x', 'port'],
      ['https://a@b@mcp.example.com/', 'host'],
      ['https://[fe80::1%25eth0]/', 'host'],
      ['https://mcp.example.com/a%zz', 'path'],
      ['mcp.example.com/no-scheme', 'scheme'],
    ];
    test('info.id is typed "string", not "string (URI)": a URN, a DID and a registry-style name are all quiet', () => {
      for (const id of ['urn:mcp:chess-coach', 'did:example:123456789abcdefghi', 'io.github.example/server'])
        expectQuiet(info({ id }));
    });
    for (const [kind, build, pointer] of places) {
      test(`${kind}: a malformed URI is an error naming the part; a valid one is quiet`, () => {
        for (const [value, part] of malformed) {
          const d = expectOne(build(value), 'format', pointer);
          assert.match(d.message, new RegExp(`must be a URI \\(RFC 3986\\); found a string .*; ${part}: `), value);
        }
        expectQuiet(build('https://user@[2001:db8::1]:8443/mcp?x=1#top'));
        expectQuiet(build('https://192.0.2.7/p%C3%A9'));
      });
    }
  });

  test('minimum / maximum', () => {
    const r = (annotations: Record<string, unknown>) => base({ resources: [{ uri: 'a://b', name: 'b', annotations }] });
    expectOne(r({ priority: 2 }), 'maximum', '/resources/0/annotations/priority');
    expectOne(r({ priority: -0.5 }), 'minimum', '/resources/0/annotations/priority');
    expectQuiet(r({ priority: 0.5, futureHint: true }));
  });

  test('reference-siblings: pointer to the sibling key', () => {
    const d = expectOne(
      base({ tools: [tool({ inputSchema: { $componentRef: '#/components/schemas/In', 'x-note': 1 } })] }),
      'reference-siblings',
      '/tools/0/inputSchema/x-note',
    );
    assert.equal(d.spec, '17.2');
    expectQuiet(base({ tools: [tool({ inputSchema: { $componentRef: '#/components/schemas/In' } })] }));
    expectOne(
      base({ components: { schemas: { A: { $componentRef: 3 } } } }),
      'type',
      '/components/schemas/A/$componentRef',
    );
  });

  test('extension-not-allowed: annotation and payload objects, closed non-eligible objects', () => {
    const d = expectOne(
      base({ tools: [tool({ annotations: { readOnlyHint: true, 'x-acme': 1 } })] }),
      'extension-not-allowed',
      '/tools/0/annotations/x-acme',
    );
    assert.match(d.message, /not an extension-eligible object \(spec 14\.2\)/);
    assert.equal(d.spec, '14.2');
    expectOne(
      base({ resources: [{ uri: 'a://b', name: 'b', annotations: { 'x-acme': 1 } }] }),
      'extension-not-allowed',
      '/resources/0/annotations/x-acme',
    );
    expectOne(
      base({ capabilities: [{ logging: { 'x-level': 'debug' } }] }),
      'extension-not-allowed',
      '/capabilities/0/logging/x-level',
    );
    expectOne(
      base({ tools: [tool({ execution: { taskSupport: 'optional', 'x-a': 1 } })] }),
      'extension-not-allowed',
      '/tools/0/execution/x-a',
    );
    expectQuiet(
      base({ capabilities: [{ logging: {}, tools: { listChanged: true, 'x-budget': 5 }, 'x-source': 'curated' }] }),
    );
  });

  test('extension-not-allowed: not on Security Requirement Objects or protocol-extension maps, where x-* is a name', () => {
    // An x-* key in a Security Requirement Object is a scheme name (the semantic rule reports it unknown).
    expectQuiet(base({ security: [{ 'x-example-policy': [] }] }));
    expectQuiet(base({ capabilities: [{ extensions: { 'x-example-policy': { enabled: true } } }] }));
  });

  test('Tool Annotations: open in 0.8.0, closed in 0.9.0-rc.3', () => {
    const doc = base({ tools: [tool({ annotations: { readOnlyHint: true, futureHint: 'kept' } })] });
    expectQuiet(doc, '0.8.0');
    expectOne(doc, 'unknown-property', '/tools/0/annotations/futureHint', '0.9.0-rc.3');
    const ext = base({ tools: [tool({ annotations: { 'x-acme': true } })] });
    expectOne(ext, 'extension-not-allowed', '/tools/0/annotations/x-acme', '0.9.0-rc.3');
    expectQuiet(base({ tools: [tool({ annotations: { title: 'T', openWorldHint: false } })] }), '0.9.0-rc.3');
  });

  test('forbidden-property: elicitation branches, step declarations, clientRequirements scope', () => {
    const e = (decl: Record<string, unknown>) =>
      base({ tools: [tool({ elicitations: [{ name: 'e', message: 'Go', ...decl }] })] });
    const d = expectOne(
      e({ mode: 'url', requestedSchema: { type: 'object' } }),
      'forbidden-property',
      '/tools/0/elicitations/0/requestedSchema',
    );
    assert.match(d.message, /when mode is "url"/);
    expectOne(
      e({ mode: 'form', requestedSchema: { type: 'object' }, url: 'https://x.example' }),
      'forbidden-property',
      '/tools/0/elicitations/0/url',
    );
    expectOne(e({ mode: 'form' }), 'missing-property', '/tools/0/elicitations/0');
    expectQuiet(e({ mode: 'url', url: 'https://x.example/go' }));
    expectQuiet(e({ mode: 'form', requestedSchema: { $componentRef: '#/components/schemas/F' } }));

    const step = (s: Record<string, unknown>) =>
      base({
        tools: [
          tool({ interactionExamples: { s: { input: {}, steps: [{ request: {}, response: {}, ...s }], result: {} } } }),
        ],
      });
    expectOne(
      step({ type: 'roots', declaration: 'e' }),
      'forbidden-property',
      '/tools/0/interactionExamples/s/steps/0/declaration',
    );
    expectQuiet(step({ type: 'elicitation', declaration: 'e' }));

    expectOne(
      base({ prompts: [{ name: 'p', clientRequirements: { sampling: {}, protocolVersions: ['2025-11-25'] } }] }),
      'forbidden-property',
      '/prompts/0/clientRequirements/protocolVersions',
    );
    expectQuiet(base({ prompts: [{ name: 'p', clientRequirements: { sampling: {}, 'x-note': 1 } }] }));
  });

  test('completion examples: no Reference Object, closed argument and context', () => {
    const ce = (c: Record<string, unknown>) =>
      base({
        prompts: [{ name: 'p', completionExamples: { c: { argument: { name: 'a', value: 'b' }, result: {}, ...c } } }],
      });
    expectQuiet(ce({ context: { arguments: { x: 'y' } }, 'x-note': 1 }));
    expectOne(
      ce({ $componentRef: '#/components/promptExamples/c' }),
      'unknown-property',
      '/prompts/0/completionExamples/c/$componentRef',
    );
    expectOne(
      ce({ context: { arguments: {} } }),
      'empty-collection',
      '/prompts/0/completionExamples/c/context/arguments',
    );
    expectOne(
      ce({ argument: { name: 'a', value: 'b', 'x-a': 1 } }),
      'extension-not-allowed',
      '/prompts/0/completionExamples/c/argument/x-a',
    );
  });

  test('component values: example objects are closed, so protocolVersions is unknown there', () => {
    expectOne(
      base({ components: { toolExamples: { a: { input: {}, result: {}, protocolVersions: ['2025-11-25'] } } } }),
      'unknown-property',
      '/components/toolExamples/a/protocolVersions',
    );
    expectQuiet(base({ components: { toolExamples: { a: { input: {}, result: {}, 'x-source': 'curated' } } } }));
  });

  test('no wrapper noise from discriminated objects', () => {
    const ds = checkStructure(base({ securitySchemes: { o: { type: 'oauth2', flows: { password: {} } } } }), '0.8.0');
    assert.deepEqual(summary(ds), [
      'missing-property /securitySchemes/o/flows/password',
      'missing-property /securitySchemes/o/flows/password',
    ]);
    assert.deepEqual(
      ds.map((d) => d.message),
      [
        'the OAuth Flow Object (password) is missing required property "scopes"',
        'the OAuth Flow Object (password) is missing required property "tokenUrl"',
      ],
    );
  });
});
