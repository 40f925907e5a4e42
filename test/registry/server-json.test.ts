import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import {
  fromServerJson,
  registryNameFor,
  serverJsonFormat,
  toServerJson,
} from 'mcpdesc-core/internal/operations/server-json.js';
import { runCli } from '../helpers/cli.js';

const fixtures = fileURLToPath(new URL('../../../test/fixtures/registry/', import.meta.url));
const withFormats = <T>(ajv: T): T => {
  (addFormats as unknown as (a: T) => void)(ajv);
  return ajv;
};
const readJson = (path: string) => JSON.parse(readFileSync(join(fixtures, path), 'utf8'));

/** The two pinned formats: schema (ajv for its draft) and examples. */
const formats = [
  {
    format: '2025-07',
    dir: 'examples',
    ajv: withFormats(new Ajv2020({ strict: false, allErrors: true })),
    schema: readJson('server.schema.json'),
    count: 6,
  },
  {
    format: '2025-12-11',
    dir: '2025-12-11/examples',
    ajv: withFormats(new Ajv({ strict: false, allErrors: true })),
    schema: readJson('2025-12-11/server.schema.json'),
    count: 3,
  },
  {
    // Read as 2025-12-11: the names the mapping uses are the same.
    format: '2025-12-11',
    dir: '2025-10-17/examples',
    ajv: withFormats(new Ajv({ strict: false, allErrors: true })),
    schema: readJson('2025-10-17/server.schema.json'),
    count: 3,
  },
] as const;

for (const { format, dir, ajv, schema, count } of formats) {
  const label = `${format} (${dir})`;
  const validate = ajv.compile(schema);
  const examples = readdirSync(join(fixtures, dir)).filter((f) => f.endsWith('.server.json'));

  test(`${label}: the pinned registry examples are valid against the pinned schema and read as ${format}`, () => {
    assert.equal(examples.length, count);
    for (const file of examples) {
      const server = readJson(join(dir, file));
      assert.ok(validate(server), `${file}: ${ajv.errorsText(validate.errors)}`);
      assert.equal(serverJsonFormat(server), format, file);
    }
  });

  for (const file of examples) {
    const server = readJson(join(dir, file));
    test(`${label}: round trip server.json -> description -> server.json: ${file}`, () => {
      const { seed } = fromServerJson(server);
      const back = toServerJson(seed);
      assert.equal(back.format, format);
      assert.deepEqual(back.serverJson, server);
      assert.ok(validate(back.serverJson), ajv.errorsText(validate.errors));
    });

    test(`${label}: a description seeded from ${file} passes mcpdesc validate`, async () => {
      const { seed } = fromServerJson(server);
      const { code, stdout } = await runCli(['validate', '-'], { stdin: JSON.stringify(seed) });
      assert.equal(code, 0, stdout);
    });
  }
}

test('2025-07: packages become stdio transports, remotes streamable-http/sse; headers are reported, not dropped', () => {
  const server = readJson('examples/example-6.server.json');
  const { seed, unmapped } = fromServerJson(server);
  assert.deepEqual(seed.info, { name: 'hybrid-mcp-server', description: server.description, version: '1.5.0' });
  assert.deepEqual(seed.transports, [
    { type: 'stdio', command: 'npx', args: ['-y', '@example/hybrid-mcp-server@1.5.0', '--mode', 'local'] },
    { type: 'sse', url: 'https://hybrid-mcp.example.com/sse' },
    { type: 'streamable-http', url: 'https://hybrid-mcp.example.com/stream' },
  ]);
  const pointers = unmapped.map((u) => u.pointer);
  assert.ok(pointers.includes('/remotes/0/headers'));
  assert.ok(pointers.includes('/repository'));
  assert.ok(unmapped.every((u) => u.code === 'kept-in-x-registry'));
  assert.deepEqual(seed['x-registry'], server);
});

test('2025-12-11: runtime hint, package arguments, URL variables; what the user must supply is reported', () => {
  const pkg = fromServerJson(readJson('2025-12-11/examples/with-package.server.json'));
  assert.deepEqual(pkg.seed.transports, [
    { type: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-weather@1.0.0', '--port', '8080'] },
  ]);
  assert.deepEqual(
    pkg.unmapped.map((u) => u.pointer),
    ['/packages/0/packageArguments/0', '/packages/0/environmentVariables/0', '/$schema'],
  );
  const remote = fromServerJson(readJson('2025-12-11/examples/with-remote.server.json'));
  assert.deepEqual(remote.seed.transports, [{ type: 'streamable-http', url: 'https://api.example.com/mcp' }]);
  assert.equal((remote.seed.info as Record<string, unknown>).title, 'Remote Weather');
  assert.deepEqual(
    remote.unmapped.map((u) => u.pointer),
    ['/remotes/0/headers', '/remotes/0/variables', '/$schema', '/repository'],
  );
});

test('2025-12-11: an OCI package runs as docker run -i --rm <runtime arguments> image <package arguments>', () => {
  const { seed, unmapped } = fromServerJson({
    name: 'io.example/fs',
    description: 'fs',
    version: '1.0.2',
    packages: [
      {
        registryType: 'oci',
        identifier: 'docker.io/mcp/filesystem:1.0.2',
        transport: { type: 'stdio' },
        runtimeArguments: [
          {
            type: 'named',
            name: '--mount',
            value: 'type=bind,src={source_path}',
            variables: { source_path: { isRequired: true } },
          },
          { type: 'named', name: '--network', value: 'host' },
        ],
        packageArguments: [{ type: 'positional', valueHint: 'target_dir', value: '/project' }],
      },
    ],
  });
  assert.deepEqual(seed.transports, [
    {
      type: 'stdio',
      command: 'docker',
      args: ['run', '-i', '--rm', '--network', 'host', 'docker.io/mcp/filesystem:1.0.2', '/project'],
    },
  ]);
  assert.deepEqual(
    unmapped.map((u) => u.pointer),
    ['/packages/0/runtimeArguments/0'],
  );
});

test('the seed declares the protocol revisions it is given', () => {
  const { seed } = fromServerJson(readJson('2025-12-11/examples/minimal.server.json'), {
    protocolVersions: ['2026-07-28'],
  });
  assert.deepEqual(seed.protocolVersions, ['2026-07-28']);
  assert.equal(seed.mcpdesc, '0.8.0');
});

test('export from a description without x-registry writes the 2025-12-11 format and reports what it lacks', () => {
  const { serverJson, unmapped, format } = toServerJson({
    info: { name: 'weather', version: '2.0.0', websiteUrl: 'https://github.com/acme/weather-mcp' },
    transports: [
      { type: 'stdio', command: 'weather' },
      { type: 'streamable-http', url: 'https://weather.example.com/mcp' },
    ],
  });
  assert.equal(format, '2025-12-11');
  assert.equal(serverJson.name, 'io.github.acme/weather-mcp');
  assert.deepEqual(serverJson.remotes, [{ type: 'streamable-http', url: 'https://weather.example.com/mcp' }]);
  assert.deepEqual(
    unmapped.map((u) => [u.pointer, u.code]),
    [
      ['/info/name', 'name-not-reverse-dns'],
      ['/info/description', 'required-by-server-json'],
      ['/transports/0', 'not-exported'],
    ],
  );
});

test('registry names: kept when reverse-DNS, derived from the website, else none', () => {
  assert.equal(registryNameFor('io.example/weather', undefined), 'io.example/weather');
  assert.equal(registryNameFor('weather', 'https://github.com/Acme/weather'), 'io.github.acme/weather');
  assert.equal(registryNameFor('my weather', 'https://tools.example.com/x'), 'com.example.tools/my-weather');
  assert.equal(registryNameFor('weather', undefined), undefined);
  assert.equal(registryNameFor('weather', 'ftp://example.com'), undefined);
});

test('a changed description wins over x-registry; an unchanged remote keeps its original entry', () => {
  const server = readJson('2025-12-11/examples/with-remote.server.json');
  const { seed } = fromServerJson(server);
  const changed = {
    ...seed,
    info: { ...(seed.info as object), version: '2.2.0' },
    transports: [...(seed.transports as object[]), { type: 'sse', url: 'https://api.example.com/sse' }],
  };
  const { serverJson } = toServerJson(changed);
  assert.equal(serverJson.version, '2.2.0');
  assert.deepEqual(serverJson.remotes, [server.remotes[0], { type: 'sse', url: 'https://api.example.com/sse' }]);
});

test('variables: every occurrence replaced, an unknown {name} kept, one the user must supply reported', () => {
  const { seed, unmapped } = fromServerJson({
    name: 'io.example/v',
    description: 'v',
    version: '1',
    packages: [
      {
        registryType: 'npm',
        identifier: 'v',
        transport: { type: 'stdio' },
        packageArguments: [
          { type: 'positional', value: '{a}-{a}-{unknown}', variables: { a: { default: 'x' } } },
          { type: 'positional', value: '{b}', variables: { b: { isRequired: true } } },
          { type: 'positional', value: '{constructor}' },
        ],
      },
    ],
  });
  assert.deepEqual((seed.transports as { args: string[] }[])[0]!.args, ['-y', 'v', 'x-x-{unknown}', '{constructor}']);
  assert.deepEqual(
    unmapped.map((u) => u.pointer),
    ['/packages/0/packageArguments/1'],
  );
});

test('an environment variable named __proto__ is kept as a member, not dropped', () => {
  const { seed } = fromServerJson({
    name: 'io.example/p',
    description: 'p',
    version: '1',
    packages: [
      {
        registryType: 'npm',
        identifier: 'p',
        transport: { type: 'stdio' },
        environmentVariables: [{ name: '__proto__', value: 'kept' }],
      },
    ],
  });
  const env = (seed.transports as { env: object }[])[0]!.env;
  assert.deepEqual(Object.keys(env), ['__proto__']);
  assert.equal(JSON.parse(JSON.stringify(env)).__proto__, 'kept');
});

test('2025-10-17 filesystem example: npm and OCI packages (environment through docker run -e); the mount the user must supply is reported; MCPB reported', () => {
  const { seed, unmapped } = fromServerJson(readJson('2025-10-17/examples/filesystem.server.json'));
  assert.deepEqual(seed.transports, [
    {
      type: 'stdio',
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-filesystem@1.0.2', '/Users/username/Desktop'],
      env: { LOG_LEVEL: 'info' },
    },
    {
      type: 'stdio',
      command: 'docker',
      args: ['run', '-i', '--rm', '-e', 'LOG_LEVEL=info', 'docker.io/mcp/filesystem:1.0.2', '/project'],
    },
  ]);
  assert.ok(unmapped.some((u) => u.pointer === '/packages/1/runtimeArguments/0'));
  const mcpb = fromServerJson(readJson('2025-10-17/examples/mcpb.server.json'));
  assert.equal(mcpb.seed.transports, undefined);
  assert.ok(mcpb.unmapped.some((u) => u.pointer === '/packages/0' && /no launcher/.test(u.message)));
});
