/**
 * `mcpdesc docs`: one self-contained HTML page for an MCP Description document. Pure: no file
 * system, no network. Inline CSS and script only; a Content-Security-Policy allows nothing else
 * (no remote images: icons are shown as links, data: icons as images). Every document value is
 * untrusted: text is escaped, descriptions go through the safe Markdown subset, URLs become links
 * only for http, https and mailto. Same input, same bytes.
 */
import { isObject, type JsonObject } from '../model/values.js';
import type { Revision } from '../model/revisions.js';
import { buildCatalogue, extensionsOf, slug, text, type Catalogue, type Entry } from './catalogue.js';
import {
  describeRequirement,
  effectiveHints,
  effectiveSecurity,
  readRequirement,
  type Requirement,
} from './effective.js';
import { effectiveScope, primitiveKind, primitiveKinds, type PrimitiveKind } from '../model/document.js';
import { escapeHtml as esc, isSafeUrl, renderMarkdownSafe, safeLink } from './markdown-safe.js';
import { compactJson, schemaRows } from './schema-table.js';
import { script } from './script.js';
import { sha256Base64 } from './sha256.js';
import { styles } from './styles.js';
import { connectionSnippets } from './snippets.js';
import { assertWalkable } from '../model/caller-values.js';

export interface RenderOptions {
  /** Page title; default: info.title, else info.name. */
  title?: string;
}

/** The Content-Security-Policy of the page: only our inline style and script (by hash), data: images. */
export function contentSecurityPolicy(): string {
  return `default-src 'none'; style-src 'sha256-${sha256Base64(styles)}'; script-src 'sha256-${sha256Base64(script)}'; img-src data:; base-uri 'none'; form-action 'none'`;
}

const json = (value: unknown): string =>
  `<pre><code>${esc(JSON.stringify(value, null, 2) ?? 'undefined')}</code></pre>`;
const md = (value: unknown): string =>
  typeof value === 'string' && value.trim() !== ''
    ? `<div class="description" data-searchable>${renderMarkdownSafe(value)}</div>`
    : '';
/** The revision scope that tells an entry from another of the same name (see Entry.scopeLabel). */
const scopeLabel = (e: Entry): string => (e.scopeLabel ? ` <span class="variant">${esc(e.scopeLabel)}</span>` : '');
const code = (value: string): string => `<code>${esc(value)}</code>`;

/** A URL as a link when safe, else as code (data only). */
function url(value: unknown, label?: string): string {
  if (typeof value !== 'string') return '';
  return safeLink(value, esc(label ?? value)) ?? code(value);
}

function revisionChips(scope: readonly Revision[]): string {
  if (scope.length === 0) return '';
  return `<span class="chips" aria-label="MCP protocol revisions">${scope.map((r) => `<span class="chip rev">${esc(r)}</span>`).join('')}</span>`;
}

function revisionsAttr(scope: readonly Revision[]): string {
  return ` data-revisions="${esc(scope.join(' '))}"`;
}

function tagChips(tags: readonly string[]): string {
  if (tags.length === 0) return '';
  return `<span class="chips" aria-label="Tags">${tags.map((t) => `<span class="chip tag">${esc(t)}</span>`).join('')}</span>`;
}

class Page {
  private snippetCount = 0;

  constructor(private readonly catalogue: Catalogue) {}

  snippet(textValue: string, label: string): string {
    const id = `snippet-${++this.snippetCount}`;
    return `<div class="snippet"><pre id="${id}"><code>${esc(textValue)}</code></pre><button type="button" class="copy" data-copy="${id}" aria-label="Copy ${esc(label)}" hidden>Copy</button></div>`;
  }

  // ---- header --------------------------------------------------------------------------

  header(title: string): string {
    const doc = this.catalogue.document;
    const info = isObject(doc.info) ? doc.info : {};
    const facts: string[] = [];
    if (text(info.name)) facts.push(`<li>Name: ${code(info.name as string)}</li>`);
    if (text(info.version)) facts.push(`<li>Version: ${code(info.version as string)}</li>`);
    if (text(info.id)) facts.push(`<li>Id: ${code(info.id as string)}</li>`);
    if (text(doc.mcpdesc)) facts.push(`<li>MCP Description ${esc(doc.mcpdesc as string)}</li>`);
    if (text(info.websiteUrl)) facts.push(`<li>Website: ${url(info.websiteUrl)}</li>`);
    if (isObject(info.contact)) {
      const c = info.contact;
      const parts = [
        text(c.name) ? esc(c.name as string) : '',
        text(c.url) ? url(c.url) : '',
        text(c.email) ? url(`mailto:${c.email as string}`, c.email as string) : '',
      ].filter(Boolean);
      if (parts.length) facts.push(`<li>Contact: ${parts.join(' · ')}</li>`);
    }
    if (isObject(info.license) && text(info.license.name)) {
      facts.push(
        `<li>License: ${text(info.license.url) ? url(info.license.url, info.license.name as string) : esc(info.license.name as string)}</li>`,
      );
    }
    const icons = Array.isArray(info.icons) ? this.icons(info.icons) : '';
    const instructions = text(doc.instructions) ? `<h2 id="instructions">Instructions</h2>${md(doc.instructions)}` : '';
    return `<header class="server" aria-labelledby="page-title">
<h1 id="page-title">${esc(title)}</h1>
${md(info.description)}
<ul class="meta">${facts.join('')}</ul>
${icons}
<p>Protocol revisions: ${revisionChips(this.catalogue.rootScope) || '<span class="muted">none declared</span>'}</p>
<p class="muted">Showing <span data-view-label>all revisions</span>.</p>
</header>
${instructions}`;
  }

  /** Icons: data: images are shown (no request); remote icons are links, never loaded. */
  icons(list: unknown[]): string {
    const items = list.filter(isObject).map((icon) => {
      const src = text(icon.src) ?? '';
      const facts = [
        text(icon.mimeType),
        Array.isArray(icon.sizes) ? icon.sizes.filter((s) => typeof s === 'string').join(' ') : undefined,
        text(icon.theme) ? `${icon.theme as string} theme` : undefined,
      ]
        .filter(Boolean)
        .join(', ');
      const image =
        /^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/i.test(src) && !/["'\s]/.test(src)
          ? `<img src="${esc(src)}" alt="" width="32" height="32"> `
          : '';
      const target = image ? 'inline image' : (safeLink(src, esc(src)) ?? code(src));
      return `<li>${image}${target}${facts ? ` <span class="muted">(${esc(facts)})</span>` : ''}</li>`;
    });
    return items.length
      ? `<details class="icons"><summary>Icons (${items.length}; remote icons are not loaded)</summary><ul>${items.join('')}</ul></details>\n`
      : '';
  }

  // ---- transports, security, capabilities ---------------------------------------------------

  transports(): string {
    const doc = this.catalogue.document;
    if (!Array.isArray(doc.transports)) return '';
    const serverName = text(isObject(doc.info) ? doc.info.name : undefined) ?? 'server';
    const cards = doc.transports.map((t, index) => {
      if (!isObject(t)) return '';
      const scope = effectiveScope(t, this.catalogue.rootScope);
      const type = text(t.type) ?? 'unknown';
      const rows: string[] = [];
      if (text(t.url)) rows.push(`<li>URL: ${code(t.url as string)}</li>`);
      if (text(t.command)) rows.push(`<li>Command: ${code(t.command as string)}</li>`);
      if (Array.isArray(t.args)) rows.push(`<li>Arguments: ${t.args.map((a) => code(String(a))).join(' ')}</li>`);
      if (isObject(t.env))
        rows.push(
          `<li>Environment: ${Object.entries(t.env)
            .map(([k, v]) => code(`${k}=${String(v)}`))
            .join(' ')}</li>`,
        );
      const security = readRequirement(t.security);
      rows.push(
        `<li>Security: ${security ? esc(describeRequirement(security)) : readRequirement(doc.security) ? `inherits root (${esc(describeRequirement(readRequirement(doc.security)!))})` : 'no mcpdesc-declared requirement'}</li>`,
      );
      const snippets = connectionSnippets(t, serverName).map(
        (s) => `<p class="muted">${esc(s.label)}</p>${this.snippet(s.text, `${s.label} for transport ${index + 1}`)}`,
      );
      return `<section class="card" id="transport-${index}"${revisionsAttr(scope)} aria-labelledby="transport-${index}-title">
<div class="card-head"><h3 id="transport-${index}-title">${esc(type)}</h3>${revisionChips(scope)}</div>
<ul>${rows.join('')}</ul>
${snippets.join('\n')}
</section>`;
    });
    return `<section aria-labelledby="transports"><h2 id="transports">Transports</h2>\n${cards.join('\n')}\n</section>`;
  }

  security(): string {
    const doc = this.catalogue.document;
    const schemes = isObject(doc.securitySchemes) ? Object.entries(doc.securitySchemes) : [];
    const root = readRequirement(doc.security);
    if (schemes.length === 0 && !root) return '';
    const cards = schemes.map(([name, scheme]) => {
      if (!isObject(scheme)) return '';
      const rows: string[] = [`<li>Type: ${code(text(scheme.type) ?? '?')}</li>`];
      for (const key of ['scheme', 'bearerFormat', 'in', 'name'] as const)
        if (text(scheme[key])) rows.push(`<li>${key}: ${code(scheme[key] as string)}</li>`);
      if (text(scheme.openIdConnectUrl))
        rows.push(`<li>OpenID Connect discovery: ${url(scheme.openIdConnectUrl)}</li>`);
      let flows = '';
      if (isObject(scheme.flows)) {
        flows = Object.entries(scheme.flows)
          .filter((e): e is [string, JsonObject] => isObject(e[1]))
          .map(([flowName, flow]) => {
            const urls = (['authorizationUrl', 'tokenUrl', 'refreshUrl'] as const)
              .filter((k) => text(flow[k]))
              .map((k) => `<li>${k}: ${url(flow[k])}</li>`)
              .join('');
            const scopes = isObject(flow.scopes) ? Object.entries(flow.scopes) : [];
            const table = scopes.length
              ? `<table><caption class="muted">Scopes</caption><thead><tr><th scope="col">Scope</th><th scope="col">Description</th></tr></thead><tbody>${scopes.map(([s, d]) => `<tr><td>${code(s)}</td><td>${esc(String(d))}</td></tr>`).join('')}</tbody></table>`
              : '<p class="muted">No scopes.</p>';
            return `<h4>Flow ${code(flowName)}</h4><ul>${urls}</ul>${table}`;
          })
          .join('');
      }
      return `<section class="card" id="scheme-${slug(name)}" aria-labelledby="scheme-${slug(name)}-title"><h3 id="scheme-${slug(name)}-title">${esc(name)}</h3>${md(scheme.description)}<ul>${rows.join('')}</ul>${flows}</section>`;
    });
    return `<section aria-labelledby="security"><h2 id="security">Security</h2>
<p>Root requirement: ${root ? esc(describeRequirement(root)) : 'none declared (no mcpdesc-declared requirement)'}</p>
${cards.join('\n')}
</section>`;
  }

  capabilities(): string {
    const doc = this.catalogue.document;
    if (!Array.isArray(doc.capabilities)) return '';
    const cards = doc.capabilities.map((c, index) => {
      if (!isObject(c)) return '';
      const scope = effectiveScope(c, this.catalogue.rootScope);
      const rows = Object.entries(c)
        .filter(([key]) => key !== 'protocolVersions')
        .map(([key, value]) => {
          const facts = isObject(value) && Object.keys(value).length > 0 ? ` ${code(compactJson(value))}` : '';
          return `<li>${code(key)}${facts}</li>`;
        });
      return `<section class="card" id="capabilities-${index}"${revisionsAttr(scope)} aria-label="Capabilities ${index + 1}">${revisionChips(scope)}<ul>${rows.join('')}</ul></section>`;
    });
    return `<section aria-labelledby="capabilities"><h2 id="capabilities">Capabilities</h2>\n${cards.join('\n')}\n</section>`;
  }

  // ---- sidebar ---------------------------------------------------------------------------------

  sidebar(): string {
    const options = this.catalogue.rootScope.map((r) => `<option value="${esc(r)}">MCP ${esc(r)}</option>`).join('');
    const groups = this.catalogue.groups.map((group, i) => {
      const items = group.entries.map(
        (e) =>
          `<li data-entry="${e.id}"${revisionsAttr(e.scope)}><a href="#${e.id}"><span class="kind" aria-label="${esc(primitiveKind[e.kind].heading)}">${primitiveKind[e.kind].abbreviation ?? primitiveKind[e.kind].label}</span><span class="entry-name">${esc(e.displayName)}</span>${scopeLabel(e)}</a></li>`,
      );
      return `<section data-group aria-labelledby="group-${i}"><h2 id="group-${i}">${esc(group.name)}</h2>${group.description ? `<p class="tag-description">${esc(group.description)}</p>` : ''}<ul>${items.join('')}</ul></section>`;
    });
    const doc = this.catalogue.document;
    const overview = [
      ['#page-title', 'Server', true],
      ['#transports', 'Transports', Array.isArray(doc.transports)],
      ['#security', 'Security', isObject(doc.securitySchemes) || Array.isArray(doc.security)],
      ['#capabilities', 'Capabilities', Array.isArray(doc.capabilities)],
    ]
      .filter((o) => o[2])
      .map(([href, label]) => `<li><a href="${href}">${label}</a></li>`)
      .join('');
    return `<nav class="sidebar" aria-label="Catalogue">
<div class="controls" role="search">
<label for="search">Search names, titles, descriptions, properties</label>
<input id="search" type="search" placeholder="Search (press /)" autocomplete="off" spellcheck="false" maxlength="200">
<label for="revision">MCP revision (Effective Protocol View)</label>
<select id="revision"><option value="">All revisions</option>${options}</select>
<p id="filter-status" class="muted" role="status" aria-live="polite"></p>
</div>
<details class="catalogue" id="catalogue" open><summary>Catalogue</summary>
<h2>Overview</h2><ul>${overview}</ul>
${groups.join('\n')}
</details>
</nav>`;
  }

  // ---- primitives --------------------------------------------------------------------------------

  primitives(kind: PrimitiveKind): string {
    const entries = this.catalogue.entries.filter((e) => e.kind === kind);
    if (entries.length === 0) return '';
    const { collection: id, heading } = primitiveKind[kind];
    return `<section aria-labelledby="${id}"><h2 id="${id}">${heading}</h2>\n${entries.map((e) => this.entry(e)).join('\n')}\n</section>`;
  }

  entry(e: Entry): string {
    const v = e.value;
    const parts: string[] = [];
    const badges: string[] = [];
    if (v.deprecated === true) badges.push('<span class="badge deprecated">deprecated</span>');
    parts.push(
      `<div class="card-head" data-searchable><h3 id="${e.id}-title">${esc(e.displayName)}${scopeLabel(e)}</h3>${code(e.name)}${badges.join('')}</div>`,
    );
    parts.push(`<div>${revisionChips(e.scope)} ${tagChips(e.tags)}</div>`);
    if (e.kind === 'resource' && text(v.uri)) parts.push(`<p>URI: ${code(v.uri as string)}</p>`);
    if (e.kind === 'resourceTemplate' && text(v.uriTemplate))
      parts.push(`<p>URI template: ${code(v.uriTemplate as string)}</p>`);
    const facts: string[] = [];
    if (text(v.mimeType)) facts.push(`MIME type: ${code(v.mimeType as string)}`);
    if (typeof v.size === 'number') facts.push(`Size: ${esc(String(v.size))} bytes`);
    if (facts.length) parts.push(`<p>${facts.join(' · ')}</p>`);
    parts.push(md(v.description));
    if (e.kind === 'tool') parts.push(this.toolDetails(e));
    else if (isObject(v.annotations)) parts.push(this.resourceAnnotations(v.annotations));
    if (e.kind === 'prompt' && Array.isArray(v.arguments)) parts.push(this.promptArguments(v.arguments));
    if (e.kind !== 'tool' && isObject(v.examples)) parts.push(this.primitiveExamples(e, v.examples));
    if (isObject(v.completionExamples)) parts.push(this.completionExamples(e, v.completionExamples));
    if (Array.isArray(v.elicitations)) parts.push(this.elicitations(e, v.elicitations));
    if (isObject(v.clientRequirements))
      parts.push(
        `<h4>Client requirements</h4><p class="muted">Minimum client capabilities for ${primitiveKind[e.kind].useMethod}:</p>${json(v.clientRequirements)}`,
      );
    parts.push(this.securityOf(e));
    if (Array.isArray(v.icons)) parts.push(this.icons(v.icons));
    const extensions = extensionsOf(v);
    if (extensions.length) parts.push(`<h4>Extensions</h4>${json(Object.fromEntries(extensions))}`);
    return `<article class="card" id="${e.id}" data-search="${esc(searchText(e))}"${revisionsAttr(e.scope)} aria-labelledby="${e.id}-title">\n${parts.filter(Boolean).join('\n')}\n</article>`;
  }

  toolDetails(e: Entry): string {
    const v = e.value;
    const out: string[] = [];
    const hints = effectiveHints(v)
      .map(
        (h) =>
          `<span class="badge ${h.inherited ? 'inherited' : String(h.value)}" title="${h.inherited ? 'not stated: default from MCP Description 9.6' : 'stated by the document'}">${esc(h.label)}: ${h.value ? 'yes' : 'no'}${h.inherited ? ' (default)' : ''}</span>`,
      )
      .join('');
    const defaultsNote = effectiveHints(v).some((h) => h.inherited)
      ? 'Dashed badges are defaults (the cautious assumption of 9.6), not statements of the document. '
      : '';
    out.push(
      `<h4>Annotations</h4><p>${hints}</p><p class="muted">${defaultsNote}Annotations are advisory hints from an untrusted source.</p>`,
    );
    if (isObject(v.annotations)) {
      const other = Object.entries(v.annotations).filter(
        ([k]) => !['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'].includes(k),
      );
      if (other.length)
        out.push(
          `<ul>${other.map(([k, val]) => `<li>${code(k)}: ${esc(typeof val === 'string' ? val : compactJson(val))}</li>`).join('')}</ul>`,
        );
    }
    if (isObject(v.execution)) {
      const task = text(v.execution.taskSupport);
      out.push(`<h4>Execution</h4><p>Task support: ${code(task ?? 'forbidden')}${task ? '' : ' (default)'}</p>`);
    }
    out.push(`<h4>Input</h4>${this.schema(v.inputSchema)}`);
    if (v.outputSchema !== undefined) out.push(`<h4>Output</h4>${this.schema(v.outputSchema)}`);
    if (isObject(v.examples)) {
      const examples = Object.entries(v.examples).filter((x): x is [string, JsonObject] => isObject(x[1]));
      out.push(
        `<h4>Examples</h4>${examples.map(([name, ex]) => `<section class="example" aria-label="Example ${esc(name)}"><h5>${esc(name)}</h5><p class="muted">Input</p>${json(ex.input)}<p class="muted">Result</p>${this.toolResult(ex.result)}</section>`).join('')}`,
      );
    }
    if (isObject(v.interactionExamples)) {
      const scenarios = Object.entries(v.interactionExamples).filter((x): x is [string, JsonObject] => isObject(x[1]));
      out.push(`<h4>Interaction examples</h4>${scenarios.map(([name, ex]) => this.interaction(name, ex)).join('')}`);
    }
    return out.join('\n');
  }

  schema(schema: unknown): string {
    if (!isObject(schema) && typeof schema !== 'boolean') return '<p class="muted">No schema.</p>';
    const summary = schemaRows(schema);
    const notes = [
      summary.rootType !== 'object' ? `<p>Root type: ${code(summary.rootType)}</p>` : '',
      ...summary.notes.map((n) => `<p class="muted">${esc(n)}</p>`),
    ].join('');
    if (summary.rows.length === 0)
      return `${notes}<p class="empty-note">No properties.</p><details><summary>JSON Schema</summary>${json(schema)}</details>`;
    const rows = summary.rows.map((r) => {
      const indent =
        r.depth > 0 ? `<span class="depth" aria-hidden="true">${'&nbsp;&nbsp;'.repeat(r.depth)}↳ </span>` : '';
      const desc = [
        r.title ? `<strong>${esc(r.title)}</strong>` : '',
        r.description ? renderMarkdownSafe(r.description) : '',
      ]
        .filter(Boolean)
        .join('');
      const details = r.details.length
        ? `<ul class="details">${r.details.map((d) => `<li>${esc(d)}</li>`).join('')}</ul>`
        : '';
      return `<tr><td class="name" data-searchable>${indent}<code>${esc(r.path)}</code></td><td>${code(r.type)}</td><td>${r.required ? '<span class="req">required</span>' : 'optional'}</td><td><div data-searchable>${desc}</div>${details}</td></tr>`;
    });
    return `${notes}<table><thead><tr><th scope="col">Property</th><th scope="col">Type</th><th scope="col">Required</th><th scope="col">Description and constraints</th></tr></thead><tbody>${rows.join('')}</tbody></table><details><summary>JSON Schema</summary>${json(schema)}</details>`;
  }

  /** A content block as data: text escaped, binary summarized, URIs never navigable. */
  contentBlock(block: unknown): string {
    if (!isObject(block)) return json(block);
    const type = text(block.type) ?? '?';
    switch (type) {
      case 'text':
        return `<div class="block"><span class="muted">text</span><pre class="text">${esc(text(block.text) ?? '')}</pre></div>`;
      case 'image':
      case 'audio':
        return `<div class="block"><span class="muted">${esc(type)}</span> ${code(text(block.mimeType) ?? '?')} <span class="muted">(${esc(String((text(block.data) ?? '').length))} base64 characters, not rendered)</span></div>`;
      case 'resource': {
        const r = isObject(block.resource) ? block.resource : {};
        return `<div class="block"><span class="muted">embedded resource</span> ${this.resourceContents(r)}</div>`;
      }
      case 'resource_link':
        return `<div class="block"><span class="muted">resource link</span> ${code(text(block.uri) ?? '')} ${text(block.name) ? esc(block.name as string) : ''} ${text(block.mimeType) ? code(block.mimeType as string) : ''}${text(block.description) ? `<p>${esc(block.description as string)}</p>` : ''}</div>`;
      default:
        return `<div class="block"><span class="muted">${esc(type)}</span>${json(block)}</div>`;
    }
  }

  resourceContents(r: JsonObject): string {
    const head = `${code(text(r.uri) ?? '')}${text(r.mimeType) ? ' ' + code(r.mimeType as string) : ''}`;
    if (text(r.text) !== undefined) return `${head}<pre class="text">${esc(r.text as string)}</pre>`;
    if (text(r.blob) !== undefined)
      return `${head} <span class="muted">(${esc(String((r.blob as string).length))} base64 characters, not rendered)</span>`;
    return head;
  }

  toolResult(result: unknown): string {
    if (!isObject(result)) return json(result);
    const out: string[] = [];
    if (result.isError === true) out.push('<p><span class="badge error">execution error (isError: true)</span></p>');
    if (text(result.resultType)) out.push(`<p>resultType: ${code(result.resultType as string)}</p>`);
    if (Array.isArray(result.content)) out.push(result.content.map((b) => this.contentBlock(b)).join(''));
    if (result.structuredContent !== undefined)
      out.push(`<p class="muted">structuredContent</p>${json(result.structuredContent)}`);
    if (result._meta !== undefined) out.push(`<p class="muted">_meta</p>${json(result._meta)}`);
    return out.join('');
  }

  interaction(name: string, ex: JsonObject): string {
    const steps = Array.isArray(ex.steps)
      ? ex.steps.map((step) => {
          if (!isObject(step)) return `<li>${json(step)}</li>`;
          const type = text(step.type) ?? '?';
          const declaration = text(step.declaration) ? ` (declaration ${code(step.declaration as string)})` : '';
          return `<li><strong>${esc(type)}</strong>${declaration}<details><summary>Request</summary>${json(step.request)}</details><details><summary>Response</summary>${json(step.response)}</details></li>`;
        })
      : [];
    return `<section class="example" aria-label="Interaction example ${esc(name)}"><h5>${esc(name)}</h5><p class="muted">Input</p>${json(ex.input)}<p class="muted">Steps</p><ol class="steps">${steps.join('')}</ol><p class="muted">Result</p>${this.toolResult(ex.result)}</section>`;
  }

  resourceAnnotations(a: JsonObject): string {
    const rows: string[] = [];
    if (Array.isArray(a.audience)) rows.push(`<li>Audience: ${a.audience.map((x) => code(String(x))).join(' ')}</li>`);
    if (typeof a.priority === 'number') rows.push(`<li>Priority: ${esc(String(a.priority))}</li>`);
    if (text(a.lastModified)) rows.push(`<li>Last modified: ${code(a.lastModified as string)}</li>`);
    for (const [k, val] of Object.entries(a))
      if (!['audience', 'priority', 'lastModified'].includes(k))
        rows.push(`<li>${code(k)}: ${code(compactJson(val))}</li>`);
    return `<h4>Annotations</h4><ul>${rows.join('')}</ul>`;
  }

  promptArguments(args: unknown[]): string {
    const rows = args
      .filter(isObject)
      .map(
        (a) =>
          `<tr><td data-searchable>${code(text(a.name) ?? '?')}</td><td data-searchable>${esc(text(a.title) ?? '')}</td><td>${a.required === true ? '<span class="req">required</span>' : 'optional'}</td><td data-searchable>${text(a.description) ? renderMarkdownSafe(a.description as string) : ''}</td></tr>`,
      );
    return `<h4>Arguments</h4><table><thead><tr><th scope="col">Argument</th><th scope="col">Title</th><th scope="col">Required</th><th scope="col">Description</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
  }

  primitiveExamples(e: Entry, examples: JsonObject): string {
    const items = Object.entries(examples)
      .filter((x): x is [string, JsonObject] => isObject(x[1]))
      .map(([name, ex]) => {
        const parts: string[] = [`<h5>${esc(name)}</h5>`];
        if (e.kind === 'resourceTemplate' && text(ex.uri)) parts.push(`<p>URI: ${code(ex.uri as string)}</p>`);
        if (e.kind === 'prompt' && isObject(ex.arguments))
          parts.push(`<p class="muted">Arguments</p>${json(ex.arguments)}`);
        const result = isObject(ex.result) ? ex.result : {};
        parts.push('<p class="muted">Result</p>');
        if (text(result.resultType)) parts.push(`<p>resultType: ${code(result.resultType as string)}</p>`);
        if (text(result.description)) parts.push(`<p>${esc(result.description as string)}</p>`);
        if (Array.isArray(result.contents))
          parts.push(
            result.contents
              .map((c) => `<div class="block">${isObject(c) ? this.resourceContents(c) : json(c)}</div>`)
              .join(''),
          );
        if (Array.isArray(result.messages))
          parts.push(
            result.messages
              .map((m) =>
                isObject(m)
                  ? `<div class="block"><strong>${esc(text(m.role) ?? '?')}</strong>${this.contentBlock(m.content)}</div>`
                  : json(m),
              )
              .join(''),
          );
        if (!Array.isArray(result.contents) && !Array.isArray(result.messages)) parts.push(json(ex.result));
        return `<section class="example" aria-label="Example ${esc(name)}">${parts.join('')}</section>`;
      });
    return `<h4>Examples</h4>${items.join('')}`;
  }

  completionExamples(_e: Entry, examples: JsonObject): string {
    const items = Object.entries(examples)
      .filter((x): x is [string, JsonObject] => isObject(x[1]))
      .map(([name, ex]) => {
        const arg = isObject(ex.argument) ? ex.argument : {};
        const completion = isObject(ex.result) && isObject(ex.result.completion) ? ex.result.completion : {};
        const values = Array.isArray(completion.values)
          ? completion.values.map((x) => `<li>${code(String(x))}</li>`).join('')
          : '';
        const context = isObject(ex.context) ? `<p class="muted">Context</p>${json(ex.context)}` : '';
        const more = [
          typeof completion.total === 'number' ? `total ${esc(String(completion.total))}` : '',
          typeof completion.hasMore === 'boolean' ? `hasMore ${String(completion.hasMore)}` : '',
        ]
          .filter(Boolean)
          .join(', ');
        return `<section class="example" aria-label="Completion example ${esc(name)}"><h5>${esc(name)}</h5><p>Argument ${code(text(arg.name) ?? '?')} = ${code(text(arg.value) ?? '')}</p>${context}<p class="muted">Candidates${more ? ` (${more})` : ''}</p><ul>${values}</ul></section>`;
      });
    return `<h4>Completion examples</h4>${items.join('')}`;
  }

  elicitations(e: Entry, list: unknown[]): string {
    const items = list.filter(isObject).map((el) => {
      const scope = effectiveScope(el, e.scope);
      const rows: string[] = [
        `<li>Mode: ${code(text(el.mode) ?? '?')}</li>`,
        `<li>Message: ${esc(text(el.message) ?? '')}</li>`,
      ];
      if (text(el.when)) rows.push(`<li>When: ${esc(el.when as string)}</li>`);
      if (text(el.url)) rows.push(`<li>URL: ${code(el.url as string)}</li>`);
      if (text(el.onDecline)) rows.push(`<li>On decline: ${esc(el.onDecline as string)}</li>`);
      if (text(el.onCancel)) rows.push(`<li>On cancel: ${esc(el.onCancel as string)}</li>`);
      const schema =
        el.requestedSchema !== undefined
          ? `<p class="muted">Requested schema</p>${this.schema(el.requestedSchema)}`
          : '';
      return `<section class="example"${revisionsAttr(scope)} aria-label="Elicitation ${esc(text(el.name) ?? '')}"><h5>${esc(text(el.name) ?? '?')} ${revisionChips(scope)}</h5><ul>${rows.join('')}</ul>${schema}</section>`;
    });
    return `<h4>Elicitations</h4>${items.join('')}`;
  }

  securityOf(e: Entry): string {
    const s = effectiveSecurity(this.catalogue.document, e.value, e.scope);
    let body: string;
    switch (s.source) {
      case 'primitive':
        body = `<p>${esc(describeRequirement(s.requirement))} <span class="muted">(declared on this ${esc(primitiveKind[e.kind].label)})</span></p>`;
        break;
      case 'transport':
        body = `<p class="muted">Per transport (7.5: the selected transport's security, else root):</p><ul>${s.transports.map((t) => `<li>${code(t.label)}: ${t.requirement ? esc(describeRequirement(t.requirement as Requirement)) : 'no mcpdesc-declared requirement'} <span class="muted">(${t.from})</span></li>`).join('')}</ul>`;
        break;
      case 'root':
        body = `<p>${esc(describeRequirement(s.requirement))} <span class="muted">(inherited from root)</span></p>`;
        break;
      default:
        body = '<p class="muted">No mcpdesc-declared requirement.</p>';
    }
    return `<h4>Security</h4>${body}`;
  }
}

function searchText(e: Entry): string {
  return [e.name, e.displayName, ...e.tags, text(e.value.uri), text(e.value.uriTemplate)]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
}

/** Renders an MCP Description document (decoded and valid) as one self-contained HTML page. */
export function renderHtml(document: unknown, options: RenderOptions = {}): string {
  assertWalkable(document, 'renderHtml');
  const catalogue = buildCatalogue(document);
  const info = isObject(catalogue.document.info) ? catalogue.document.info : {};
  const title = options.title ?? text(info.title) ?? text(info.name) ?? 'MCP server';
  const page = new Page(catalogue);
  const body = [
    page.header(title),
    page.transports(),
    page.security(),
    page.capabilities(),
    ...primitiveKinds.map(({ kind }) => page.primitives(kind)),
  ]
    .filter(Boolean)
    .join('\n');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${esc(contentSecurityPolicy())}">
<meta name="referrer" content="no-referrer">
<meta name="generator" content="mcpdesc docs">
<title>${esc(title)}</title>
<style>${styles}</style>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<div class="layout">
${page.sidebar()}
<main id="main">
${body}
</main>
</div>
<script>${script}</script>
</body>
</html>
`;
}

export { isSafeUrl };
