import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { test } from 'node:test';
import { lint } from 'mcpdesc-core/internal/lint/lint.js';

/** The guide's worked example (project-management server): every defect it lists, and the fixed version clean. */
const fixtures = resolve(process.cwd(), 'test', 'fixtures', 'lint');
const read = (name: string): Uint8Array => readFileSync(resolve(fixtures, name));
const key = (d: { rule: string; code: string; pointer: string; severity: string }): string =>
  `${d.severity} ${d.rule} ${d.code} ${d.pointer}`;

test('as shipped: the findings match the defects the guide lists', () => {
  const result = lint(read('project-management.mcpdesc.yaml'), { filename: 'project-management.mcpdesc.yaml' });
  assert.equal(result.valid, true, 'a valid description: lint findings are warnings');
  assert.deepEqual(
    result.diagnostics.map(key).sort(),
    [
      // "with no annotations ... advertised as destructive and open-world"; "create_issue, no annotations. delete_issue, no annotations."
      'warning lint.tool.annotations.explicit missing-annotations /tools/0',
      'warning lint.tool.annotations.explicit missing-annotations /tools/1',
      'warning lint.tool.annotations.explicit missing-annotations /tools/2',
      'warning lint.tool.annotations.explicit missing-annotations /tools/3',
      // "a description reading 'Searches issues'" that does not name the workspace scope
      'warning lint.tool.description short-description /tools/0/description',
      // "an input schema of {"type": "object"}": accepts any object at all
      'warning lint.tool.input-schema.open open-object /tools/0/inputSchema',
      // "inside the specification's 128 and outside the directory's 64"
      'warning lint.tool.name.length over-directory-limit /tools/0/name',
      // "returns every match, unbounded, with no cursor"
      'info lint.tool.pagination unbounded-list /tools/0/inputSchema',
      // "no title"
      'warning lint.tool.title missing-title /tools/0',
    ].sort(),
  );
});

test('as shipped, under the directory preset: the policy defects are errors', () => {
  const result = lint(read('project-management.mcpdesc.yaml'), {
    filename: 'project-management.mcpdesc.yaml',
    preset: 'directory',
  });
  assert.equal(result.valid, false);
  const errors = result.diagnostics
    .filter((d) => d.severity === 'error')
    .map(key)
    .sort();
  assert.deepEqual(errors, [
    'error lint.tool.annotations.explicit missing-annotations /tools/0',
    'error lint.tool.annotations.explicit missing-annotations /tools/1',
    'error lint.tool.annotations.explicit missing-annotations /tools/2',
    'error lint.tool.annotations.explicit missing-annotations /tools/3',
    'error lint.tool.name.length over-directory-limit /tools/0/name',
    'error lint.tool.title missing-title /tools/0',
  ]);
});

test('export_workspace as shipped: the x-mcp-header defect is a validation error that lint reports too', () => {
  const doc = {
    mcpdesc: '0.8.0',
    info: { name: 'project-management', version: '1.0.0' },
    protocolVersions: ['2026-07-28'],
    transports: [{ type: 'streamable-http', url: 'https://pm.example.com/mcp' }],
    tools: [
      {
        name: 'export_workspace',
        inputSchema: {
          type: 'object',
          properties: {
            regions: {
              type: 'array',
              items: { type: 'object', properties: { region: { type: 'number', 'x-mcp-header': 'Region' } } },
            },
          },
        },
      },
    ],
  };
  const result = lint(doc);
  assert.equal(result.valid, false);
  assert.ok(result.diagnostics.some((d) => d.rule === 'mcp.tool.input-schema.x-mcp-header' && d.severity === 'error'));
  assert.ok(
    result.diagnostics.some((d) => d.rule.startsWith('lint.')),
    'lint still runs on a document that decodes',
  );
});

test('fixed: lints clean, under recommended and directory', () => {
  for (const preset of ['recommended', 'directory'] as const) {
    const result = lint(read('project-management-fixed.mcpdesc.yaml'), {
      filename: 'project-management-fixed.mcpdesc.yaml',
      preset,
    });
    assert.deepEqual(result.diagnostics.map(key), [], preset);
    assert.equal(result.valid, true);
  }
});
