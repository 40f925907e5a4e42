import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkConfig, effectiveSettings, severityFor } from 'mcpdesc-core/internal/lint/config.js';
import { matchGlob } from 'mcpdesc-core/internal/lint/glob.js';
import { lint } from 'mcpdesc-core/internal/lint/lint.js';
import { presets } from 'mcpdesc-core/internal/lint/presets.js';
import { lintRules } from 'mcpdesc-core/internal/lint/rules/index.js';
import { rule as toolNameLengthRule } from 'mcpdesc-core/internal/lint/rules/lint.tool.name.length.js';
import { rule as toolTitleRule } from 'mcpdesc-core/internal/lint/rules/lint.tool.title.js';
import { rule as toolAnnotationsExplicitRule } from 'mcpdesc-core/internal/lint/rules/lint.tool.annotations.explicit.js';
import { exampleDocument, exampleTool } from 'mcpdesc-core/internal/lint/example-document.js';

const found = (doc: unknown, options: Parameters<typeof lint>[1] = {}): string[] =>
  lint(doc, options)
    .diagnostics.filter((d) => d.rule.startsWith('lint.'))
    .map((d) => `${d.severity} ${d.rule} ${d.code} ${d.pointer}`);

test("presets: recommended is each rule's default; strict raises; directory makes the policy errors", () => {
  for (const rule of lintRules) {
    assert.equal(presets.recommended[rule.id], rule.severity === 'warning' ? 'warn' : rule.severity);
    assert.equal(presets.strict[rule.id], rule.severity === 'info' ? 'warn' : 'error');
  }
  assert.equal(presets.directory['lint.tool.name.length'], 'error');
  assert.equal(presets.directory['lint.tool.title'], 'error');
  assert.equal(presets.directory['lint.tool.annotations.explicit:missing-read-only-hint'], 'error');
  assert.equal(presets.directory['lint.tool.annotations.explicit:missing-destructive-hint'], 'error');
  assert.equal(presets.directory['lint.tool.annotations.explicit:missing-open-world-hint'], undefined);
  assert.equal(presets.directory['lint.tool.description'], 'warn');
});

test('severity resolution: rule:code wins, off silences, own-severity codes keep theirs', () => {
  const s = effectiveSettings({ extends: 'directory' });
  assert.equal(severityFor(toolNameLengthRule, 'over-directory-limit', s), 'error');
  assert.equal(severityFor(toolTitleRule, 'missing-title', s), 'error');
  assert.equal(severityFor(toolTitleRule, 'annotations-title-differs', s), 'info');
  assert.equal(severityFor(toolAnnotationsExplicitRule, 'missing-idempotent-hint', s), 'warning');
  const off = effectiveSettings({ rules: { 'lint.tool.title': 'off', 'lint.tool.title:title-is-name': 'warn' } });
  assert.equal(severityFor(toolTitleRule, 'missing-title', off), undefined);
  assert.equal(severityFor(toolTitleRule, 'title-is-name', off), 'warning');
  assert.equal(
    severityFor(
      toolNameLengthRule,
      'over-protocol-limit',
      effectiveSettings({ rules: { 'lint.tool.name.length': 'info' } }),
    ),
    'error',
  );
  assert.equal(
    severityFor(
      toolNameLengthRule,
      'over-protocol-limit',
      effectiveSettings({ rules: { 'lint.tool.name.length:over-protocol-limit': 'warn' } }),
    ),
    'warning',
  );
});

test('extends defaults to recommended; --preset replaces extends; rules apply after presets', () => {
  assert.deepEqual(effectiveSettings({}), { ...presets.recommended });
  assert.equal(effectiveSettings({ extends: 'strict' }, { preset: 'recommended' })['lint.tool.title'], 'warn');
  assert.equal(
    effectiveSettings({ extends: ['directory', 'strict'], rules: { 'lint.tool.title': 'info' } })['lint.tool.title'],
    'info',
  );
});

test('overrides apply in order to matching files only', () => {
  const config = {
    rules: { 'lint.tool.title': 'error' as const },
    overrides: [
      { files: ['drafts/**'], rules: { 'lint.tool.title': 'off' as const } },
      { files: ['*.draft.yaml'], rules: { 'lint.tool.title': 'info' as const } },
    ],
  };
  assert.equal(effectiveSettings(config, { path: 'servers/a.mcpdesc.yaml' })['lint.tool.title'], 'error');
  assert.equal(effectiveSettings(config, { path: 'drafts/x/a.mcpdesc.yaml' })['lint.tool.title'], 'off');
  assert.equal(effectiveSettings(config, { path: 'drafts/b.draft.yaml' })['lint.tool.title'], 'info');
  const doc = exampleDocument({ tools: [exampleTool({ title: undefined })] });
  assert.deepEqual(found(doc, { config, path: 'drafts/a.yaml' }), []);
  assert.deepEqual(found(doc, { config, path: 'a.yaml' }), ['error lint.tool.title missing-title /tools/0']);
});

test('glob: *, **, ? and base-name patterns', () => {
  assert.ok(matchGlob('*.yaml', 'a/b/c.yaml'));
  assert.ok(!matchGlob('*.yaml', 'a/b/c.json'));
  assert.ok(matchGlob('a/*.yaml', 'a/c.yaml'));
  assert.ok(!matchGlob('a/*.yaml', 'a/b/c.yaml'));
  assert.ok(matchGlob('a/**/c.yaml', 'a/c.yaml'));
  assert.ok(matchGlob('a/**/c.yaml', 'a/x/y/c.yaml'));
  assert.ok(matchGlob('**/v?.json', 'x/v1.json'));
  assert.ok(!matchGlob('**/v?.json', 'x/v10.json'));
  assert.ok(matchGlob('./servers/**', 'servers/a/b.yaml'));
  const long = 'a/'.repeat(200) + 'b';
  assert.equal(matchGlob('**/*a*a*a*a*a*a*c', long), false); // no exponential backtracking
});

test('glob: a pattern of 10,000 `**` segments matches without growing the stack', () => {
  const deep = '**/'.repeat(10_000);
  assert.ok(matchGlob(`${deep}*.yaml`, 'a/b/c.yaml'));
  assert.ok(!matchGlob(`${deep}*.yaml`, 'a/b/c.json'));
  assert.ok(matchGlob(`${'x/**/'.repeat(5_000)}c.yaml`, `${'x/'.repeat(5_000)}c.yaml`));
  // Through a configuration's overrides, where the round-3 attack put it.
  const config = { overrides: [{ files: [`${deep}*.yaml`], rules: { 'lint.tool.title': 'off' as const } }] };
  assert.equal(effectiveSettings(config, { path: 'a/b.yaml' })['lint.tool.title'], 'off');
  assert.equal(effectiveSettings(config, { path: 'a/b.json' })['lint.tool.title'], 'warn');
});

test('checkConfig of a cyclic value names the cycle instead of quoting it for ever', () => {
  const config: Record<string, unknown> = { rules: {} };
  (config.rules as Record<string, unknown>)['lint.tool.title'] = config;
  assert.deepEqual(checkConfig(config), {
    ok: false,
    errors: [
      'the configuration cannot be read: the value is cyclic: /rules/lint.tool.title refers back to the root (JSON values are trees)',
    ],
  });
  const list: unknown[] = [];
  list.push(list);
  assert.equal(checkConfig(list).ok, false);
});

test('checkConfig names each problem', () => {
  assert.deepEqual(
    checkConfig({
      extends: 'directory',
      rules: { 'lint.tool.title': 'warn' },
      overrides: [{ files: ['*.yaml'], rules: { 'lint.tool.name.length:over-protocol-limit': 'off' } }],
    }),
    {
      ok: true,
      config: {
        extends: ['directory'],
        rules: { 'lint.tool.title': 'warn' },
        overrides: [{ files: ['*.yaml'], rules: { 'lint.tool.name.length:over-protocol-limit': 'off' } }],
      },
    },
  );
  const bad = checkConfig({
    extends: 'strictest',
    rules: { 'lint.tool.titel': 'warn', 'lint.tool.title': 'severe', 'lint.tool.title:nope': 'off' },
    overrides: [{ files: [], rules: {} }],
    plugins: 7,
    plugin: {},
  });
  assert.equal(bad.ok, false);
  const errors = bad.ok ? [] : bad.errors;
  for (const fragment of [
    'unknown member "plugin"',
    'plugins is 7; expected an object of namespaces to plugins ({ acme: plugin }) or a list of plugins',
    'extends is "strictest"',
    '"lint.tool.titel" is not a rule id (did you mean lint.tool.title?)',
    'rules["lint.tool.title"] is "severe"; expected off, info, warn (or warning) or error',
    'has no code "nope"',
    'overrides[0].files is []',
  ]) {
    assert.ok(
      errors.some((e) => e.includes(fragment)),
      `${fragment} in ${JSON.stringify(errors)}`,
    );
  }
  assert.equal(checkConfig([]).ok, false);
});

test('one mcpdesc.config.json serves lint and diff: the diff section is not a lint error', () => {
  assert.equal(checkConfig({ extends: 'recommended', diff: { strictOutputEnums: false } }).ok, true);
});

test('x-mcpdesc-lint disables rules inside the object that carries it, nowhere else', () => {
  const doc = exampleDocument({
    tools: [
      exampleTool({ title: undefined, 'x-mcpdesc-lint': { disable: ['lint.tool.title'] } }),
      exampleTool({ name: 'get_board', title: undefined }),
    ],
  });
  assert.deepEqual(found(doc), ['warning lint.tool.title missing-title /tools/1']);
  const root = {
    ...exampleDocument({ tools: [exampleTool({ title: undefined })] }),
    'x-mcpdesc-lint': { disable: ['lint.tool.title'] },
  };
  assert.deepEqual(found(root), []);
});

test('x-mcpdesc-lint on a prompt example component is honoured (11.3: Prompt Example Objects carry extensions)', () => {
  const promptExample = (directive: unknown) => ({
    result: { resultType: 'complete', messages: [{ role: 'user', content: { type: 'text', text: 'Triage ABC-1.' } }] },
    'x-Corp-note': 1,
    'x-mcpdesc-lint': directive,
  });
  const documentWith = (directive: unknown) =>
    exampleDocument({
      prompts: [
        {
          name: 'triage',
          description: 'Triage an issue.',
          examples: { basic: { $componentRef: '#/components/promptExamples/basic' } },
        },
      ],
      components: { promptExamples: { basic: promptExample(directive) } },
    });
  assert.deepEqual(found(documentWith({ disable: ['lint.extension.naming'] })), []);
  assert.deepEqual(found(documentWith({ disable: [] })), [
    'warning lint.extension.naming uppercase-organization /components/promptExamples/basic/x-Corp-note',
  ]);
});

test('validation errors are reported; lint runs only on documents that decode', () => {
  const invalid = lint({ ...exampleDocument({ tools: [exampleTool({ title: undefined })] }), protocolVersions: 'x' });
  assert.equal(invalid.valid, false);
  const text = lint('{ "mcpdesc": ', { filename: 'a.json' });
  assert.equal(text.valid, false);
  assert.ok(text.diagnostics.length > 0 && text.diagnostics.every((d) => !d.rule.startsWith('lint.')));
});

test('checkConfig reads "warning", the word every report prints, as warn', () => {
  assert.deepEqual(checkConfig({ rules: { 'lint.tool.title': 'warning', 'lint.tool.name.length': 'info' } }), {
    ok: true,
    config: { rules: { 'lint.tool.title': 'warn', 'lint.tool.name.length': 'info' } },
  });
  assert.equal(checkConfig({ rules: { 'lint.tool.title': 'Warning' } }).ok, false, 'case matters, as in ESLint');
  assert.equal(checkConfig({ rules: { 'lint.tool.title': 'toString' } }).ok, false, 'only own words');
});
