/**
 * `mcpdesc docs --markdown`: the documentation page as one Markdown file for repositories and
 * wikis. Pure and deterministic. Untrusted text: descriptions pass through sanitizeMarkdown (no
 * raw HTML, links only to http/https/mailto); other values are escaped inline text or fenced JSON.
 */
import { isObject, type JsonObject } from '../model/values.js';
import type { Revision } from '../model/revisions.js';
import { buildCatalogue, extensionsOf, text, type Catalogue, type Entry } from './catalogue.js';
import { describeRequirement, effectiveHints, effectiveSecurity, readRequirement } from './effective.js';
import { effectiveScope, primitiveKind, primitiveKinds, type PrimitiveKind } from '../model/document.js';
import { fenced, isSafeUrl, longestRun, markdownInlineText as inline, sanitizeMarkdown } from './markdown-safe.js';
import { compactJson, schemaRows } from './schema-table.js';
import { connectionSnippets } from './snippets.js';
import type { RenderOptions } from './html.js';
import { assertWalkable } from '../model/caller-values.js';

/** A code span that cannot be broken by backticks in the value. */
function code(value: string): string {
  const clean = value.replace(/[\r\n]+/g, ' ').replace(/\|/g, '\\|');
  const fence = '`'.repeat(longestRun(clean, /`+/g, 0) + 1);
  const pad = clean.startsWith('`') || clean.endsWith('`') || clean === '' ? ' ' : '';
  return `${fence}${pad}${clean}${pad}${fence}`;
}

const json = (value: unknown): string => fenced(JSON.stringify(value, null, 2) ?? 'undefined', 'json');
const md = (value: unknown): string =>
  typeof value === 'string' && value.trim() !== '' ? sanitizeMarkdown(value.trim()) : '';
const link = (url: unknown, label?: string): string => {
  if (typeof url !== 'string') return '';
  return isSafeUrl(url) && !/[<>()\s`\\]/.test(url) ? `[${inline(label ?? url)}](${url})` : code(url);
};
const revisions = (scope: readonly Revision[]): string =>
  scope.length ? scope.map((r) => code(`MCP ${r}`)).join(' ') : '_none_';

/** GitHub-style heading anchor of a heading text. */
function anchor(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s/g, '-');
}

class MarkdownPage {
  readonly out: string[] = [];

  constructor(private readonly catalogue: Catalogue) {}

  push(...blocks: string[]): void {
    for (const b of blocks) if (b !== '') this.out.push(b);
  }

  header(title: string): void {
    const doc = this.catalogue.document;
    const info = isObject(doc.info) ? doc.info : {};
    this.push(`# ${inline(title)}`, md(info.description));
    const facts: string[] = [];
    if (text(info.name)) facts.push(`- **Name:** ${code(info.name as string)}`);
    if (text(info.version)) facts.push(`- **Version:** ${code(info.version as string)}`);
    if (text(info.id)) facts.push(`- **Id:** ${code(info.id as string)}`);
    if (text(doc.mcpdesc)) facts.push(`- **MCP Description:** ${inline(doc.mcpdesc as string)}`);
    facts.push(`- **Protocol revisions:** ${revisions(this.catalogue.rootScope)}`);
    if (text(info.websiteUrl)) facts.push(`- **Website:** ${link(info.websiteUrl)}`);
    if (isObject(info.contact)) {
      const c = info.contact;
      const parts = [
        text(c.name) ? inline(c.name as string) : '',
        text(c.url) ? link(c.url) : '',
        text(c.email) ? code(c.email as string) : '',
      ].filter(Boolean);
      if (parts.length) facts.push(`- **Contact:** ${parts.join(' · ')}`);
    }
    if (isObject(info.license) && text(info.license.name))
      facts.push(
        `- **License:** ${text(info.license.url) ? link(info.license.url, info.license.name as string) : inline(info.license.name as string)}`,
      );
    if (Array.isArray(info.icons)) facts.push(`- **Icons:** ${this.icons(info.icons)}`);
    this.push(facts.join('\n'));
    if (text(doc.instructions)) this.push('## Instructions', md(doc.instructions));
  }

  icons(list: unknown[]): string {
    return list
      .filter(isObject)
      .map((icon) => {
        const facts = [
          text(icon.mimeType),
          Array.isArray(icon.sizes) ? icon.sizes.filter((s) => typeof s === 'string').join(' ') : undefined,
          text(icon.theme) ? `${icon.theme as string} theme` : undefined,
        ]
          .filter(Boolean)
          .join(', ');
        const src = text(icon.src) ?? '';
        return `${src.startsWith('data:') ? code('data: URI') : link(src)}${facts ? ` (${inline(facts)})` : ''}`;
      })
      .join('; ');
  }

  contents(): void {
    const lines: string[] = [];
    for (const group of this.catalogue.groups) {
      if (group.entries.length === 0) continue;
      lines.push(`- **${inline(group.name)}**${group.description ? ` — ${inline(group.description)}` : ''}`);
      for (const e of group.entries)
        lines.push(
          `  - [${inline(e.displayName)}](#${anchor(headingOf(e))}) (${primitiveKind[e.kind].label}${e.scopeLabel ? `, ${e.scopeLabel}` : ''})`,
        );
    }
    if (lines.length) this.push('## Contents', lines.join('\n'));
  }

  transports(): void {
    const doc = this.catalogue.document;
    if (!Array.isArray(doc.transports)) return;
    const serverName = text(isObject(doc.info) ? doc.info.name : undefined) ?? 'server';
    this.push('## Transports');
    doc.transports.forEach((t, index) => {
      if (!isObject(t)) return;
      const scope = effectiveScope(t, this.catalogue.rootScope);
      this.push(`### ${index + 1}. ${inline(text(t.type) ?? 'unknown')}`);
      const rows = [`- **Revisions:** ${revisions(scope)}`];
      if (text(t.url)) rows.push(`- **URL:** ${code(t.url as string)}`);
      if (text(t.command)) rows.push(`- **Command:** ${code(t.command as string)}`);
      if (Array.isArray(t.args)) rows.push(`- **Arguments:** ${t.args.map((a) => code(String(a))).join(' ')}`);
      if (isObject(t.env))
        rows.push(
          `- **Environment:** ${Object.entries(t.env)
            .map(([k, v]) => code(`${k}=${String(v)}`))
            .join(' ')}`,
        );
      const security = readRequirement(t.security);
      const root = readRequirement(doc.security);
      rows.push(
        `- **Security:** ${inline(security ? describeRequirement(security) : root ? `inherits root (${describeRequirement(root)})` : 'no mcpdesc-declared requirement')}`,
      );
      this.push(rows.join('\n'));
      for (const s of connectionSnippets(t, serverName))
        this.push(
          `${inline(s.label)}:`,
          fenced(s.text, s.text.startsWith('{') ? 'json' : s.label === 'Shell command' ? 'sh' : ''),
        );
    });
  }

  security(): void {
    const doc = this.catalogue.document;
    const schemes = isObject(doc.securitySchemes) ? Object.entries(doc.securitySchemes) : [];
    const root = readRequirement(doc.security);
    if (schemes.length === 0 && !root) return;
    this.push(
      '## Security',
      `Root requirement: ${inline(root ? describeRequirement(root) : 'none declared (no mcpdesc-declared requirement)')}`,
    );
    for (const [name, scheme] of schemes) {
      if (!isObject(scheme)) continue;
      this.push(`### ${inline(name)}`, md(scheme.description));
      const rows = [`- **Type:** ${code(text(scheme.type) ?? '?')}`];
      for (const key of ['scheme', 'bearerFormat', 'in', 'name'] as const)
        if (text(scheme[key])) rows.push(`- **${key}:** ${code(scheme[key] as string)}`);
      if (text(scheme.openIdConnectUrl)) rows.push(`- **OpenID Connect discovery:** ${link(scheme.openIdConnectUrl)}`);
      this.push(rows.join('\n'));
      if (isObject(scheme.flows)) {
        for (const [flowName, flow] of Object.entries(scheme.flows)) {
          if (!isObject(flow)) continue;
          const urls = (['authorizationUrl', 'tokenUrl', 'refreshUrl'] as const)
            .filter((k) => text(flow[k]))
            .map((k) => `- ${k}: ${link(flow[k])}`);
          this.push(`Flow ${code(flowName)}:`, urls.join('\n'));
          const scopes = isObject(flow.scopes) ? Object.entries(flow.scopes) : [];
          if (scopes.length)
            this.push(
              [
                '| Scope | Description |',
                '| --- | --- |',
                ...scopes.map(([s, d]) => `| ${code(s)} | ${inline(String(d))} |`),
              ].join('\n'),
            );
        }
      }
    }
  }

  capabilities(): void {
    const doc = this.catalogue.document;
    if (!Array.isArray(doc.capabilities)) return;
    this.push('## Capabilities');
    doc.capabilities.forEach((c) => {
      if (!isObject(c)) return;
      const scope = effectiveScope(c, this.catalogue.rootScope);
      const rows = [`- **Revisions:** ${revisions(scope)}`];
      for (const [key, value] of Object.entries(c)) {
        if (key === 'protocolVersions') continue;
        rows.push(
          `- ${code(key)}${isObject(value) && Object.keys(value).length ? ` ${code(compactJson(value))}` : ''}`,
        );
      }
      this.push(rows.join('\n'));
    });
  }

  primitives(kind: PrimitiveKind): void {
    const entries = this.catalogue.entries.filter((e) => e.kind === kind);
    if (entries.length === 0) return;
    this.push(`## ${primitiveKind[kind].heading}`);
    for (const e of entries) this.entry(e);
  }

  entry(e: Entry): void {
    const v = e.value;
    this.push(`### ${inline(headingOf(e))}`);
    const facts = [
      `- **Name:** ${code(e.name)}${v.deprecated === true ? ' — **deprecated**' : ''}`,
      `- **Revisions:** ${revisions(e.scope)}`,
    ];
    if (e.tags.length) facts.push(`- **Tags:** ${e.tags.map((t) => inline(t)).join(', ')}`);
    if (e.kind === 'resource' && text(v.uri)) facts.push(`- **URI:** ${code(v.uri as string)}`);
    if (e.kind === 'resourceTemplate' && text(v.uriTemplate))
      facts.push(`- **URI template:** ${code(v.uriTemplate as string)}`);
    if (text(v.mimeType)) facts.push(`- **MIME type:** ${code(v.mimeType as string)}`);
    if (typeof v.size === 'number') facts.push(`- **Size:** ${v.size} bytes`);
    this.push(facts.join('\n'), md(v.description));
    if (e.kind === 'tool') this.toolDetails(e);
    else if (isObject(v.annotations)) this.resourceAnnotations(v.annotations);
    if (e.kind === 'prompt' && Array.isArray(v.arguments)) this.promptArguments(v.arguments);
    if (e.kind !== 'tool' && isObject(v.examples)) this.primitiveExamples(e, v.examples);
    if (isObject(v.completionExamples)) this.completionExamples(v.completionExamples);
    if (Array.isArray(v.elicitations)) this.elicitations(e, v.elicitations);
    if (isObject(v.clientRequirements)) this.push('#### Client requirements', json(v.clientRequirements));
    this.securityOf(e);
    if (Array.isArray(v.icons)) this.push(`Icons: ${this.icons(v.icons)}`);
    const extensions = extensionsOf(v);
    if (extensions.length) this.push('#### Extensions', json(Object.fromEntries(extensions)));
  }

  toolDetails(e: Entry): void {
    const v = e.value;
    const hints = effectiveHints(v).map(
      (h) =>
        `- ${h.label}: **${h.value ? 'yes' : 'no'}**${h.inherited ? ' _(default — not stated by the document, 9.6)_' : ''}`,
    );
    this.push('#### Annotations', hints.join('\n'));
    if (isObject(v.annotations)) {
      const other = Object.entries(v.annotations).filter(
        ([k]) => !['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'].includes(k),
      );
      if (other.length)
        this.push(
          other
            .map(([k, val]) => `- ${code(k)}: ${inline(typeof val === 'string' ? val : compactJson(val))}`)
            .join('\n'),
        );
    }
    if (isObject(v.execution)) {
      const task = text(v.execution.taskSupport);
      this.push('#### Execution', `Task support: ${code(task ?? 'forbidden')}${task ? '' : ' (default)'}`);
    }
    this.push('#### Input');
    this.schema(v.inputSchema);
    if (v.outputSchema !== undefined) {
      this.push('#### Output');
      this.schema(v.outputSchema);
    }
    if (isObject(v.examples)) {
      this.push('#### Examples');
      for (const [name, ex] of Object.entries(v.examples)) {
        if (!isObject(ex)) continue;
        this.push(`##### ${inline(name)}`, 'Input:', json(ex.input), 'Result:');
        this.toolResult(ex.result);
      }
    }
    if (isObject(v.interactionExamples)) {
      this.push('#### Interaction examples');
      for (const [name, ex] of Object.entries(v.interactionExamples)) {
        if (!isObject(ex)) continue;
        this.push(`##### ${inline(name)}`, 'Input:', json(ex.input), 'Steps:');
        const steps = Array.isArray(ex.steps) ? ex.steps : [];
        steps.forEach((step, i) => {
          const s = isObject(step) ? step : {};
          this.push(
            `${i + 1}. **${inline(text(s.type) ?? '?')}**${text(s.declaration) ? ` (declaration ${code(s.declaration as string)})` : ''}`,
            indent(`Request:\n\n${json(s.request)}\n\nResponse:\n\n${json(s.response)}`),
          );
        });
        this.push('Result:');
        this.toolResult(ex.result);
      }
    }
  }

  schema(schema: unknown): void {
    if (!isObject(schema) && typeof schema !== 'boolean') {
      this.push('_No schema._');
      return;
    }
    const summary = schemaRows(schema);
    if (summary.rootType !== 'object') this.push(`Root type: ${code(summary.rootType)}`);
    for (const note of summary.notes) this.push(inline(note));
    if (summary.rows.length === 0) {
      this.push('_No properties._');
      return;
    }
    const rows = summary.rows.map((r) => {
      const name = `${'&nbsp;&nbsp;'.repeat(r.depth)}${r.depth ? '↳ ' : ''}${code(r.path)}`;
      const desc = [
        r.title ? `**${inline(r.title)}**` : '',
        r.description ? inline(r.description) : '',
        ...r.details.map((d) => inline(d)),
      ]
        .filter(Boolean)
        .join('<br>');
      return `| ${name} | ${code(r.type)} | ${r.required ? '**required**' : 'optional'} | ${desc} |`;
    });
    this.push(
      ['| Property | Type | Required | Description and constraints |', '| --- | --- | --- | --- |', ...rows].join('\n'),
    );
  }

  contentBlock(block: unknown): string {
    if (!isObject(block)) return json(block);
    const type = text(block.type) ?? '?';
    switch (type) {
      case 'text':
        return `_text:_\n\n${fenced(text(block.text) ?? '', 'text')}`;
      case 'image':
      case 'audio':
        return `_${type}:_ ${code(text(block.mimeType) ?? '?')} (${(text(block.data) ?? '').length} base64 characters, not rendered)`;
      case 'resource':
        return `_embedded resource:_ ${this.resourceContents(isObject(block.resource) ? block.resource : {})}`;
      case 'resource_link':
        return `_resource link:_ ${code(text(block.uri) ?? '')}${text(block.name) ? ` ${inline(block.name as string)}` : ''}`;
      default:
        return `_${inline(type)}:_\n\n${json(block)}`;
    }
  }

  resourceContents(r: JsonObject): string {
    const head = `${code(text(r.uri) ?? '')}${text(r.mimeType) ? ' ' + code(r.mimeType as string) : ''}`;
    if (text(r.text) !== undefined) return `${head}\n\n${fenced(r.text as string, 'text')}`;
    if (text(r.blob) !== undefined) return `${head} (${(r.blob as string).length} base64 characters, not rendered)`;
    return head;
  }

  toolResult(result: unknown): void {
    if (!isObject(result)) {
      this.push(json(result));
      return;
    }
    if (result.isError === true) this.push('**Execution error** (`isError: true`)');
    if (text(result.resultType)) this.push(`resultType: ${code(result.resultType as string)}`);
    if (Array.isArray(result.content)) for (const b of result.content) this.push(this.contentBlock(b));
    if (result.structuredContent !== undefined) this.push('_structuredContent:_', json(result.structuredContent));
    if (result._meta !== undefined) this.push('_\\_meta:_', json(result._meta));
  }

  resourceAnnotations(a: JsonObject): void {
    const rows: string[] = [];
    if (Array.isArray(a.audience)) rows.push(`- Audience: ${a.audience.map((x) => code(String(x))).join(' ')}`);
    if (typeof a.priority === 'number') rows.push(`- Priority: ${a.priority}`);
    if (text(a.lastModified)) rows.push(`- Last modified: ${code(a.lastModified as string)}`);
    for (const [k, val] of Object.entries(a))
      if (!['audience', 'priority', 'lastModified'].includes(k)) rows.push(`- ${code(k)}: ${code(compactJson(val))}`);
    this.push('#### Annotations', rows.join('\n'));
  }

  promptArguments(args: unknown[]): void {
    const rows = args
      .filter(isObject)
      .map(
        (a) =>
          `| ${code(text(a.name) ?? '?')} | ${inline(text(a.title) ?? '')} | ${a.required === true ? '**required**' : 'optional'} | ${inline(text(a.description) ?? '')} |`,
      );
    this.push(
      '#### Arguments',
      ['| Argument | Title | Required | Description |', '| --- | --- | --- | --- |', ...rows].join('\n'),
    );
  }

  primitiveExamples(e: Entry, examples: JsonObject): void {
    this.push('#### Examples');
    for (const [name, ex] of Object.entries(examples)) {
      if (!isObject(ex)) continue;
      this.push(`##### ${inline(name)}`);
      if (e.kind === 'resourceTemplate' && text(ex.uri)) this.push(`URI: ${code(ex.uri as string)}`);
      if (e.kind === 'prompt' && isObject(ex.arguments)) this.push('Arguments:', json(ex.arguments));
      const result = isObject(ex.result) ? ex.result : {};
      this.push('Result:');
      if (text(result.resultType)) this.push(`resultType: ${code(result.resultType as string)}`);
      if (text(result.description)) this.push(inline(result.description as string));
      if (Array.isArray(result.contents))
        for (const c of result.contents) this.push(isObject(c) ? this.resourceContents(c) : json(c));
      if (Array.isArray(result.messages))
        for (const m of result.messages)
          this.push(isObject(m) ? `**${inline(text(m.role) ?? '?')}:** ${this.contentBlock(m.content)}` : json(m));
      if (!Array.isArray(result.contents) && !Array.isArray(result.messages)) this.push(json(ex.result));
    }
  }

  completionExamples(examples: JsonObject): void {
    this.push('#### Completion examples');
    for (const [name, ex] of Object.entries(examples)) {
      if (!isObject(ex)) continue;
      const arg = isObject(ex.argument) ? ex.argument : {};
      const completion = isObject(ex.result) && isObject(ex.result.completion) ? ex.result.completion : {};
      const more = [
        typeof completion.total === 'number' ? `total ${completion.total}` : '',
        typeof completion.hasMore === 'boolean' ? `hasMore ${String(completion.hasMore)}` : '',
      ]
        .filter(Boolean)
        .join(', ');
      this.push(`##### ${inline(name)}`, `Argument ${code(text(arg.name) ?? '?')} = ${code(text(arg.value) ?? '')}`);
      if (isObject(ex.context)) this.push('Context:', json(ex.context));
      const values = Array.isArray(completion.values) ? completion.values.map((x) => `- ${code(String(x))}`) : [];
      this.push(`Candidates${more ? ` (${more})` : ''}:`, values.join('\n'));
    }
  }

  elicitations(e: Entry, list: unknown[]): void {
    this.push('#### Elicitations');
    for (const el of list.filter(isObject)) {
      const scope = effectiveScope(el, e.scope);
      this.push(`##### ${inline(text(el.name) ?? '?')}`);
      const rows = [
        `- **Revisions:** ${revisions(scope)}`,
        `- **Mode:** ${code(text(el.mode) ?? '?')}`,
        `- **Message:** ${inline(text(el.message) ?? '')}`,
      ];
      if (text(el.when)) rows.push(`- **When:** ${inline(el.when as string)}`);
      if (text(el.url)) rows.push(`- **URL:** ${code(el.url as string)}`);
      if (text(el.onDecline)) rows.push(`- **On decline:** ${inline(el.onDecline as string)}`);
      if (text(el.onCancel)) rows.push(`- **On cancel:** ${inline(el.onCancel as string)}`);
      this.push(rows.join('\n'));
      if (el.requestedSchema !== undefined) {
        this.push('Requested schema:');
        this.schema(el.requestedSchema);
      }
    }
  }

  securityOf(e: Entry): void {
    const s = effectiveSecurity(this.catalogue.document, e.value, e.scope);
    let body: string;
    switch (s.source) {
      case 'primitive':
        body = `${inline(describeRequirement(s.requirement))} (declared on this ${primitiveKind[e.kind].label})`;
        break;
      case 'transport':
        body = [
          "Per transport (7.5: the selected transport's security, else root):",
          '',
          ...s.transports.map(
            (t) =>
              `- ${code(t.label)}: ${inline(t.requirement ? describeRequirement(t.requirement) : 'no mcpdesc-declared requirement')} (${t.from})`,
          ),
        ].join('\n');
        break;
      case 'root':
        body = `${inline(describeRequirement(s.requirement))} (inherited from root)`;
        break;
      default:
        body = 'No mcpdesc-declared requirement.';
    }
    this.push('#### Security', body);
  }
}

/** An entry's heading: title and name, and the revision scope when another entry has the same name. */
function headingOf(e: Entry): string {
  const heading = e.displayName === e.name ? e.name : `${e.displayName} (${e.name})`;
  return e.scopeLabel ? `${heading} · ${e.scopeLabel}` : heading;
}

function indent(block: string): string {
  return block
    .split('\n')
    .map((l) => (l === '' ? '' : `   ${l}`))
    .join('\n');
}

/** Renders an MCP Description document (decoded and valid) as one Markdown file. */
export function renderMarkdown(document: unknown, options: RenderOptions = {}): string {
  assertWalkable(document, 'renderMarkdown');
  const catalogue = buildCatalogue(document);
  const info = isObject(catalogue.document.info) ? catalogue.document.info : {};
  const page = new MarkdownPage(catalogue);
  page.header(options.title ?? text(info.title) ?? text(info.name) ?? 'MCP server');
  page.contents();
  page.transports();
  page.security();
  page.capabilities();
  for (const { kind } of primitiveKinds) page.primitives(kind);
  return `${page.out.join('\n\n')}\n`;
}
