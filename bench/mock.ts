/**
 * `npm run bench:mock`: tools/call throughput and latency of `mcpdesc mock` over Streamable HTTP
 * (MCP 2025-11-25, stateless, JSON responses) against a floor: a minimal SDK v2 server
 * (`@modelcontextprotocol/server` + `@modelcontextprotocol/node`, `createMcpHandler` with
 * `legacy: 'stateless'`) returning a constant result for the same tool.
 *
 * Each server runs in its own child process on 127.0.0.1; this process is the load generator:
 * node:http with a keep-alive Agent (maxSockets 100) and 100 requests in flight, a warm-up,
 * then a fixed number of requests (bounded in count and time: it always stops by itself).
 *
 *   node dist/bench/mock.js                 # both, two alternating rounds each (MCPDESC_BENCH_ROUNDS)
 *   node dist/bench/mock.js serve mock|floor # a server only (prints "listening <port>")
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, Agent, request } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

const CONCURRENCY = 100;
const WARMUP = 2_000;
const REQUESTS = Number(process.env.MCPDESC_BENCH_REQUESTS ?? 20_000);
const TIME_LIMIT_MS = 120_000;
const ROUNDS = Number(process.env.MCPDESC_BENCH_ROUNDS ?? 2);
const REVISION = '2025-11-25';

const tool = {
  name: 'lookup',
  description: 'Returns the length of a word.',
  inputSchema: {
    type: 'object',
    properties: { word: { type: 'string', minLength: 1 } },
    required: ['word'],
    additionalProperties: false,
  },
  annotations: { readOnlyHint: true },
};
const result = { content: [{ type: 'text', text: '5' }] };

/** The description the mock serves: one tool, one example. */
export const benchDescription = {
  mcpdesc: '0.8.0',
  info: { name: 'bench', version: '1.0.0' },
  protocolVersions: [REVISION],
  tools: [{ ...tool, examples: { hello: { input: { word: 'hello' }, result } } }],
};

async function serveMock(): Promise<void> {
  const { startMock } = await import('mcpdesc-toolkit/internal/live/mock/server.js');
  const handle = await startMock(benchDescription, { transport: 'http', port: 0 });
  process.stdout.write(`listening ${handle.port}\n`);
}

/**
 * The floor: the SDK's stateless JSON-response pattern for 2025-era Streamable HTTP, one `Server`
 * and one `WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined,
 * enableJsonResponse: true })` per request (the SDK's `createMcpHandler` legacy fallback answers
 * 2025-era requests with SSE only, another transport mode), a constant tools/call result.
 */
async function serveFloor(): Promise<void> {
  type Transport = { handleRequest(r: Request): Promise<Response>; close(): Promise<void> };
  const sdk = (await import('@modelcontextprotocol/server')) as unknown as {
    Server: new (
      info: object,
      options: object,
    ) => {
      setRequestHandler(method: string, fn: (req: unknown) => Promise<object>): void;
      connect(t: Transport): Promise<void>;
      close(): Promise<void>;
    };
    WebStandardStreamableHTTPServerTransport: new (options: object) => Transport;
  };
  const { toNodeHandler } = (await import('@modelcontextprotocol/node')) as unknown as {
    toNodeHandler: (
      h: { fetch: (r: Request) => Promise<Response> },
      o: object,
    ) => (req: unknown, res: unknown) => Promise<void>;
  };
  const handler = toNodeHandler(
    {
      fetch: async (request) => {
        const server = new sdk.Server({ name: 'floor', version: '1.0.0' }, { capabilities: { tools: {} } });
        server.setRequestHandler('tools/list', async () => ({ tools: [tool] }));
        server.setRequestHandler('tools/call', async () => result);
        const transport = new sdk.WebStandardStreamableHTTPServerTransport({
          sessionIdGenerator: undefined,
          enableJsonResponse: true,
        });
        await server.connect(transport);
        try {
          return await transport.handleRequest(request);
        } finally {
          void transport.close().catch(() => undefined);
          void server.close().catch(() => undefined);
        }
      },
    },
    {},
  );
  const http = createServer((req, res) => void handler(req, res));
  http.listen(0, '127.0.0.1', () => process.stdout.write(`listening ${(http.address() as { port: number }).port}\n`));
}

/** The server's CPU time so far (µs), asked over its stdout with SIGUSR2. */
function cpuOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const onData = (chunk: Buffer) => {
      const m = /cpu (\d+)/.exec(chunk.toString());
      if (!m) return;
      child.stdout!.off('data', onData);
      resolve(Number(m[1]));
    };
    child.stdout!.on('data', onData);
    child.kill('SIGUSR2');
  });
}

function start(kind: string): Promise<{ child: ChildProcess; port: number }> {
  // MCPDESC_BENCH_PROFILE=DIR: the servers write CPU profiles there (node --cpu-prof).
  const profile = process.env.MCPDESC_BENCH_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.MCPDESC_BENCH_PROFILE}`]
    : [];
  const child = spawn(process.execPath, [...profile, fileURLToPath(import.meta.url), 'serve', kind], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`${kind} server did not start`)), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const m = /listening (\d+)/.exec(text);
      if (m) {
        clearTimeout(timer);
        resolve({ child, port: Number(m[1]) });
      }
    });
    child.once('exit', (code) => reject(new Error(`${kind} server exited with ${code}`)));
  });
}

interface Run {
  count: number;
  errors: number;
  seconds: number;
  latencies: Float64Array;
}

/** Sends `total` tools/call requests with `CONCURRENCY` in flight. */
async function load(port: number, total: number, agent: Agent): Promise<Run> {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'lookup', arguments: { word: 'hello' } },
  });
  const headers = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': REVISION,
    'content-length': Buffer.byteLength(body),
  };
  const latencies = new Float64Array(total);
  let sent = 0;
  let done = 0;
  let errors = 0;
  const deadline = Date.now() + TIME_LIMIT_MS;
  const one = (i: number) =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      const req = request({ host: '127.0.0.1', port, path: '/mcp', method: 'POST', headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          latencies[i] = performance.now() - t0;
          const text = Buffer.concat(chunks).toString();
          if (res.statusCode !== 200 || !text.includes('"result"')) errors++;
          resolve();
        });
      });
      req.on('error', () => {
        latencies[i] = performance.now() - t0;
        errors++;
        resolve();
      });
      req.end(body);
    });
  const started = performance.now();
  const worker = async () => {
    while (sent < total && Date.now() < deadline) {
      const i = sent++;
      await one(i);
      done++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  return { count: done, errors, seconds, latencies: latencies.slice(0, done) };
}

function percentile(sorted: Float64Array, p: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function measure(
  kind: string,
): Promise<{ rps: number; p50: number; p99: number; errors: number; count: number; cpuPerRequest: number }> {
  const { child, port } = await start(kind);
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  try {
    await load(port, WARMUP, agent);
    const cpu0 = await cpuOf(child);
    const run = await load(port, REQUESTS, agent);
    const cpu = (await cpuOf(child)) - cpu0;
    const sorted = run.latencies.sort();
    return {
      rps: run.count / run.seconds,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      errors: run.errors,
      count: run.count,
      cpuPerRequest: cpu / run.count,
    };
  } finally {
    agent.destroy();
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    });
  }
}

async function main(): Promise<void> {
  if (process.argv[2] === 'serve') {
    process.on('SIGTERM', () => process.exit(0));
    process.on('SIGUSR2', () => {
      const u = process.cpuUsage();
      process.stdout.write(`cpu ${u.user + u.system}\n`);
    });
    if (process.argv[3] === 'mock') await serveMock();
    else await serveFloor();
    return;
  }
  const load1 = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  console.log(
    `mock throughput: tools/call over Streamable HTTP (MCP ${REVISION}, stateless JSON), ${CONCURRENCY} concurrent keep-alive connections, ${REQUESTS} requests after ${WARMUP} warm-up`,
  );
  console.log(
    `machine: ${cpus().length} CPU(s) (${cpus()[0]?.model ?? '?'}), node ${process.version}, load average ${load1}, ${new Date().toISOString()}`,
  );
  // Alternating rounds (floor, mock, floor, mock): a shared machine's load drifts; each server's
  // best round is compared.
  type Measure = Awaited<ReturnType<typeof measure>>;
  const best: Record<string, Measure> = {};
  for (let round = 1; round <= ROUNDS; round++) {
    for (const kind of ['floor', 'mock']) {
      const r = await measure(kind);
      if (!best[kind] || r.rps > best[kind]!.rps) best[kind] = r;
      console.log(
        `round ${round} ${kind.padEnd(6)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  server CPU ${r.cpuPerRequest.toFixed(0)} µs/request  (${r.count} requests, ${r.errors} errors)`,
      );
    }
  }
  const [floor, mock] = [best.floor!, best.mock!];
  console.log(
    `best   floor ${floor.rps.toFixed(0)} req/s (p50 ${floor.p50.toFixed(1)} ms, p99 ${floor.p99.toFixed(1)} ms); mock ${mock.rps.toFixed(0)} req/s (p50 ${mock.p50.toFixed(1)} ms, p99 ${mock.p99.toFixed(1)} ms)`,
  );
  console.log(
    `mock/floor throughput: ${((mock.rps / floor.rps) * 100).toFixed(0)}% (target >= 80%); server CPU per request: mock ${mock.cpuPerRequest.toFixed(0)} µs, floor ${floor.cpuPerRequest.toFixed(0)} µs (floor/mock ${((floor.cpuPerRequest / mock.cpuPerRequest) * 100).toFixed(0)}%, load-independent)`,
  );
  console.log(
    `load average after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
}

await main();
