import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { fromServerJson, toServerJson } from 'mcpdesc-core/internal/operations/server-json.js';

const fixtures = fileURLToPath(new URL('../../../test/fixtures/registry/', import.meta.url));
const schema = JSON.parse(readFileSync(join(fixtures, 'server.schema.json'), 'utf8'));
const ajv = new Ajv2020({ strict: false, allErrors: true });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
const validate = ajv.compile(schema);
const examples = readdirSync(join(fixtures, 'examples')).filter((f) => f.endsWith('.server.json'));

test('the pinned registry examples are valid against the pinned schema', () => {
  assert.equal(examples.length, 6);
  for (const file of examples) {
    const server = JSON.parse(readFileSync(join(fixtures, 'examples', file), 'utf8'));
    assert.ok(validate(server), `${file}: ${ajv.errorsText(validate.errors)}`);
  }
});

for (const file of examples) {
  test(`round trip server.json -> description -> server.json: ${file}`, () => {
    const server = JSON.parse(readFileSync(join(fixtures, 'examples', file), 'utf8'));
    const { seed } = fromServerJson(server);
    const back = toServerJson({ mcpdesc: '0.8.0', ...seed }).serverJson;
    assert.deepEqual(back, server);
    assert.ok(validate(back), ajv.errorsText(validate.errors));
  });
}

test('packages become stdio transports, remotes streamable-http/sse; headers are reported, not dropped', () => {
  const server = JSON.parse(readFileSync(join(fixtures, 'examples', 'example-6.server.json'), 'utf8'));
  const { seed, unmapped } = fromServerJson(server);
  assert.deepEqual(seed.info, { name: 'hybrid-mcp-server', description: server.description, version: '1.5.0' });
  assert.deepEqual(seed.transports, [
    { type: 'stdio', command: 'npx', args: ['-y', '@example/hybrid-mcp-server@1.5.0', '--mode', 'local'] },
    { type: 'sse', url: 'https://hybrid-mcp.example.com/sse' },
    { type: 'streamable-http', url: 'https://hybrid-mcp.example.com/stream' },
  ]);
  assert.ok(unmapped.includes('/remotes/0/headers'));
  assert.ok(unmapped.includes('/repository'));
  assert.deepEqual(seed['x-registry'], server);
});

test('export from a description without x-registry reports what server.json needs but cannot get', () => {
  const { serverJson, unmapped } = toServerJson({
    info: { name: 'io.example/weather', version: '2.0.0', description: 'Weather' },
    transports: [
      { type: 'stdio', command: 'weather' },
      { type: 'streamable-http', url: 'https://weather.example.com/mcp' },
    ],
  });
  assert.deepEqual(serverJson.remotes, [{ transport_type: 'streamable', url: 'https://weather.example.com/mcp' }]);
  assert.deepEqual(unmapped, ['/x-registry/version_detail/release_date (required by server.json)', '/transports/0']);
});
