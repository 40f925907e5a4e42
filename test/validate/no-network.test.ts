import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:net';
import { test } from 'node:test';
import { validate } from 'mcpdesc-core/internal/validate/validate.js';

/** Validation never connects anywhere: $schema, $ref, icon and example URLs are data (4.7, 9.2). */
test('validation of a document full of loopback URLs opens no connection', async () => {
  let connections = 0;
  const server: Server = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const base = `http://127.0.0.1:${port}`;
  try {
    const document = {
      $schema: `${base}/schema.json`,
      mcpdesc: '0.8.0',
      info: { name: 'net', version: '1.0.0', icons: [{ src: `${base}/icon.png` }], websiteUrl: `${base}/` },
      protocolVersions: ['2025-11-25'],
      transports: [{ type: 'streamable-http', url: `${base}/mcp` }],
      tools: [
        {
          name: 'remote_ref',
          icons: [{ src: `${base}/tool.png` }],
          inputSchema: {
            $schema: 'https://json-schema.org/draft/2020-12/schema',
            type: 'object',
            properties: { a: { $ref: `${base}/a.json` } },
          },
          outputSchema: { type: 'object', $ref: `${base}/out.json#/defs/x` },
          examples: {
            one: {
              input: { a: 1 },
              result: {
                content: [{ type: 'resource_link', uri: `${base}/r`, name: 'r' }],
                structuredContent: { x: 1 },
              },
            },
          },
        },
      ],
      resources: [
        {
          uri: `${base}/resource`,
          name: 'r',
          examples: { e: { result: { contents: [{ uri: `${base}/resource`, text: 'x' }] } } },
        },
      ],
    };
    const result = validate(document);
    validate(JSON.stringify(document), { filename: 'net.json' });
    // Give a stray asynchronous connection attempt the chance to arrive before counting.
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(connections, 0, 'validation connected to the loopback server');
    assert.equal(result.complete, false, 'unresolved external $ref makes validation incomplete');
    assert.ok(
      result.diagnostics.some((d) => d.severity === 'warning'),
      'the incompleteness is reported as a warning',
    );
  } finally {
    server.close();
  }
});
