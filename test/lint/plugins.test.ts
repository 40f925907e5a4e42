import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkConfig, lint } from 'mcpdesc-core';
import { configurableRules, type LintConfig } from 'mcpdesc-core/internal/lint/config.js';
import { lintRules } from 'mcpdesc-core/internal/lint/rules/index.js';
import { maxReportsPerPluginRule } from 'mcpdesc-core/internal/lint/plugins.js';
import type { Rule } from 'mcpdesc-core/internal/validate/rule.js';
import { repoRoot } from '../helpers/paths.js';

/** The example plugin package (examples/mcpdesc-plugin-acme), imported as the CLI would. */
const acme = (await import(`${repoRoot}examples/mcpdesc-plugin-acme/index.js`)).default as { rules: Rule[] };

function documentWith(tools: Record<string, unknown>[]): string {
  return JSON.stringify({
    mcpdesc: '0.8.0',
    info: { name: 'x', version: '1.0.0' },
    protocolVersions: ['2025-06-18'],
    tools: tools.map((tool) => ({ description: 'Gets a thing.', inputSchema: { type: 'object' }, ...tool })),
  });
}

function configOf(value: unknown): LintConfig {
  const checked = checkConfig(value);
  assert.ok(checked.ok, checked.ok ? '' : checked.errors.join('\n'));
  return checked.config;
}

function errorsOf(value: unknown): string[] {
  const checked = checkConfig(value);
  assert.equal(checked.ok, false, 'expected a configuration error');
  return checked.ok ? [] : checked.errors;
}

/** The findings of rules holding a "/" (plugin and declarative), as `rule/code severity pointer`. */
function ownFindings(text: string, config: LintConfig): string[] {
  return lint(text, { config })
    .diagnostics.filter((d) => d.rule.includes('/'))
    .map((d) => `${d.rule}/${d.code} ${d.severity} ${d.pointer}`);
}

test('a plugin rule fires on a tool without the prefix and stays quiet on one with it', () => {
  const config = configOf({ plugins: { acme } });
  assert.deepEqual(ownFindings(documentWith([{ name: 'get_x' }, { name: 'acme_y' }]), config), [
    'acme/tool-prefix/missing-prefix warning /tools/0/name',
  ]);
  assert.deepEqual(ownFindings(documentWith([{ name: 'acme_x' }]), config), []);
});

test('plugin rule severities are keyed plugin/rule and plugin/rule/code, as diagnostics print them', () => {
  const byRule = configOf({ plugins: { acme }, rules: { 'acme/tool-prefix': 'error' } });
  assert.deepEqual(ownFindings(documentWith([{ name: 'get_x' }]), byRule), [
    'acme/tool-prefix/missing-prefix error /tools/0/name',
  ]);
  const byCode = configOf({ plugins: { acme }, rules: { 'acme/tool-prefix/missing-prefix': 'off' } });
  assert.deepEqual(ownFindings(documentWith([{ name: 'get_x' }]), byCode), []);
  assert.match(
    errorsOf({ plugins: { acme }, rules: { 'acme/tool-prefix/missing-prefx': 'off' } }).join('\n'),
    /rule acme\/tool-prefix has no code "missing-prefx" \(did you mean missing-prefix\?\)/,
  );
  assert.match(errorsOf({ rules: { 'acme/tool-prefix': 'error' } }).join('\n'), /"acme\/tool-prefix" is not a rule id/);
});

test('the library runs plugin rules passed in lintRules, configured by a config that knows them', () => {
  const [prefix] = acme.rules;
  const checked = checkConfig({ rules: { 'acme/tool-prefix': 'info' } }, [...configurableRules, prefix!]);
  assert.ok(checked.ok);
  const findings = lint(documentWith([{ name: 'get_x' }]), {
    lintRules: [...lintRules, prefix!],
    config: checked.config,
  }).diagnostics.filter((d) => d.rule === 'acme/tool-prefix');
  assert.deepEqual(
    findings.map((d) => `${d.code} ${d.severity}`),
    ['missing-prefix info'],
  );
});

test('plugin ids must be namespaced by the plugin, and a plugin must be an object with rules', () => {
  const rule = { ...acme.rules[0]!, id: 'lint.tool.title' };
  assert.match(
    errorsOf({ plugins: { acme: { rules: [rule] } } }).join('\n'),
    /plugin "acme": id is "lint.tool.title"; expected "acme\/<name>"/,
  );
  assert.match(errorsOf({ plugins: { acme: 42 } }).join('\n'), /plugin "acme" is 42; expected an object/);
  assert.match(
    errorsOf({ plugins: { acme: { rules: {} } } }).join('\n'),
    /plugin "acme" has rules an object; expected an array/,
  );
  assert.match(
    errorsOf({ plugins: { acme: { rules: [{ ...acme.rules[0]!, create: 'no' }] } } }).join('\n'),
    /acme\/tool-prefix\): plugin "acme": create is "no"; expected a function/,
  );
});

/** A plugin whose rules misbehave, each in its own way. */
function hostilePlugin(): unknown {
  const rule = (id: string, create: (context: { report: (...a: unknown[]) => void }) => unknown) => ({
    id: `evil/${id}`,
    severity: 'warning',
    codes: { found: 'found {value}' },
    create,
  });
  return {
    rules: [
      rule('throws-in-create', () => {
        throw new Error('create failed');
      }),
      rule('throws-in-visitor', () => ({
        primitive() {
          throw new TypeError('cannot read name');
        },
      })),
      rule('undeclared-code', (context) => ({ document: () => context.report('nope', '') })),
      rule('floods', (context) => ({
        document() {
          for (let i = 0; i < maxReportsPerPluginRule * 3; i++) context.report('found', '', { values: { value: i } });
        },
      })),
      rule('returns-nothing', () => 7),
    ],
  };
}

test('a hostile plugin is reported by name, rule by rule, and the other rules still run', () => {
  const config = configOf({ plugins: { evil: hostilePlugin(), acme } });
  const diagnostics = lint(documentWith([{ name: 'get_x' }]), { config }).diagnostics;
  const errors = diagnostics.filter((d) => d.code === 'plugin-error');
  assert.deepEqual(errors.map((d) => d.rule).sort(), [
    'evil/floods',
    'evil/returns-nothing',
    'evil/throws-in-create',
    'evil/throws-in-visitor',
    'evil/undeclared-code',
  ]);
  for (const d of errors) {
    assert.equal(d.severity, 'error');
    assert.match(d.message, new RegExp(`^plugin "evil" rule "${d.rule}" failed: `));
  }
  const message = (rule: string): string => errors.find((d) => d.rule === rule)!.message;
  assert.match(message('evil/throws-in-create'), /create threw Error: create failed/);
  assert.match(message('evil/throws-in-visitor'), /primitive visitor threw TypeError: cannot read name/);
  assert.match(message('evil/undeclared-code'), /reported code "nope", which it does not declare \(found\)/);
  assert.match(message('evil/floods'), new RegExp(`more than ${maxReportsPerPluginRule} findings`));
  assert.match(message('evil/returns-nothing'), /create returned 7/);
  // The flood is cut at the cap, and the well-behaved plugin's rule ran in the same walk.
  assert.equal(
    diagnostics.filter((d) => d.rule === 'evil/floods' && d.code === 'found').length,
    maxReportsPerPluginRule,
  );
  assert.ok(diagnostics.some((d) => d.rule === 'acme/tool-prefix' && d.code === 'missing-prefix'));
});

const prefixRule = {
  given: 'tools[*].name',
  then: { function: 'pattern', functionOptions: { match: '^acme_' } },
  message: 'tool name {value} must start with acme_ ({error})',
  severity: 'error',
  description: 'Every tool name starts with acme_',
};

test('a declarative rule fires with its message and severity, and stays quiet where the value passes', () => {
  const config = configOf({ rules: { 'team/tool-prefix': prefixRule } });
  const findings = lint(documentWith([{ name: 'get_x' }, { name: 'acme_y' }]), { config }).diagnostics.filter(
    (d) => d.rule === 'team/tool-prefix',
  );
  assert.deepEqual(
    findings.map((d) => `${d.code} ${d.severity} ${d.pointer} ${d.message}`),
    ['pattern error /tools/0/name tool name "get_x" must start with acme_ ("get_x" does not match /^acme_/)'],
  );
  assert.deepEqual(ownFindings(documentWith([{ name: 'acme_x' }]), config), []);
  // Switched off by a later setting, as any rule.
  const off = configOf({
    rules: { 'team/tool-prefix': prefixRule },
    overrides: [{ files: ['*'], rules: { 'team/tool-prefix': 'off' } }],
  });
  assert.deepEqual(
    lint(documentWith([{ name: 'get_x' }]), { config: off, path: 'a.json' }).diagnostics.filter((d) =>
      d.rule.includes('/'),
    ),
    [],
  );
});

test('declarative selectors reach schema properties (through $componentRef), prompt arguments and transports', () => {
  const text = JSON.stringify({
    mcpdesc: '0.8.0',
    info: { name: 'x', version: '1.0.0' },
    protocolVersions: ['2025-06-18'],
    transports: [{ type: 'streamable-http', url: 'http://example.com/mcp' }],
    components: {
      schemas: {
        Query: {
          type: 'object',
          properties: { q: { type: 'string' }, n: { type: 'integer', description: 'How many.' } },
        },
      },
    },
    tools: [{ name: 'find', description: 'Finds.', inputSchema: { $componentRef: '#/components/schemas/Query' } }],
    prompts: [{ name: 'p', arguments: [{ name: 'a' }, { name: 'b', description: 'B.' }] }],
  });
  const config = configOf({
    rules: {
      'team/property-description': {
        given: 'tools[*].inputSchema.properties[*].description',
        then: { function: 'truthy' },
      },
      'team/argument-description': { given: 'prompts[*].arguments[*].description', then: { function: 'defined' } },
      'team/https': {
        given: 'transports[*].url',
        then: { function: 'pattern', functionOptions: { match: '^https:' } },
      },
    },
  });
  assert.deepEqual(ownFindings(text, config).sort(), [
    'team/argument-description/defined warning /prompts/0/arguments/0/description',
    'team/https/pattern warning /transports/0/url',
    'team/property-description/truthy warning /components/schemas/Query/properties/q/description',
  ]);
});

test('each built-in function fails what it should and passes a close variant', () => {
  const cases: { then: unknown; given?: string; bad: Record<string, unknown>; good: Record<string, unknown> }[] = [
    {
      then: { function: 'casing', functionOptions: { type: 'snake' } },
      bad: { name: 'getIssue' },
      good: { name: 'get_issue' },
    },
    {
      then: { function: 'casing', functionOptions: { type: 'kebab' } },
      bad: { name: 'get_issue' },
      good: { name: 'get-issue' },
    },
    { then: { function: 'length', functionOptions: { max: 5 } }, bad: { name: 'get_issue' }, good: { name: 'get' } },
    {
      then: { function: 'enumeration', functionOptions: { values: ['a', 'b'] } },
      bad: { name: 'c' },
      good: { name: 'a' },
    },
    {
      then: { function: 'pattern', functionOptions: { notMatch: 'delete' } },
      bad: { name: 'delete_x' },
      good: { name: 'get_x' },
    },
    { given: 'tools[*].title', then: { function: 'defined' }, bad: { name: 'a' }, good: { name: 'a', title: 'A' } },
    { given: 'tools[*].title', then: { function: 'undefined' }, bad: { name: 'a', title: 'A' }, good: { name: 'a' } },
    {
      given: 'tools[*].title',
      then: { function: 'truthy' },
      bad: { name: 'a', title: '' },
      good: { name: 'a', title: 'A' },
    },
    {
      given: 'tools[*].deprecated',
      then: { function: 'falsy' },
      bad: { name: 'a', deprecated: true },
      good: { name: 'a', deprecated: false },
    },
    {
      given: 'tools[*].annotations',
      then: { function: 'xor', functionOptions: { properties: ['readOnlyHint', 'destructiveHint'] } },
      bad: { name: 'a', annotations: { readOnlyHint: true, destructiveHint: false } },
      good: { name: 'a', annotations: { readOnlyHint: true } },
    },
    {
      given: 'tools[*]',
      then: { function: 'schema', functionOptions: { schema: { required: ['title'] } } },
      bad: { name: 'a' },
      good: { name: 'a', title: 'A' },
    },
  ];
  for (const { given = 'tools[*].name', then, bad, good } of cases) {
    const config = configOf({ rules: { 'team/check': { given, then } } });
    const label = JSON.stringify(then);
    assert.equal(ownFindings(documentWith([bad]), config).length, 1, `${label} fails ${JSON.stringify(bad)}`);
    assert.deepEqual(ownFindings(documentWith([good]), config), [], `${label} passes ${JSON.stringify(good)}`);
  }
});

test('a hostile pattern from a configuration runs in linear time (re2js)', () => {
  const config = configOf({
    rules: {
      'team/evil': {
        given: 'tools[*].description',
        then: { function: 'pattern', functionOptions: { match: '^(a+)+$' } },
      },
    },
  });
  const started = performance.now();
  assert.equal(ownFindings(documentWith([{ name: 'x', description: 'a'.repeat(5000) + '!' }]), config).length, 1);
  assert.ok(performance.now() - started < 2000, 'a backtracking engine would not finish');
});

test('a bad selector, an unknown function or bad options are configuration errors naming their pointer', () => {
  const errors = errorsOf({
    rules: {
      'team/a': { given: 'tools[*].nme', then: { function: 'truthy' } },
      'team/b': { given: 'tools.name', then: { function: 'truthy' } },
      'team/c': { given: 'tools[*].name', then: { function: 'truthty' } },
      'team/d': { given: 'tools[*].name', then: { function: 'casing', functionOptions: { type: 'upper' } } },
      'team/e': { given: 'tools[*].name', then: { function: 'pattern', functionOptions: { match: '(?<=a)b' } } },
      'team/f': { given: 'tools[*].name', then: { function: 'truthy' }, message: 'bad {nme}' },
      nonamespace: { given: 'tools[*].name', then: { function: 'truthy' } },
    },
  });
  const text = errors.join('\n');
  assert.match(
    text,
    /\/rules\/team~1a\/given: selector "tools\[\*\]\.nme": Tool Object \(at tools\[\*\]\) has no field "nme" \(did you mean name\?\)/,
  );
  assert.match(text, /\/rules\/team~1b\/given: .*tools is a list of Tool: select its items with tools\[\*\]/);
  assert.match(text, /\/rules\/team~1c\/then\/function: is "truthty" \(did you mean truthy\?\)/);
  assert.match(text, /\/rules\/team~1d\/then: functionOptions.type is "upper"; expected one of flat, camel/);
  assert.match(text, /\/rules\/team~1e\/then: functionOptions.match "\(\?<=a\)b" cannot be used/);
  assert.match(text, /\/rules\/team~1f\/message: \{nme\} is no placeholder/);
  assert.match(text, /\/rules\/nonamespace: a declarative rule's id is "<namespace>\/<name>"/);
});

test('x-mcpdesc-lint disables a plugin rule and a declarative rule inside the object that carries it', () => {
  const config = configOf({ plugins: { acme }, rules: { 'team/tool-prefix': prefixRule } });
  const disabled = { 'x-mcpdesc-lint': { disable: ['acme/tool-prefix', 'team/tool-prefix'] } };
  const text = documentWith([{ name: 'get_x', ...disabled }, { name: 'get_y' }]);
  assert.deepEqual(ownFindings(text, config).sort(), [
    'acme/tool-prefix/missing-prefix warning /tools/1/name',
    'team/tool-prefix/pattern error /tools/1/name',
  ]);
  assert.ok(!lint(text, { config }).diagnostics.some((d) => d.rule === 'lint.inline-config'), 'the ids are accepted');
});

test("plugins as a list (ESLint's array of plugins) are keyed by each plugin's own namespace", () => {
  const config = configOf({ plugins: [acme] });
  assert.deepEqual(ownFindings(documentWith([{ name: 'get_x' }]), config), [
    'acme/tool-prefix/missing-prefix warning /tools/0/name',
  ]);
  assert.deepEqual(ownFindings(documentWith([{ name: 'acme_x' }]), config), []);
  // meta.namespace, or a meta.name "mcpdesc-plugin-<namespace>", names it when its rules do not agree on one.
  const named = configOf({ plugins: [{ meta: { name: '@acme/mcpdesc-plugin-acme' }, rules: acme.rules }] });
  assert.equal(named.pluginRules?.[0]?.plugin, 'acme');
  assert.match(
    errorsOf({ plugins: [{ rules: [] }] }).join('\n'),
    /plugins\[0\]: a plugin in a list needs a namespace of its own/,
  );
  assert.match(
    errorsOf({ plugins: [acme, { meta: { namespace: 'acme' }, rules: [] }] }).join('\n'),
    /plugins\[1\]: a second plugin in namespace "acme" \(its meta.namespace\)/,
  );
  assert.match(errorsOf({ plugins: 'acme' }).join('\n'), /plugins is "acme"; expected an object of namespaces/);
});

test("in the map form the key is the plugin's namespace: a plugin that declares another is a configuration error", () => {
  assert.match(
    errorsOf({ plugins: { other: { rules: acme.rules } } }).join('\n'),
    /plugins\["other"\]: plugin "other" declares namespace "acme" \(the prefix of its rule ids\); name it plugins: \{ "acme": \.\.\. \}/,
  );
  assert.match(
    errorsOf({ plugins: { acme: { meta: { namespace: 'acme2' }, rules: acme.rules } } }).join('\n'),
    /plugin "acme" declares namespace "acme2" \(its meta.namespace\)/,
  );
  assert.match(
    errorsOf({ plugins: { acme: { meta: { name: 'mcpdesc-plugin-other' }, rules: acme.rules } } }).join('\n'),
    /declares namespace "other" \(its meta.name "mcpdesc-plugin-other"\)/,
  );
  // A meta.name that is no mcpdesc-plugin-* package name says nothing of the namespace.
  assert.ok(checkConfig({ plugins: { acme: { meta: { name: 'acme-rules' }, rules: acme.rules } } }).ok);
  assert.ok(checkConfig({ plugins: { acme: { meta: { namespace: 'acme' }, rules: acme.rules } } }).ok);
});
