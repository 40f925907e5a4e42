/**
 * `mcpdesc migrate`: MCP Description 0.7.0 -> 0.8.0, following the migration guide at the end of
 * the 0.8.0 specification and its recommended algorithm. Pure: never mutates its input, never
 * invents a protocol revision, a Tool parameter schema, an OAuth scope or an endpoint; every
 * change, default and open question goes into a deterministic report.
 */
import { legacySpecVersion, migrationTargetSpecVersion, schemaUriOf } from '../model/spec-versions.js';
import { joinPointer } from '../model/json-pointer.js';
import { isRevision, revisions } from '../model/revisions.js';
import { primitiveCollections } from '../model/document.js';
import { isObject, type JsonObject } from '../model/values.js';
import { copyDiagnostic } from '../model/diagnostic.js';
import { validate } from '../validate/validate.js';
import { check070Structure } from './migrate-070-structure.js';
import type { McpDescription } from '../model/description.js';
import {
  operationDiagnostic,
  quote,
  type OperationDiagnostic,
  type OperationOptions,
  type OperationResult,
} from './operation-result.js';
import { canonicalJson, cloneJson, compareCodeUnits, setOwn } from '../model/json.js';
import { walkProblem } from '../model/caller-values.js';

export const schemaUri080 = schemaUriOf(migrationTargetSpecVersion);
/** The closed no-parameter schema the migration guide allows only on author confirmation. */
export const noArgumentsSchema = { type: 'object', additionalProperties: false } as const;

export interface MigrateOptions extends OperationOptions {
  /**
   * Authoritative MCP protocol revision (`--protocol`). Required when the source has no
   * `info.protocolVersion`; when both are present they must agree (a conflict is reported).
   */
  protocol?: string;
  /** Tool names whose author confirmed they accept no parameters (`--assume-no-args`). */
  assumeNoArgs?: readonly string[];
}

/** One change the migration made. Pointers: `from` into the 0.7.0 source, `to` into the 0.8.0 output. */
export interface MigrationChange {
  kind: string;
  from?: string;
  to?: string;
  detail: string;
}

/** A value the migration chose without source evidence, or took from an option. */
export interface MigrationDefault {
  kind: string;
  pointer: string;
  value: unknown;
  source: string;
  detail: string;
}

/** An explicit author approval given through an option, and what it inserted. */
export interface MigrationApproval {
  kind: string;
  pointer: string;
  subject: string;
  value: unknown;
  source: string;
  detail: string;
}

/** A question the migration could not answer; it needs the author. */
export interface MigrationQuestion {
  kind: string;
  pointer: string;
  subject?: string;
  question: string;
  /** True when the output cannot be produced until the question is answered. */
  blocking: boolean;
}

/** One generated named Security Scheme and every 0.7.0 inline occurrence it replaces. */
export interface MigratedSecurityScheme {
  name: string;
  basis: string;
  occurrences: string[];
}

export interface MigrationReport {
  from: typeof legacySpecVersion;
  to: typeof migrationTargetSpecVersion;
  /** Root protocolVersions of the output (empty when it could not be determined). */
  protocolVersions: string[];
  ok: boolean;
  changes: MigrationChange[];
  defaults: MigrationDefault[];
  approvals: MigrationApproval[];
  openQuestions: MigrationQuestion[];
  securitySchemes: MigratedSecurityScheme[];
}

/** A migrate result: the operation's result plus the migration report (also on failure). */
export type MigrateResult = OperationResult<McpDescription> & {
  report: MigrationReport;
};

const spec = 'Migrating from MCP Description 0.7.0 to 0.8.0';

/**
 * Migrates a decoded 0.7.0 document. Steps (recommended algorithm): validate the source with
 * the 0.7.0 structural checks; copy identity, transports, primitives, tags and extensions; set
 * `mcpdesc` and `$schema`; move `info.protocolVersion` to root `protocolVersions` (or take
 * `options.protocol`); wrap capabilities; resolve missing Tool `inputSchema` only through
 * `assumeNoArgs`; generate named security schemes; remove empty ordinary collections; validate
 * the output with the 0.8.0 validator.
 */
export function migrate(document: unknown, options: MigrateOptions = {}): MigrateResult {
  const report: MigrationReport = {
    from: legacySpecVersion,
    to: migrationTargetSpecVersion,
    protocolVersions: [],
    ok: false,
    changes: [],
    defaults: [],
    approvals: [],
    openQuestions: [],
    securitySchemes: [],
  };
  const diagnostics: OperationDiagnostic[] = [];
  const fail = (): MigrateResult => ({ ok: false, diagnostics, report });

  // A caller's cyclic or too deep value: the copy below would overflow the stack.
  const problem = walkProblem(document);
  if (problem !== undefined) {
    diagnostics.push(
      operationDiagnostic({
        rule: 'operation.migrate.input',
        code: 'unwalkable-input',
        spec,
        message: `the input cannot be walked: ${problem}`,
      }),
    );
    return fail();
  }

  // 1. Parse and validate the 0.7.0 source.
  const structure = check070Structure(document);
  for (const item of structure) diagnostics.push(item);
  if (structure.some((d) => d.severity === 'error')) {
    diagnostics.push(
      operationDiagnostic({
        rule: 'operation.migrate.input',
        code: 'invalid-input',
        spec,
        message: `the input is not a valid MCP Description 0.7.0 document (${structure.filter((d) => d.severity === 'error').length} error(s)); migrate needs a valid source`,
      }),
    );
    return fail();
  }
  const source = document as JsonObject;
  const out: JsonObject = {};
  const migration = new Migration(report, diagnostics, options);

  // 4. Protocol coverage.
  const revision = migration.protocolVersion(source);

  // 2-3. Copy in 0.8.0 root order; mcpdesc and $schema.
  setOwn(out, '$schema', schemaUri080);
  if (source.$schema === undefined) {
    report.changes.push({ kind: 'set-schema', to: '/$schema', detail: `set $schema to ${quote(schemaUri080)}` });
  } else if (source.$schema !== schemaUri080) {
    report.changes.push({
      kind: 'set-schema',
      from: '/$schema',
      to: '/$schema',
      detail: `replaced $schema ${quote(source.$schema)} with ${quote(schemaUri080)}`,
    });
  }
  setOwn(out, 'mcpdesc', migrationTargetSpecVersion);
  report.changes.push({
    kind: 'set-mcpdesc',
    from: '/mcpdesc',
    to: '/mcpdesc',
    detail: `changed mcpdesc from ${quote(legacySpecVersion)} to ${quote(migrationTargetSpecVersion)}`,
  });
  setOwn(out, 'info', migration.info(source.info as JsonObject));
  if (revision !== undefined) setOwn(out, 'protocolVersions', [revision]);

  // 7. Named security schemes: register every inline occurrence (root first, then transports
  // in order), assign names, then rewrite each occurrence as a requirement.
  const schemes = new SchemeNamer();
  if (Array.isArray(source.security))
    source.security.forEach((s, i) => schemes.add(s as JsonObject, joinPointer('/security', i)));
  if (Array.isArray(source.transports)) {
    source.transports.forEach((t, ti) => {
      const list = (t as JsonObject).security;
      if (Array.isArray(list))
        list.forEach((s, i) => schemes.add(s as JsonObject, joinPointer('/transports', ti, 'security', i)));
    });
  }
  const named = schemes.finish(report, diagnostics);
  if (Array.isArray(source.transports)) {
    setOwn(
      out,
      'transports',
      source.transports.map((t, i) => migration.transport(t as JsonObject, i, schemes)),
    );
  }
  if (named) setOwn(out, 'securitySchemes', named);
  if ('security' in source)
    setOwn(out, 'security', migration.security(source.security as unknown[], '/security', schemes));
  migration.checkFlows(schemes);

  // 5. Capabilities.
  if ('capabilities' in source) {
    const caps = migration.capabilities(source.capabilities as JsonObject);
    if (caps) setOwn(out, 'capabilities', [caps]);
  }

  // Primitives (6. missing inputSchema) and tags.
  for (const collection of primitiveCollections) {
    if (!(collection in source)) continue;
    const list = source[collection] as unknown[];
    if (list.length === 0) {
      report.changes.push({
        kind: 'remove-empty-collection',
        from: joinPointer('', collection),
        detail: `removed empty ${collection} (an empty ordinary collection is invalid in 0.8.0, 3.3)`,
      });
      continue;
    }
    setOwn(
      out,
      collection,
      list.map((entry, i) => migration.primitive(collection, entry as JsonObject, i)),
    );
  }
  if ('tags' in source) {
    const tags = source.tags as unknown[];
    if (tags.length === 0)
      report.changes.push({ kind: 'remove-empty-collection', from: '/tags', detail: 'removed empty tags (3.3)' });
    else setOwn(out, 'tags', cloneJson(tags));
  }
  migration.checkAssumptions(source);

  // Extensions: kept as they are.
  for (const key of Object.keys(source)) {
    if (key.startsWith('x-')) {
      setOwn(out, key, cloneJson(source[key]));
      report.changes.push({
        kind: 'keep-extension',
        from: joinPointer('', key),
        to: joinPointer('', key),
        detail: `kept specification extension ${quote(key)} unchanged`,
      });
    }
  }

  if (diagnostics.some((d) => d.severity === 'error')) return fail();

  // 9-10. Validate the output with the 0.8.0 validator.
  const checked = validate(out, options.validation ?? {});
  for (const d of checked.diagnostics) {
    if (d.severity === 'error') {
      diagnostics.push(
        operationDiagnostic({
          rule: 'operation.migrate.output',
          code: 'invalid-output',
          spec,
          pointer: d.pointer,
          message: `the migrated document fails ${d.rule} (${d.code}): ${d.message}`,
        }),
      );
    } else {
      diagnostics.push(copyDiagnostic(d));
    }
  }
  if (!checked.valid) return fail();
  report.ok = true;
  return { ok: true, value: checked.document, diagnostics, report };
}

// ---------------------------------------------------------------------------------------------

class Migration {
  constructor(
    private readonly report: MigrationReport,
    private readonly diagnostics: OperationDiagnostic[],
    private readonly options: MigrateOptions,
  ) {}

  private error(code: string, pointer: string, message: string): void {
    this.diagnostics.push(
      operationDiagnostic({ rule: `operation.migrate.${ruleOf(code)}`, code, message, pointer, spec }),
    );
  }

  private warning(code: string, pointer: string, message: string): void {
    this.diagnostics.push(
      operationDiagnostic({
        rule: `operation.migrate.${ruleOf(code)}`,
        code,
        message,
        pointer,
        spec,
        severity: 'warning',
      }),
    );
  }

  /** Step 4: the root revision from `info.protocolVersion` or the authoritative `--protocol` input. */
  protocolVersion(source: JsonObject): string | undefined {
    const info = source.info as JsonObject;
    const declared = info.protocolVersion as string | undefined;
    const given = this.options.protocol;
    if (given !== undefined && !isRevision(given)) {
      this.error(
        'unsupported-protocol',
        '',
        `--protocol ${quote(given)} is not an MCP revision MCP Description 0.8.0 supports (${revisions.join(', ')})`,
      );
      return undefined;
    }
    if (declared !== undefined && given !== undefined && declared !== given) {
      this.error(
        'protocol-conflict',
        '/info/protocolVersion',
        `info.protocolVersion is ${quote(declared)} but --protocol is ${quote(given)}; migrate does not choose between them: remove one or make them agree`,
      );
      this.report.openQuestions.push({
        kind: 'protocol-conflict',
        pointer: '/info/protocolVersion',
        question: `Which MCP revision does the server implement: ${quote(declared)} (info.protocolVersion) or ${quote(given)} (--protocol)?`,
        blocking: true,
      });
      return undefined;
    }
    if (declared !== undefined) {
      this.report.protocolVersions = [declared];
      this.report.changes.push({
        kind: 'move-protocol-version',
        from: '/info/protocolVersion',
        to: '/protocolVersions',
        detail: `moved info.protocolVersion ${quote(declared)} to root protocolVersions`,
      });
      return declared;
    }
    if (given !== undefined) {
      this.report.protocolVersions = [given];
      this.report.defaults.push({
        kind: 'protocol-versions',
        pointer: '/protocolVersions',
        value: [given],
        source: '--protocol',
        detail: `the source has no info.protocolVersion; root protocolVersions comes from the authoritative input --protocol ${given}`,
      });
      return given;
    }
    this.error(
      'protocol-required',
      '/info',
      'the source has no info.protocolVersion and no authoritative revision was given (--protocol); migrate does not invent one',
    );
    this.report.openQuestions.push({
      kind: 'protocol-required',
      pointer: '/info',
      question: 'Which MCP protocol revision does the server implement? Pass it with --protocol.',
      blocking: true,
    });
    return undefined;
  }

  info(info: JsonObject): JsonObject {
    const out: JsonObject = {};
    for (const key of Object.keys(info)) {
      if (key === 'protocolVersion') continue;
      if (key === 'icons' && Array.isArray(info.icons) && info.icons.length === 0) {
        this.report.changes.push({
          kind: 'remove-empty-collection',
          from: '/info/icons',
          detail: 'removed empty info.icons (3.3)',
        });
        continue;
      }
      setOwn(out, key, cloneJson(info[key]));
    }
    return out;
  }

  transport(transport: JsonObject, index: number, schemes: SchemeNamer): JsonObject {
    const pointer = joinPointer('/transports', index);
    const out: JsonObject = {};
    for (const key of Object.keys(transport)) {
      if (key === 'security')
        setOwn(out, key, this.security(transport.security as unknown[], joinPointer(pointer, 'security'), schemes));
      else setOwn(out, key, cloneJson(transport[key]));
    }
    return out;
  }

  /**
   * Step 7: a 0.7.0 security array (inline Security Scheme Objects) becomes a Security
   * Requirement Array: one alternative per listed scheme, each with an empty scope array
   * (no minimum scope is inferred). `[]` stays `[]` (override placement preserved).
   */
  security(list: unknown[], pointer: string, schemes: SchemeNamer): unknown[] {
    if (list.length === 0) {
      this.report.changes.push({
        kind: 'keep-empty-security',
        from: pointer,
        to: pointer,
        detail: 'kept security: [] (explicitly no authentication; not normalized, 7.4)',
      });
      return [];
    }
    if (list.length > 1) {
      this.warning(
        'multiple-schemes',
        pointer,
        `security lists ${list.length} schemes; migrate reads a 0.7.0 security array as alternatives (any one of them), one Security Requirement Object each`,
      );
      this.report.openQuestions.push({
        kind: 'security-alternatives',
        pointer,
        question: `Are the ${list.length} schemes at ${pointer} alternatives (migrated as such) or jointly required?`,
        blocking: false,
      });
    }
    return list.map((scheme, i) => {
      const at = joinPointer(pointer, i);
      const name = schemes.nameOf(scheme as JsonObject);
      this.report.changes.push({
        kind: 'name-security-scheme',
        from: at,
        to: joinPointer(pointer, i),
        detail: `replaced the inline ${quote((scheme as JsonObject).type)} scheme with a requirement of the named scheme ${quote(name)}`,
      });
      this.report.defaults.push({
        kind: 'requirement-scopes',
        pointer: joinPointer(pointer, i, name),
        value: [],
        source: 'migrate',
        detail: 'empty scope array: 0.7.0 states no required scopes and migrate infers none',
      });
      return { [name]: [] };
    });
  }

  /** OAuth flow endpoints the 0.8.0 spec requires; missing endpoint metadata needs the author (7.2). */
  checkFlows(schemes: SchemeNamer): void {
    for (const entry of schemes.entries) {
      if (entry.scheme.type !== 'oauth2' || !isObject(entry.scheme.flows)) continue;
      const flows = entry.scheme.flows;
      if (Object.keys(flows).length === 0) {
        this.error(
          'oauth-flow-incomplete',
          joinPointer(entry.occurrences[0]!, 'flows'),
          'the oauth2 scheme has no flow; 0.8.0 requires at least one and migrate cannot invent one',
        );
        this.report.openQuestions.push({
          kind: 'oauth-flow-incomplete',
          pointer: joinPointer(entry.occurrences[0]!, 'flows'),
          question: 'Which OAuth2 flow and endpoints does the server use?',
          blocking: true,
        });
      }
      for (const [flowName, flow] of Object.entries(flows)) {
        if (!isObject(flow)) continue;
        const needed = [
          ...(flowName === 'implicit' || flowName === 'authorizationCode' ? ['authorizationUrl'] : []),
          ...(flowName !== 'implicit' ? ['tokenUrl'] : []),
          'scopes',
        ];
        for (const key of needed) {
          if (key in flow) continue;
          const at = joinPointer(entry.occurrences[0]!, 'flows', flowName);
          this.error(
            'oauth-flow-incomplete',
            at,
            `the ${flowName} flow has no ${key}, which 0.8.0 requires (7.2); migrate cannot supply authoritative endpoint metadata`,
          );
          this.report.openQuestions.push({
            kind: 'oauth-flow-incomplete',
            pointer: at,
            subject: key,
            question: `What is the ${key} of the ${flowName} flow?`,
            blocking: true,
          });
        }
      }
    }
  }

  /** Step 5: a present Capabilities Object becomes a one-item array (empty: removed). */
  capabilities(caps: JsonObject): JsonObject | undefined {
    const out: JsonObject = {};
    for (const key of Object.keys(caps)) {
      const value = caps[key];
      if (key === 'extensions' && isObject(value) && Object.keys(value).length === 0) {
        this.report.changes.push({
          kind: 'remove-empty-collection',
          from: '/capabilities/extensions',
          detail: 'removed empty capabilities.extensions (3.3)',
        });
        continue;
      }
      setOwn(out, key, cloneJson(value));
    }
    if (Object.keys(out).length === 0) {
      this.report.changes.push({
        kind: 'remove-empty-collection',
        from: '/capabilities',
        detail:
          'removed an empty capabilities object (no capability declared; 0.8.0 capabilities must be non-empty, 3.3)',
      });
      return undefined;
    }
    this.report.changes.push({
      kind: 'wrap-capabilities',
      from: '/capabilities',
      to: '/capabilities/0',
      detail: 'wrapped the Capabilities Object in a one-item array',
    });
    return out;
  }

  primitive(collection: string, entry: JsonObject, index: number): JsonObject {
    const pointer = joinPointer('', collection, index);
    const out: JsonObject = {};
    for (const key of Object.keys(entry)) {
      const value = entry[key];
      if (
        (key === 'icons' || key === 'tags' || (collection === 'prompts' && key === 'arguments')) &&
        Array.isArray(value) &&
        value.length === 0
      ) {
        this.report.changes.push({
          kind: 'remove-empty-collection',
          from: joinPointer(pointer, key),
          detail: `removed empty ${key} (3.3)`,
        });
        continue;
      }
      setOwn(out, key, cloneJson(value));
    }
    if (collection === 'tools' && !('inputSchema' in entry)) {
      const name = String(entry.name);
      if (this.options.assumeNoArgs?.includes(name)) {
        setOwn(out, 'inputSchema', cloneJson(noArgumentsSchema));
        this.report.approvals.push({
          kind: 'assume-no-args',
          pointer: joinPointer(pointer, 'inputSchema'),
          subject: name,
          value: cloneJson(noArgumentsSchema),
          source: '--assume-no-args',
          detail: `the author confirmed that tool ${quote(name)} accepts no parameters; inserted the closed no-parameter inputSchema`,
        });
      } else {
        this.error(
          'missing-input-schema',
          pointer,
          `tool ${quote(name)} has no inputSchema, which 0.8.0 requires; migrate does not fill it in: add the schema, or confirm the tool takes no parameters with --assume-no-args ${name}`,
        );
        this.report.openQuestions.push({
          kind: 'missing-input-schema',
          pointer,
          subject: name,
          question: `What parameters does tool ${quote(name)} accept? If none, confirm with --assume-no-args ${name}.`,
          blocking: true,
        });
      }
    }
    return out;
  }

  /** `--assume-no-args` names must be tools that lack inputSchema: anything else is a conflict. */
  checkAssumptions(source: JsonObject): void {
    const tools = Array.isArray(source.tools) ? source.tools.filter(isObject) : [];
    for (const name of [...new Set(this.options.assumeNoArgs ?? [])].sort(compareCodeUnits)) {
      const matching = tools.filter((t) => t.name === name);
      if (matching.length === 0) {
        this.error(
          'assume-no-args-unknown-tool',
          '/tools',
          `--assume-no-args names ${quote(name)}, but the source declares no tool of that name`,
        );
      } else if (matching.every((t) => 'inputSchema' in t)) {
        this.error(
          'assume-no-args-conflict',
          joinPointer('/tools', tools.indexOf(matching[0]!), 'inputSchema'),
          `--assume-no-args names ${quote(name)}, but that tool already declares an inputSchema; migrate keeps the declared schema and does not guess which is right`,
        );
      }
    }
  }
}

function ruleOf(code: string): string {
  if (code.startsWith('protocol') || code === 'unsupported-protocol') return 'protocol';
  if (code.includes('input-schema') || code.startsWith('assume-no-args')) return 'input-schema';
  return 'security';
}

// ---------------------------------------------------------------------------------------------

interface SchemeEntry {
  scheme: JsonObject;
  key: string;
  base: string;
  basis: string;
  name: string;
  occurrences: string[];
}

/**
 * Deterministic security scheme names. Equal scheme objects (canonical JSON) share one name.
 * The base name prefers author-provided identifiers: the HTTP `scheme` (e.g. `bearer`), the
 * API key `name` (e.g. `X-API-Key`), the OpenID Connect URL host; else the scheme `type`.
 * Characters outside `[A-Za-z0-9._-]` become `-`. When distinct schemes share a base name,
 * they get `<base>`, `<base>-2`, `<base>-3`... in order of first occurrence (root security
 * first, then transports in order), and the collision is reported for review.
 */
class SchemeNamer {
  readonly entries: SchemeEntry[] = [];
  private readonly byKey = new Map<string, SchemeEntry>();
  private finished = false;

  add(scheme: JsonObject, pointer: string): string {
    const key = canonicalJson(scheme);
    let entry = this.byKey.get(key);
    if (!entry) {
      const { base, basis } = baseName(scheme);
      entry = { scheme, key, base, basis, name: base, occurrences: [] };
      this.byKey.set(key, entry);
      this.entries.push(entry);
    }
    entry.occurrences.push(pointer);
    return entry.name;
  }

  /** Called after every occurrence was added; assigns collision suffixes. Returns the securitySchemes map. */
  finish(report: MigrationReport, diagnostics: OperationDiagnostic[]): JsonObject | undefined {
    if (this.finished || this.entries.length === 0) return undefined;
    this.finished = true;
    const byBase = new Map<string, SchemeEntry[]>();
    for (const e of this.entries) {
      if (!byBase.has(e.base)) byBase.set(e.base, []);
      byBase.get(e.base)!.push(e);
    }
    const taken = new Set(this.entries.map((e) => e.base));
    for (const [base, group] of byBase) {
      if (group.length < 2) continue;
      let n = 2;
      for (const e of group.slice(1)) {
        while (taken.has(`${base}-${n}`)) n++;
        e.name = `${base}-${n}`;
        taken.add(e.name);
      }
      diagnostics.push(
        operationDiagnostic({
          rule: 'operation.migrate.security',
          code: 'scheme-name-collision',
          severity: 'warning',
          spec,
          pointer: group[1]!.occurrences[0]!,
          message: `${group.length} different inline security schemes would be named ${quote(base)}; named them ${group.map((e) => quote(e.name)).join(', ')} in order of first occurrence: review the names and whether the definitions should differ`,
        }),
      );
      report.openQuestions.push({
        kind: 'scheme-name-collision',
        pointer: group[1]!.occurrences[0]!,
        subject: base,
        question: `Are the ${group.length} different schemes named ${group.map((e) => quote(e.name)).join(', ')} really distinct (${group.map((e) => e.occurrences[0]).join(', ')}), and are the generated names acceptable?`,
        blocking: false,
      });
    }
    const map: JsonObject = {};
    for (const e of this.entries) {
      setOwn(map, e.name, cloneJson(e.scheme));
      report.securitySchemes.push({ name: e.name, basis: e.basis, occurrences: [...e.occurrences] });
    }
    return map;
  }

  /** The name assigned to a registered scheme (after `finish`). */
  nameOf(scheme: JsonObject): string {
    return this.byKey.get(canonicalJson(scheme))!.name;
  }
}

function baseName(scheme: JsonObject): { base: string; basis: string } {
  const clean = (s: string): string => s.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '');
  if (scheme.type === 'http' && typeof scheme.scheme === 'string' && clean(scheme.scheme)) {
    return { base: clean(scheme.scheme.toLowerCase()), basis: `http scheme ${quote(scheme.scheme)}` };
  }
  if (scheme.type === 'apiKey' && typeof scheme.name === 'string' && clean(scheme.name)) {
    return { base: clean(scheme.name), basis: `apiKey name ${quote(scheme.name)}` };
  }
  if (scheme.type === 'openIdConnect' && typeof scheme.openIdConnectUrl === 'string') {
    try {
      const host = clean(new URL(scheme.openIdConnectUrl).hostname);
      if (host) return { base: `openIdConnect-${host}`, basis: `openIdConnect URL host ${quote(host)}` };
    } catch {
      /* fall through */
    }
  }
  return { base: clean(String(scheme.type)) || 'scheme', basis: `scheme type ${quote(scheme.type)}` };
}
