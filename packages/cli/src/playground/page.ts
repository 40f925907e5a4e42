/**
 * The playground page: one self-contained HTML file, the core bundled into its one inline script.
 * Pure (no file system): the command reads the bundle and the document, this writes the page.
 * The Content-Security-Policy allows only the page's own inline style and script by their
 * hashes, plus the docs page's, because the preview's srcdoc frame inherits this policy (HTML
 * policy containers); nothing is fetched, nothing is evaluated.
 */
import { escapeHtml as esc, script as docsScript, sha256Base64, styles as docsStyles } from 'mcpdesc-core/render';
import { initialTextBlock, type InitialText } from './initial-text.js';
import { playgroundStyles } from './styles.js';

export interface PlaygroundPage {
  /** The bundled page script (dist/playground/app.js). */
  script: string;
  /** The editor's initial text, as the CLI decodes the file (see initial-text.ts). */
  initial: InitialText;
  /** Shown in the header: the file the text came from. */
  source: string;
}

export const checkChoices: ReadonlyArray<[value: string, label: string]> = [
  ['validate', 'validate only'],
  ['recommended', 'lint: recommended'],
  ['strict', 'lint: strict'],
  ['directory', 'lint: directory'],
];

/** The page's policy: its style and script, the docs page's style and script (the preview), data: images. */
export function playgroundPolicy(script: string): string {
  const hash = (text: string): string => `'sha256-${sha256Base64(text)}'`;
  return [
    "default-src 'none'",
    `style-src ${hash(playgroundStyles)} ${hash(docsStyles)}`,
    `script-src ${hash(script)} ${hash(docsScript)}`,
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/**
 * A script can sit in a <script> element only if it cannot end the element early: no `</script`
 * and no `<!--` (the script-data escape states). The bundler escapes them; this proves it.
 */
export function assertInlineSafe(script: string): void {
  if (/<\/script|<!--/i.test(script)) throw new Error('the playground script contains "</script" or "<!--"');
}

export function renderPlayground(page: PlaygroundPage): string {
  assertInlineSafe(page.script);
  const options = checkChoices
    .map(([value, label]) => `<option value="${value}"${value === 'recommended' ? ' selected' : ''}>${label}</option>`)
    .join('');
  // The text is not written into the textarea (the parser remaps character references there:
  // U+0080-U+009F, NUL, a leading U+FEFF); a JSON data block carries it, the script sets it.
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${esc(playgroundPolicy(page.script))}">
<meta name="referrer" content="no-referrer">
<meta name="generator" content="mcpdesc playground">
<title>mcpdesc playground</title>
<style>${playgroundStyles}</style>
</head>
<body>
<header class="bar">
<h1>mcpdesc playground</h1>
<span class="file">${esc(page.source)}</span>
<label>Check <select id="check">${options}</select></label>
<button type="button" id="to-json">To JSON</button>
<button type="button" id="to-yaml">To YAML</button>
<span class="spacer"></span>
<span id="caret"></span>
<span id="status" role="status" aria-live="polite"></span>
</header>
<main class="panes">
<section class="pane" aria-label="Editor">
<p id="editor-note" class="note" hidden></p>
<div class="editor">
<pre id="gutter" aria-hidden="true"></pre>
<textarea id="editor" spellcheck="false" autocapitalize="off" autocomplete="off" wrap="off" aria-label="MCP Description document (JSON or YAML)"></textarea>
</div>
<section class="diagnostics" aria-labelledby="diagnostics-title">
<h2 id="diagnostics-title">Diagnostics (<span id="diagnostic-count"></span>)</h2>
<ol id="diagnostics"></ol>
</section>
</section>
<section class="pane" aria-label="Output">
<div class="tabs" role="tablist">
<button type="button" role="tab" id="tab-preview" aria-controls="panel-preview" aria-selected="true">Docs preview</button>
<button type="button" role="tab" id="tab-view" aria-controls="panel-view" aria-selected="false">Effective Protocol View</button>
</div>
<div id="panel-preview" role="tabpanel" aria-labelledby="tab-preview">
<p id="preview-note" class="note" hidden></p>
<iframe id="preview" sandbox="allow-scripts" title="Documentation preview (mcpdesc docs)"></iframe>
</div>
<div id="panel-view" role="tabpanel" aria-labelledby="tab-view" hidden>
<div class="view-bar"><label>Revision <select id="revision"></select></label></div>
<p id="view-note" class="note" hidden></p>
<pre id="view"></pre>
</div>
</section>
</main>
<script type="application/json" id="initial-text">${initialTextBlock(page.initial)}</script>
<script>${page.script}</script>
</body>
</html>
`;
}
