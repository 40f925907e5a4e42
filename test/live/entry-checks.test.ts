import assert from 'node:assert/strict';
import { test } from 'node:test';
import { capture, verify, type ConnectTarget } from 'mcpdesc-toolkit';

const stdio: ConnectTarget = { kind: 'stdio', command: 'true', args: [] };

test('capture and verify: wrong arguments are TypeErrors naming the argument, before any connection', async () => {
  const cases: [() => Promise<unknown>, RegExp][] = [
    [() => capture(undefined as never), /^capture: target must be an object/],
    [() => capture({ kind: 'ftp' } as never), /^capture: target\.kind must be 'stdio' or 'http', got "ftp"/],
    [() => capture({ kind: 'stdio', args: [] } as never), /^capture: target\.command must be a non-empty string/],
    [() => capture({ kind: 'http' } as never), /^capture: target\.url must be a string, got undefined/],
    [() => capture(stdio, 'x' as never), /^capture: options must be an object or undefined, got string/],
    [() => capture(stdio, { timeout: -1 }), /^capture: options\.timeout must be a positive number/],
    [() => verify(undefined as never, stdio), /^verify: document must be an object/],
    [() => verify({}, null as never), /^verify: target must be an object/],
    [() => verify({}, stdio, 7 as never), /^verify: options must be an object or undefined, got number/],
  ];
  for (const [call, message] of cases)
    await assert.rejects(call, (e: Error) => e instanceof TypeError && message.test(e.message));
});
