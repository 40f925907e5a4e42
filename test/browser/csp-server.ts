/**
 * A local page server (127.0.0.1, ephemeral port) whose every response carries
 * `Content-Security-Policy: script-src 'self'`: scripts load only from this origin, never inline,
 * and `eval` / `new Function` are refused (and reported as `securitypolicyviolation` events).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const CSP = "script-src 'self'";

export interface PageServer {
  origin: string;
  close(): Promise<void>;
}

/** Serves `files` (path to body); JavaScript and JSON get their content types. Anything else is a 404. */
export async function servePages(files: Record<string, string>): Promise<PageServer> {
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    const body = files[path];
    const type = path.endsWith('.js')
      ? 'text/javascript'
      : path.endsWith('.json')
        ? 'application/json'
        : 'text/html; charset=utf-8';
    response.setHeader('Content-Security-Policy', CSP);
    response.setHeader('Cache-Control', 'no-store');
    if (body === undefined) {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(200, { 'Content-Type': type }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Records CSP violations from the first moment (a classic script, before any module runs). */
export const violationRecorder = `window.cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.cspViolations.push({ directive: e.violatedDirective, blocked: e.blockedURI, sample: e.sample });
});
`;

/** A page with no inline script: the recorder, then one module. */
export function pageHtml(moduleSrc: string): string {
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>mcpdesc-core in the browser</title><link rel="icon" href="data:,">
<script src="/record-violations.js"></script>
<script type="module" src="${moduleSrc}"></script>
</head><body><p id="status">loading</p></body></html>
`;
}
