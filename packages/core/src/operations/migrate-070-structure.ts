/**
 * Structural checks of an MCP Description 0.7.0 document, written from the 0.7.0 specification
 * text (../spec/0.7.0/mcp-description-0.7.0.md). Used by `migrate` to validate its source
 * (migration guide, recommended algorithm step 1). Only what the 0.7.0 text states with MUST
 * is an error; the SHOULD-level statements it makes are warnings. Never throws.
 */
import { joinPointer } from '../model/json-pointer.js';
import { isObject, ownEntry, type JsonObject } from '../model/values.js';
import { legacyProtocolVersions, legacySpecVersion } from '../model/spec-versions.js';
import { operationDiagnostic, quote, type OperationDiagnostic } from './operation-result.js';

// The lists below are the 0.7.0 format's own (its text, not the 0.8.0 shape table in model/document.ts):
// a later change to 0.8.0 must not change what a 0.7.0 document may contain.
const rootProperties = new Set([
  '$schema',
  'mcpdesc',
  'info',
  'transports',
  'security',
  'capabilities',
  'tools',
  'resources',
  'resourceTemplates',
  'prompts',
  'tags',
]);
const transportProperties: Record<string, { required: string[]; optional: string[] }> = {
  'streamable-http': { required: ['url'], optional: [] },
  stdio: { required: ['command'], optional: ['args', 'env'] },
  sse: { required: ['url'], optional: [] },
};
const schemeTypes = ['http', 'apiKey', 'oauth2', 'openIdConnect'];
const flowNames = ['implicit', 'password', 'clientCredentials', 'authorizationCode'];
const primitiveRequired: Record<string, string[]> = {
  tools: ['name'],
  resources: ['uri', 'name'],
  resourceTemplates: ['uriTemplate', 'name'],
  prompts: ['name'],
};

const rule = 'operation.migrate.source';

/** Checks a decoded 0.7.0 document; returns diagnostics (errors make it unusable as migration input). */
export function check070Structure(document: unknown): OperationDiagnostic[] {
  const out: OperationDiagnostic[] = [];
  const error = (code: string, pointer: string, message: string, spec: string): void => {
    out.push(
      operationDiagnostic({
        rule,
        code,
        message: `${message} (MCP Description 0.7.0 ${spec})`,
        pointer,
        spec: `0.7.0 ${spec}`,
      }),
    );
  };
  const warning = (code: string, pointer: string, message: string, spec: string): void => {
    out.push(
      operationDiagnostic({
        rule,
        code,
        severity: 'warning',
        message: `${message} (MCP Description 0.7.0 ${spec})`,
        pointer,
        spec: `0.7.0 ${spec}`,
      }),
    );
  };
  if (!isObject(document)) {
    error('root-type', '', `the document root is ${quote(typeOf(document))}, expected an object`, '3.2');
    return out;
  }
  // Root (3.2, 3.3, 3.6, 4.1, 4.2)
  for (const key of Object.keys(document)) {
    if (!rootProperties.has(key) && !key.startsWith('x-'))
      error('unknown-root-property', joinPointer('', key), `unknown root property ${quote(key)}`, '3.6');
  }
  if (!('mcpdesc' in document)) error('missing-mcpdesc', '', 'the root has no "mcpdesc"', '4.1');
  else if (document.mcpdesc !== legacySpecVersion)
    error(
      'mcpdesc-version',
      '/mcpdesc',
      `mcpdesc is ${quote(document.mcpdesc)}, expected ${quote(legacySpecVersion)}`,
      '4.2',
    );
  if ('$schema' in document && typeof document.$schema !== 'string')
    error('type', '/$schema', `$schema is ${quote(document.$schema)}, expected a string`, '3.2');
  checkInfo(document.info, error);
  if (!Array.isArray(document.transports) || document.transports.length === 0) {
    error(
      'transports-required',
      'transports' in document ? '/transports' : '',
      `transports is ${quote(document.transports)}, expected an array with at least one transport`,
      '6',
    );
  } else {
    document.transports.forEach((t, i) => checkTransport(t, joinPointer('/transports', i), error));
  }
  if ('security' in document) checkSecurityArray(document.security, '/security', error);
  if ('capabilities' in document) {
    if (!isObject(document.capabilities))
      error('type', '/capabilities', `capabilities is ${quote(document.capabilities)}, expected an object`, '8');
    else {
      for (const [key, value] of Object.entries(document.capabilities)) {
        if (!isObject(value))
          error(
            'type',
            joinPointer('/capabilities', key),
            `capability ${quote(key)} is ${quote(value)}, expected an object`,
            '8.2',
          );
      }
    }
  }
  const present = Object.keys(primitiveRequired).filter((k) => k in document);
  if (present.length === 0)
    error('no-primitives', '', 'the document declares none of tools, resources, resourceTemplates and prompts', '3.3');
  const declaredTags = checkTags(document.tags, 'tags' in document, error);
  for (const collection of present) {
    const list = document[collection];
    if (!Array.isArray(list)) {
      error('type', joinPointer('', collection), `${collection} is ${quote(list)}, expected an array`, '3.2');
      continue;
    }
    list.forEach((entry, i) => checkPrimitive(collection, entry, joinPointer('', collection, i), declaredTags, error));
  }
  void warning;
  return out;
}

type Report = (code: string, pointer: string, message: string, spec: string) => void;

function typeOf(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

function nonEmptyString(value: unknown): boolean {
  return typeof value === 'string' && value.length > 0;
}

function checkInfo(info: unknown, error: Report): void {
  if (!isObject(info)) {
    error('info-required', info === undefined ? '' : '/info', `info is ${quote(info)}, expected an object`, '5');
    return;
  }
  for (const key of ['name', 'version']) {
    if (!nonEmptyString(info[key]))
      error(
        'info-member',
        joinPointer('/info', key),
        `info.${key} is ${quote(info[key])}, expected a non-empty string`,
        '5.1',
      );
  }
  for (const key of ['title', 'description', 'id', 'websiteUrl']) {
    if (key in info && typeof info[key] !== 'string')
      error('type', joinPointer('/info', key), `info.${key} is ${quote(info[key])}, expected a string`, '5.1');
  }
  if ('protocolVersion' in info && !(legacyProtocolVersions as readonly unknown[]).includes(info.protocolVersion)) {
    error(
      'protocol-version',
      '/info/protocolVersion',
      `info.protocolVersion is ${quote(info.protocolVersion)}, expected one of ${legacyProtocolVersions.map((v) => JSON.stringify(v)).join(', ')}`,
      '5.2',
    );
  }
  if ('icons' in info) checkIcons(info.icons, '/info/icons', error);
  if ('contact' in info && !isObject(info.contact))
    error('type', '/info/contact', `info.contact is ${quote(info.contact)}, expected an object`, '5.3');
  if ('license' in info) {
    if (!isObject(info.license))
      error('type', '/info/license', `info.license is ${quote(info.license)}, expected an object`, '5.4');
    else if (!nonEmptyString(info.license.name))
      error(
        'license-name',
        '/info/license/name',
        `info.license.name is ${quote(info.license.name)}, expected a string`,
        '5.4',
      );
  }
}

function checkIcons(icons: unknown, pointer: string, error: Report): void {
  if (!Array.isArray(icons)) {
    error('type', pointer, `icons is ${quote(icons)}, expected an array`, 'Appendix A');
    return;
  }
  icons.forEach((icon, i) => {
    if (!isObject(icon) || typeof icon.src !== 'string')
      error('icon-src', joinPointer(pointer, i), `icon ${quote(icon)} has no string "src"`, 'Appendix A');
  });
}

function checkTransport(transport: unknown, pointer: string, error: Report): void {
  if (!isObject(transport)) {
    error('type', pointer, `transport ${quote(transport)} is not an object`, '6.2');
    return;
  }
  const shape = typeof transport.type === 'string' ? ownEntry(transportProperties, transport.type) : undefined;
  if (!shape) {
    error(
      'transport-type',
      joinPointer(pointer, 'type'),
      `transport type ${quote(transport.type)} is not one of "streamable-http", "stdio", "sse"`,
      '6.2',
    );
    return;
  }
  for (const key of shape.required) {
    if (typeof transport[key] !== 'string')
      error(
        'transport-member',
        joinPointer(pointer, key),
        `${transport.type} transport ${key} is ${quote(transport[key])}, expected a string`,
        '6.2',
      );
  }
  for (const key of Object.keys(transport)) {
    if (key !== 'type' && key !== 'security' && !shape.required.includes(key) && !shape.optional.includes(key)) {
      error(
        'transport-property',
        joinPointer(pointer, key),
        `${transport.type} transport has property ${quote(key)}, which 0.7.0 does not define for it`,
        '6.5',
      );
    }
  }
  if ('args' in transport && (!Array.isArray(transport.args) || transport.args.some((a) => typeof a !== 'string'))) {
    error(
      'type',
      joinPointer(pointer, 'args'),
      `args is ${quote(transport.args)}, expected an array of strings`,
      '6.2.2',
    );
  }
  if (
    'env' in transport &&
    (!isObject(transport.env) || Object.values(transport.env).some((v) => typeof v !== 'string'))
  ) {
    error(
      'type',
      joinPointer(pointer, 'env'),
      `env is ${quote(transport.env)}, expected an object of strings`,
      '6.2.2',
    );
  }
  if ('security' in transport) checkSecurityArray(transport.security, joinPointer(pointer, 'security'), error);
}

function checkSecurityArray(security: unknown, pointer: string, error: Report): void {
  if (!Array.isArray(security)) {
    error('type', pointer, `security is ${quote(security)}, expected an array of Security Scheme Objects`, '7');
    return;
  }
  security.forEach((scheme, i) => checkScheme(scheme, joinPointer(pointer, i), error));
}

function checkScheme(scheme: unknown, pointer: string, error: Report): void {
  if (!isObject(scheme)) {
    error('type', pointer, `security scheme ${quote(scheme)} is not an object`, '7.2');
    return;
  }
  if (!schemeTypes.includes(scheme.type as string)) {
    error(
      'scheme-type',
      joinPointer(pointer, 'type'),
      `security scheme type ${quote(scheme.type)} is not one of "http", "apiKey", "oauth2", "openIdConnect"`,
      '7.2',
    );
    return;
  }
  const need = (key: string): void => {
    if (typeof scheme[key] !== 'string')
      error(
        'scheme-member',
        joinPointer(pointer, key),
        `${String(scheme.type)} security scheme ${key} is ${quote(scheme[key])}, expected a string`,
        '7.2',
      );
  };
  if (scheme.type === 'http') need('scheme');
  if (scheme.type === 'apiKey') {
    need('name');
    if (!['header', 'query', 'cookie'].includes(scheme.in as string))
      error(
        'scheme-member',
        joinPointer(pointer, 'in'),
        `apiKey security scheme "in" is ${quote(scheme.in)}, expected "header", "query" or "cookie"`,
        '7.2',
      );
  }
  if (scheme.type === 'openIdConnect') need('openIdConnectUrl');
  if (scheme.type === 'oauth2') {
    if (!isObject(scheme.flows))
      error(
        'scheme-member',
        joinPointer(pointer, 'flows'),
        `oauth2 security scheme flows is ${quote(scheme.flows)}, expected an OAuth Flows Object`,
        '7.2',
      );
    else {
      for (const [name, flow] of Object.entries(scheme.flows)) {
        if (!flowNames.includes(name))
          error(
            'flow-name',
            joinPointer(pointer, 'flows', name),
            `OAuth flow ${quote(name)} is not one of ${flowNames.join(', ')}`,
            '7.3',
          );
        else if (!isObject(flow))
          error(
            'type',
            joinPointer(pointer, 'flows', name),
            `OAuth flow ${quote(name)} is ${quote(flow)}, expected an object`,
            '7.4',
          );
      }
    }
  }
}

function checkTags(tags: unknown, present: boolean, error: Report): Set<string> | undefined {
  if (!present) return undefined;
  const names = new Set<string>();
  if (!Array.isArray(tags)) {
    error('type', '/tags', `tags is ${quote(tags)}, expected an array of Tag Objects`, '12');
    return names;
  }
  tags.forEach((tag, i) => {
    const pointer = joinPointer('/tags', i);
    if (!isObject(tag) || typeof tag.name !== 'string') {
      error('tag-name', pointer, `tag ${quote(tag)} has no string "name"`, '12.1');
      return;
    }
    if (names.has(tag.name))
      error(
        'duplicate-tag',
        joinPointer(pointer, 'name'),
        `tag name ${quote(tag.name)} is declared more than once`,
        '12.2',
      );
    names.add(tag.name);
  });
  return names;
}

function checkPrimitive(
  collection: string,
  entry: unknown,
  pointer: string,
  declaredTags: Set<string> | undefined,
  error: Report,
): void {
  if (!isObject(entry)) {
    error('type', pointer, `${collection} entry ${quote(entry)} is not an object`, '3.2');
    return;
  }
  for (const key of primitiveRequired[collection]!) {
    if (typeof entry[key] !== 'string')
      error(
        'primitive-member',
        joinPointer(pointer, key),
        `${key} is ${quote(entry[key])}, expected a string`,
        sectionOf(collection),
      );
  }
  for (const key of ['inputSchema', 'outputSchema', 'annotations', 'execution', '_meta']) {
    if (key in entry && !isObject(entry[key]))
      error(
        'type',
        joinPointer(pointer, key),
        `${key} is ${quote(entry[key])}, expected an object`,
        sectionOf(collection),
      );
  }
  if ('icons' in entry) checkIcons(entry.icons, joinPointer(pointer, 'icons'), error);
  if ('deprecated' in entry && typeof entry.deprecated !== 'boolean')
    error(
      'type',
      joinPointer(pointer, 'deprecated'),
      `deprecated is ${quote(entry.deprecated)}, expected a boolean`,
      sectionOf(collection),
    );
  if (collection === 'prompts' && 'arguments' in entry) {
    if (!Array.isArray(entry.arguments))
      error(
        'type',
        joinPointer(pointer, 'arguments'),
        `arguments is ${quote(entry.arguments)}, expected an array`,
        '11.1',
      );
    else
      entry.arguments.forEach((argument, i) => {
        if (!isObject(argument) || typeof argument.name !== 'string')
          error(
            'argument-name',
            joinPointer(pointer, 'arguments', i),
            `prompt argument ${quote(argument)} has no string "name"`,
            '11.2',
          );
      });
  }
  if ('tags' in entry) checkTagReferences(entry.tags, joinPointer(pointer, 'tags'), declaredTags, error);
}

function checkTagReferences(tags: unknown, pointer: string, declared: Set<string> | undefined, error: Report): void {
  if (!Array.isArray(tags)) {
    error('type', pointer, `tags is ${quote(tags)}, expected an array of strings`, '12.3');
    return;
  }
  const seen = new Set<string>();
  tags.forEach((tag, i) => {
    const at = joinPointer(pointer, i);
    if (typeof tag !== 'string') {
      error('type', at, `tag reference ${quote(tag)} is not a string`, '12.3');
      return;
    }
    if (declared && !declared.has(tag))
      error('undeclared-tag', at, `tag ${quote(tag)} is not declared in root tags`, '12.3');
    if (declared && seen.has(tag)) error('duplicate-tag-reference', at, `tag ${quote(tag)} is repeated`, '12.3');
    seen.add(tag);
  });
}

function sectionOf(collection: string): string {
  return collection === 'tools'
    ? '9.1'
    : collection === 'resources'
      ? '10.1.1'
      : collection === 'resourceTemplates'
        ? '10.2.1'
        : '11.1';
}

export type { JsonObject };
