import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatJson } from 'mcpdesc-core/internal/report/json.js';
import type { Report } from 'mcpdesc-core/internal/report/types.js';

test('the contract shape, key order as documented, range and spec only when present', () => {
  const report = {
    files: [
      {
        diagnostics: [
          {
            spec: '9.2',
            pointer: '/a',
            message: 'm',
            severity: 'error',
            code: 'c',
            rule: 'r',
            extra: 1,
            range: { end: { column: 4, line: 1 }, start: { column: 2, line: 1 } },
          },
          { message: 'n', severity: 'info', code: 'c', rule: 'r', pointer: '' },
        ],
        specification: '0.8.0',
        complete: true,
        valid: false,
        file: 'f.yaml',
      },
    ],
  } as Report;
  assert.equal(
    formatJson(report),
    `{
  "files": [
    {
      "file": "f.yaml",
      "valid": false,
      "complete": true,
      "specification": "0.8.0",
      "diagnostics": [
        {
          "rule": "r",
          "code": "c",
          "severity": "error",
          "message": "m",
          "pointer": "/a",
          "range": {
            "start": {
              "line": 1,
              "column": 2
            },
            "end": {
              "line": 1,
              "column": 4
            }
          },
          "spec": "9.2"
        },
        {
          "rule": "r",
          "code": "c",
          "severity": "info",
          "message": "n",
          "pointer": ""
        }
      ]
    }
  ]
}
`,
  );
});

test('an empty report', () => {
  assert.equal(formatJson({ files: [] }), '{\n  "files": []\n}\n');
});
