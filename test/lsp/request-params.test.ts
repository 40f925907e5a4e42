/**
 * Malformed requests through a real client: every request handler answers InvalidParams (-32602)
 * naming the field and the value found, never an internal error (-32603) from a handler that
 * trusted its params; the server answers well-formed requests afterwards.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DidOpenTextDocumentNotification, ResponseError } from 'vscode-languageserver-protocol/node';
import { startClient } from './client.js';

const uri = 'file:///params/tools.mcpdesc.yaml';
const text = 'mcpdesc: 0.8.0\ninfo:\n  name: params\n  version: 1.0.0\ntools: []\n';
const document = { uri };
const position = { line: 1, character: 2 };
const range = { start: position, end: position };

/** Per method: a well-formed request, and malformed ones with the message each must give. */
const cases: { method: string; valid: object; malformed: [unknown, RegExp][] }[] = [
  {
    method: 'textDocument/hover',
    valid: { textDocument: document, position },
    malformed: [
      [{ textDocument: document }, /^textDocument\/hover: params\.position must be an object, found nothing$/],
      [
        { textDocument: document, position: { line: -1, character: 0 } },
        /params\.position\.line must be an integer from 0 to 2147483647, found -1$/,
      ],
      [{ textDocument: document, position: { line: 0, character: '2' } }, /params\.position\.character .* found "2"$/],
      [{ position }, /params\.textDocument must be an object, found nothing$/],
      [{ textDocument: { uri: 7 }, position }, /params\.textDocument\.uri must be a string, found 7$/],
    ],
  },
  {
    method: 'textDocument/completion',
    valid: { textDocument: document, position },
    malformed: [[{ textDocument: document }, /^textDocument\/completion: params\.position must be an object/]],
  },
  {
    method: 'textDocument/definition',
    valid: { textDocument: document, position },
    malformed: [[{ textDocument: document, position: { line: 1.5, character: 0 } }, /params\.position\.line/]],
  },
  {
    method: 'textDocument/references',
    valid: { textDocument: document, position, context: { includeDeclaration: true } },
    malformed: [
      [{ textDocument: document, position }, /params\.context must be an object, found nothing$/],
      [
        { textDocument: document, position, context: { includeDeclaration: 'yes' } },
        /params\.context\.includeDeclaration must be true or false, found "yes"$/,
      ],
    ],
  },
  {
    method: 'textDocument/prepareRename',
    valid: { textDocument: document, position },
    malformed: [[{ textDocument: document }, /params\.position must be an object/]],
  },
  {
    method: 'textDocument/rename',
    valid: { textDocument: document, position, newName: 'x' },
    malformed: [[{ textDocument: document, position }, /params\.newName must be a string, found nothing$/]],
  },
  {
    method: 'textDocument/codeAction',
    valid: { textDocument: document, range, context: { diagnostics: [] } },
    malformed: [
      [{ textDocument: document }, /params\.range must be an object, found nothing$/],
      [{ textDocument: document, range: { start: position } }, /params\.range\.end must be an object/],
    ],
  },
  {
    method: 'textDocument/formatting',
    valid: { textDocument: document, options: { tabSize: 2, insertSpaces: true } },
    malformed: [[{ options: {} }, /^textDocument\/formatting: params\.textDocument must be an object/]],
  },
  {
    method: 'textDocument/documentSymbol',
    valid: { textDocument: document },
    malformed: [[{}, /params\.textDocument must be an object/]],
  },
  {
    method: 'workspace/symbol',
    valid: { query: '' },
    malformed: [[{ query: 3 }, /^workspace\/symbol: params\.query must be a string, found 3$/]],
  },
];

test('every request handler answers malformed params with InvalidParams naming the field, then serves valid ones', async () => {
  const client = await startClient();
  try {
    await client.connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId: 'yaml', version: 1, text },
    });
    await client.nextDiagnostics(uri);
    for (const { method, valid, malformed } of cases) {
      for (const [params, message] of malformed) {
        const answer = await client.connection.sendRequest(method, params).then(
          (result: unknown) => ({ result }),
          (error: unknown) => ({ error }),
        );
        assert.ok('error' in answer, `${method} with ${JSON.stringify(params)} was answered ${JSON.stringify(answer)}`);
        const error = answer.error as ResponseError<unknown>;
        assert.equal(error.code, -32602, `${method}: ${error.message}`);
        assert.match(error.message, message, method);
      }
      await client.connection.sendRequest(method, valid).catch((error: ResponseError<unknown>) => {
        // A valid rename of nothing renameable may be refused, but never as malformed.
        assert.notEqual(error.code, -32603, `${method}: ${error.message}`);
        assert.doesNotMatch(error.message, /params/, method);
      });
    }
    assert.equal(await client.close(), 0);
  } finally {
    client.child.kill();
  }
});

/** Sends one raw JSON-RPC request (what the client library would not send) and reads the answer with its id. */
async function rawRequest(client: Awaited<ReturnType<typeof startClient>>, message: object): Promise<unknown> {
  const id = (message as { id: string }).id;
  let seen = '';
  const answer = new Promise<unknown>((resolve) => {
    const listen = (chunk: Buffer): void => {
      seen += chunk.toString('utf8');
      for (const part of seen.split(/Content-Length: \d+\r\n\r\n/)) {
        if (!part.includes(JSON.stringify(id))) continue;
        try {
          const parsed = JSON.parse(part) as { id?: unknown };
          if (parsed.id !== id) continue;
          client.child.stdout!.off('data', listen);
          resolve(parsed);
        } catch {
          // Not complete yet.
        }
      }
    };
    client.child.stdout!.on('data', listen);
  });
  const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...message }), 'utf8');
  client.child.stdin!.write(`Content-Length: ${body.length}\r\n\r\n`);
  client.child.stdin!.write(body);
  return answer;
}

test('params that are null, a string or an array are InvalidParams too', async () => {
  const client = await startClient();
  try {
    for (const [index, params] of [null, 'x', [1, 2]].entries())
      for (const method of cases.map((c) => c.method)) {
        const answer = (await rawRequest(client, { id: `raw-${index}-${method}`, method, params })) as {
          error?: { code: number; message: string };
        };
        assert.equal(answer.error?.code, -32602, `${method} with ${JSON.stringify(params)}: ${JSON.stringify(answer)}`);
        if (params === null) assert.equal(answer.error.message, `${method}: params must be an object, found null`);
      }
    assert.equal(await client.close(), 0);
  } finally {
    client.child.kill();
  }
});
