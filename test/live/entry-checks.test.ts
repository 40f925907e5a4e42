/**
 * The live library's entry points called as a JavaScript caller without a type checker might:
 * each wrong argument is a TypeError naming the function, the argument and what it got, before
 * any process is started or any connection made (issue 39: argument checks at the entry points).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { capture, record, startMock, verify } from 'mcpdesc-toolkit';

const document = {
  mcpdesc: '0.8.0',
  info: { name: 's', version: '1' },
  protocolVersions: ['2025-11-25'],
  tools: [{ name: 't', inputSchema: { type: 'object' } }],
};
const stdio = { kind: 'stdio', command: 'never-started', args: [] };

const calls: [string, () => Promise<unknown>, RegExp][] = [
  ['capture()', () => capture(undefined as never), /^capture: expected target to be a target .*got undefined$/],
  ['capture(null)', () => capture(null as never), /^capture: expected target to be .*got null$/],
  [
    'capture({ kind: "stdio" })',
    () => capture({ kind: 'stdio' } as never),
    /^capture: expected target\.command to be a non-empty string, got undefined$/,
  ],
  [
    'capture(stdio, args of numbers)',
    () => capture({ ...stdio, args: [1] } as never),
    /^capture: expected target\.args to be an array of strings/,
  ],
  [
    'capture({ kind: "http" })',
    () => capture({ kind: 'http' } as never),
    /^capture: expected target\.url to be an http: or https: URL, got undefined$/,
  ],
  [
    'capture(file: URL)',
    () => capture({ kind: 'http', url: 'file:///etc/passwd' } as never),
    /^capture: expected target\.url to be an http: or https: URL, got a string/,
  ],
  [
    'capture({ kind: "x" })',
    () => capture({ kind: 'x' } as never),
    /^capture: expected target\.kind to be "stdio" or "http", got a string \("x"\)$/,
  ],
  [
    'capture(stdio, 5)',
    () => capture(stdio as never, 5 as never),
    /^capture: expected options to be an object or undefined, got a number \(5\)$/,
  ],
  [
    'capture(stdio, { timeout: "x" })',
    () => capture(stdio as never, { timeout: 'x' } as never),
    /^capture: expected options\.timeout to be a positive number/,
  ],
  ['verify()', () => verify(undefined as never, undefined as never), /^verify: expected the document to be an object/],
  ['verify(document)', () => verify(document, undefined as never), /^verify: expected target to be a target/],
  [
    'verify(document, stdio, null)',
    () => verify(document, stdio as never, null as never),
    /^verify: expected options to be an object or undefined, got null$/,
  ],
  [
    'startMock(document, 5)',
    () => startMock(document, 5 as never),
    /^startMock: expected options to be an object or undefined, got a number \(5\)$/,
  ],
  [
    'startMock(document, { transport: "x" })',
    () => startMock(document, { transport: 'x' } as never),
    /^startMock: expected options\.transport to be "stdio", "http" or undefined/,
  ],
  [
    'startMock(document, { port: -1 })',
    () => startMock(document, { port: -1 }),
    /^startMock: expected options\.port to be an integer from 0 to 65535/,
  ],
  [
    'record()',
    () => record(undefined as never, undefined as never),
    /^record: expected the session to be a live session/,
  ],
  [
    'record({}, document)',
    () => record({} as never, document),
    /^record: expected the session to be a live session .* with a revision/,
  ],
];

for (const [name, call, message] of calls)
  test(`${name} is a TypeError that names the argument`, async () => {
    await assert.rejects(call(), (error: unknown) => {
      assert.ok(error instanceof TypeError, `${String(error)}`);
      assert.match(error.message, message);
      return true;
    });
  });
