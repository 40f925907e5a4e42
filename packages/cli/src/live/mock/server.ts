/**
 * `startMock(document, options)`: serves an MCP Description as an MCP server on the official SDK
 * v2 server packages, over stdio or Streamable HTTP, for every revision the description declares,
 * answering from the description's named examples (selection.ts). Nothing is ever executed.
 *
 * The model is built once per document (model.ts); requests are answered by handlers.ts, one
 * SDK `Server` per stdio connection or HTTP request, over stdio.ts or http.ts, each transport
 * wrapped by transport-wrapper.ts. Where the SDK's high-level API cannot express what the mock
 * needs (each documented in docs/mock.md):
 * - Request handlers are registered on the low-level `Server` with `setRequestHandler`, returning
 *   pre-built results: list results keep every native field (x-*, _meta, unknown fields), and
 *   pagination uses our own opaque cursors (pagination.ts).
 * - The SDK encodes error code -32002 as -32602 on every revision. Revisions before 2026-07-28
 *   use -32002 for resource-not-found, so a handler throws -32602 with a marker in `data`, and
 *   the transports we construct (stdio; the stateless legacy HTTP leg) rewrite that response to
 *   -32002 and remove the marker.
 * - A stdio connection's capabilities are chosen per revision: the 2025-era `initialize` request
 *   is seen by our transport wrapper before the SDK answers it, and the instance's capabilities
 *   are set for the revision the handshake will select.
 * - Over stdio, a line that is not JSON is answered with -32700 by our line reader (the SDK's
 *   reader reports it out of band only).
 * - Over HTTP, 2026-07-28 traffic goes to `createMcpHandler` (modern only, JSON responses);
 *   2025-era traffic goes to our own stateless leg (one `Server` and one
 *   `WebStandardStreamableHTTPServerTransport` per request, JSON responses) so its revision is
 *   known before the instance is built. Bodies over --max-body are answered 413; a body that is
 *   not JSON is answered -32700.
 */
import { buildModel, readModel, type LoadedModel, type MockModel } from './model.js';
import { MockHandlers } from './handlers.js';
import { startHttp } from './http.js';
import type { SdkModule } from './sdk.js';
import { namedExamples } from './selection.js';
import { startStdio } from './stdio.js';
import { checkMockOptions } from '../entry-checks.js';
import type { MockHandle, MockOptions, ReloadReport, TransportOptions } from './types.js';

export type { MockHandle, MockOptions, ReloadReport } from './types.js';

export class MockError extends Error {
  override name = 'MockError';
  constructor(
    message: string,
    readonly diagnostics: LoadedModel['diagnostics'] = [],
  ) {
    super(message);
  }
}

/** An option that names something the description does not have (`--example`): a usage error. */
export class MockOptionError extends Error {
  override name = 'MockOptionError';
}

/** The problem with `--example TOOL=NAME` options, naming the tools or examples that exist; undefined when all exist. */
function exampleOptionProblem(model: MockModel, examples: Record<string, string>): string | undefined {
  for (const [tool, example] of Object.entries(examples)) {
    const declarations = [...model.byRevision.values()].flatMap((rm) => {
      const declaration = rm.declarations.tools.get(tool);
      return declaration ? [declaration] : [];
    });
    if (declarations.length === 0) {
      const tools = new Set([...model.byRevision.values()].flatMap((rm) => [...rm.declarations.tools.keys()]));
      return `--example ${tool}=${example}: the description has no tool ${JSON.stringify(tool)} (its tools: ${[...tools].map((t) => JSON.stringify(t)).join(', ') || 'none'})`;
    }
    const names = new Set(declarations.flatMap((declaration) => namedExamples(declaration).map(([name]) => name)));
    if (!names.has(example))
      return `--example ${tool}=${example}: tool ${JSON.stringify(tool)} has no example ${JSON.stringify(example)} (its examples: ${[...names].map((n) => JSON.stringify(n)).join(', ') || 'none'})`;
  }
  return undefined;
}

const defaultMaxBody = 4 * 1024 * 1024;

/** Starts the mock. Throws MockError when the document cannot be served, MockOptionError when an option names what it lacks. */
export async function startMock(document: unknown, options: MockOptions = {}): Promise<MockHandle> {
  checkMockOptions(options);
  const built = buildModel(document, options);
  if (!built.model)
    throw new MockError('the description cannot be served: it is not valid or has no native form', built.diagnostics);
  const problem = exampleOptionProblem(built.model, options.examples ?? {});
  if (problem) throw new MockOptionError(problem);
  const state: { model: MockModel } = { model: built.model };
  const sdk = (await import('@modelcontextprotocol/server')) as unknown as SdkModule;
  const handlers = new MockHandlers(state, options, sdk);
  const serve = (loaded: LoadedModel): ReloadReport => {
    if (!loaded.model) return { ok: false, diagnostics: loaded.diagnostics };
    const before = state.model;
    state.model = loaded.model;
    handlers.notifyChanges(before, loaded.model, transport?.publish);
    return { ok: true, diagnostics: loaded.diagnostics };
  };
  const settled: TransportOptions = { ...options, maxBody: options.maxBody ?? defaultMaxBody };
  const transport =
    options.transport === 'http' ? await startHttp(handlers, sdk, settled) : await startStdio(handlers, settled);
  return {
    ...transport,
    revisions: [...built.model.revisions],
    reload: (next) => serve(buildModel(next, options)),
    reloadFile: async (path) => serve(await readModel(path, options)),
  };
}
