/**
 * The one redaction of the live commands: what is secret among the values the user supplied
 * (`--env`, `--header`, the URL's user information), and how an echo of it is removed from texts,
 * finding values and captured documents. Every finding, message and log line of capture, verify
 * and the mock passes through a Redactor before it is printed or written (docs/live.md, "Secrets").
 */
import { setOwn, isObject, type JsonObject, escapePointerToken } from 'mcpdesc-core/model';
import type { LiveFinding } from './findings.js';

/** What a redacted secret is replaced by. */
export const redactedMark = '***';

/** A secret value and where it came from (`--env TOKEN`), so a warning can name it without showing it. */
export interface Secret {
  value: string;
  source: string;
  /**
   * Whether the value is replaced wherever it occurs: long values cannot occur inside an ordinary
   * word by chance. Shorter ones are replaced only as a whole token, so `errors` stays `errors`.
   */
  anywhere: boolean;
}

/** The connection options a Redactor is built from (a ConnectTarget fits). */
export type SecretSources =
  | { kind: 'stdio'; env?: Record<string, string> }
  | { kind: 'http'; url: string; headers?: Record<string, string>; secrets?: SecretRegistry };

/** Values shorter than this are never secret: they cannot be told from ordinary words (`1`, `dev`). */
export const shortestSecret = 4;
/** A value at least this long is replaced even inside a longer token. */
const anywhereLength = 16;
/** A value of any variable or header at least this long that looks random is secret. */
const highEntropyLength = 20;
const highEntropyDistinct = 10;

/**
 * Secrets that appear while a connection runs (OAuth's tokens, authorization code, PKCE verifier,
 * a registered client's secret): every Redactor built from the same target reads the registry at
 * each use, so a value registered after the Redactor was made is still replaced.
 */
export class SecretRegistry {
  private readonly entries: Secret[] = [];
  /** Bumped on every addition, so a Redactor re-sorts only when something was added. */
  version = 0;

  add(value: string | undefined, source: string): void {
    if (value === undefined || value.length < shortestSecret) return;
    if (this.entries.some((s) => s.value === value)) return;
    this.entries.push({ value, source, anywhere: value.length >= anywhereLength });
    this.version++;
  }

  get list(): readonly Secret[] {
    return this.entries;
  }
}

/** Variable and header names that hold credentials (matched case-insensitively anywhere in the name). */
const credentialName = /token|secret|key|passw|passphrase|pwd|auth|credential|cookie|session|private|signature|bearer/i;
/** Values of credential-like variables that are settings, not credentials. */
const ordinarySettings = new Set(['true', 'false', 'yes', 'no', 'on', 'off', 'none', 'null', 'enabled', 'disabled']);

/** Whether a variable or header name says it holds a credential (`GITHUB_TOKEN`, `X-Api-Key`, `Cookie`). */
export function isCredentialName(name: string): boolean {
  return credentialName.test(name);
}

/**
 * Whether a value looks like a generated credential whatever its name: 20 characters or more, no
 * whitespace, letters and digits, 10 distinct characters or more, and neither a path nor a URL.
 */
export function looksRandom(value: string): boolean {
  if (value.length < highEntropyLength || /\s/.test(value)) return false;
  if (/^(?:[/.~]|[A-Za-z]:[\\/])/.test(value) || value.includes('://')) return false;
  if (!/[A-Za-z]/.test(value) || !/[0-9]/.test(value)) return false;
  return new Set(value).size >= highEntropyDistinct;
}

/** Whether the value of a credential-named variable is a credential rather than a setting (`AUTH_ENABLED=true`, `SESSION_TTL=3600`). */
function isCredentialValue(value: string): boolean {
  if (value.length < shortestSecret) return false;
  if (ordinarySettings.has(value.toLowerCase())) return false;
  return !/^\d{1,7}$/.test(value);
}

function basicCredentials(username: string, password: string): string {
  return Buffer.from(`${username}:${password}`, 'utf8').toString('base64');
}

/** The user information of a URL-shaped value (`https://user:pass@host`, `postgres://...`), decoded. */
function userinfoOf(text: string): { username: string; password: string } | undefined {
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*@/.test(text)) return undefined;
  try {
    const url = new URL(text);
    return { username: decodeURIComponent(url.username), password: decodeURIComponent(url.password) };
  } catch {
    return undefined;
  }
}

/** The secrets of one supplied value, by the rule of docs/live.md. */
function secretsOfValue(name: string, value: string, source: string, credential: boolean, out: Secret[]): void {
  const add = (v: string, from = source) => {
    if (v.length >= shortestSecret) out.push({ value: v, source: from, anywhere: v.length >= anywhereLength });
  };
  if (credential ? isCredentialValue(value) : looksRandom(value)) add(value);
  // `Bearer X`, `Basic X`, `token X`: the credential alone, as a server would echo it.
  const scheme = /^\s*[A-Za-z][A-Za-z0-9_-]*\s+(\S+)\s*$/.exec(value);
  if (scheme && (credential || looksRandom(scheme[1]!))) {
    add(scheme[1]!);
    if (/^\s*basic\s/i.test(value)) {
      const decoded = Buffer.from(scheme[1]!, 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      if (colon >= 0) add(decoded.slice(colon + 1));
    }
  }
  // Cookie: each value of `a=b; c=d`.
  if (/cookie/i.test(name))
    for (const pair of value.split(';')) {
      const eq = pair.indexOf('=');
      if (eq > 0) add(pair.slice(eq + 1).trim());
    }
  const userinfo = userinfoOf(value);
  if (userinfo) addUserinfo(userinfo.username, userinfo.password, `the user information in ${source}`, out);
}

/** A URL's password; its user name only when it stands alone (`https://TOKEN@host/`: then it is the credential). */
function addUserinfo(username: string, password: string, source: string, out: Secret[]): void {
  const add = (v: string) => {
    if (v.length >= shortestSecret) out.push({ value: v, source, anywhere: v.length >= anywhereLength });
  };
  if (password !== '') {
    add(password);
    add(encodeURIComponent(password));
    add(basicCredentials(username, password));
  } else if (username !== '') {
    add(username);
    add(encodeURIComponent(username));
    add(basicCredentials(username, ''));
  }
}

/**
 * Every secret among the supplied values. `--env`: the value of a credential-named variable
 * (unless a setting such as `true` or a short number), any value that looks random, the password
 * of a URL-valued variable. `--header`: the value of a credential-named header (`Authorization`,
 * `Cookie`, `X-Api-Key`...) and its credential alone, any value that looks random. `--url`: its
 * user information. Never a value shorter than 4 characters.
 */
export function secretsOf(sources: SecretSources): Secret[] {
  const out: Secret[] = [];
  if (sources.kind === 'stdio') {
    for (const [name, value] of Object.entries(sources.env ?? {}))
      secretsOfValue(name, value, `--env ${name}`, isCredentialName(name), out);
  } else {
    for (const [name, value] of Object.entries(sources.headers ?? {}))
      secretsOfValue(name, value, `--header ${name}`, isCredentialName(name), out);
    const userinfo = userinfoOf(sources.url);
    if (userinfo) addUserinfo(userinfo.username, userinfo.password, "the --url's user information", out);
  }
  // Longest first, so a value containing another is redacted whole; one entry per value.
  const seen = new Set<string>();
  return out
    .sort((a, b) => b.value.length - a.value.length)
    .filter((s) => (seen.has(s.value) ? false : (seen.add(s.value), true)));
}

const wordCharacter = /[\p{L}\p{N}_]/u;
/** `scheme://user:password@` in a text: the user information is group 2. */
const userinfoInText = /([A-Za-z][A-Za-z0-9+.-]*:\/\/)([^\s/?#@]+)@/g;

/** Whether the occurrence of `secret` at `at` in `text` stands as a whole token (no word character glued to it). */
function standsAlone(text: string, at: number, secret: string): boolean {
  const before = at > 0 ? text[at - 1]! : '';
  const after = text[at + secret.length] ?? '';
  if (before !== '' && wordCharacter.test(secret[0]!) && wordCharacter.test(before)) return false;
  return !(after !== '' && wordCharacter.test(secret[secret.length - 1]!) && wordCharacter.test(after));
}

/** A location in a document a Redactor changed, and the supplied value it found there (never the value). */
export interface Redaction {
  pointer: string;
  what: 'string' | 'key-renamed' | 'entry-dropped';
  sources: string[];
}

/** Top-level members the tool writes itself (never redacted: they hold no server text). */
const toolWrittenMembers = new Set(['$schema', 'mcpdesc', 'transports']);
/** Members holding JSON Schemas (their `properties` names are the server's). */
const schemaMembers = new Set(['inputSchema', 'outputSchema', 'requestedSchema']);
/** JSON Schema keywords whose value is a map from a name to a schema. */
const schemaMaps = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
/** JSON Schema keywords whose value is a schema, or an array of schemas. */
const schemaValued = new Set([
  'items',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
  'additionalItems',
  'anyOf',
  'allOf',
  'oneOf',
  'prefixItems',
]);
/** Members whose value is data the server chose (every key is the server's). */
const dataMembers = new Set([
  'const',
  'default',
  'enum',
  'examples',
  'arguments',
  'structuredContent',
  'dependentRequired',
]);

/**
 * How a key is treated where it stands: `structure` keys are the format's vocabulary and never
 * change; `name` keys are the server's (a property name, data) and are renamed; `meta` keys
 * (`_meta`) are dropped, since renaming one changes its meaning and may break its grammar.
 */
type KeyRole = 'structure' | 'name' | 'meta';
type Mode = 'plain' | 'schema' | 'schema-map' | 'data' | 'meta';

function childMode(mode: Mode, key: string): Mode {
  switch (mode) {
    case 'data':
      return 'data';
    case 'meta':
      return 'data';
    case 'schema-map':
      return 'schema';
    case 'schema':
      if (schemaMaps.has(key)) return 'schema-map';
      if (schemaValued.has(key)) return 'schema';
      if (dataMembers.has(key)) return 'data';
      return key === '_meta' ? 'meta' : 'plain';
    case 'plain':
      if (schemaMembers.has(key)) return 'schema';
      if (dataMembers.has(key)) return 'data';
      return key === '_meta' ? 'meta' : 'plain';
  }
}

function keyRole(mode: Mode, key: string): KeyRole {
  if (mode === 'meta') return 'meta';
  if (mode === 'schema-map' || mode === 'data') return 'name';
  // An extension member's name is the server's; it cannot be renamed into another x-* safely.
  return key.startsWith('x-') && !key.startsWith('x-mcpdesc-') ? 'meta' : 'structure';
}

/** Replaces the secrets a connection's options carry wherever the server or a message echoes them. */
export class Redactor {
  private readonly supplied: readonly Secret[];
  private readonly registry: SecretRegistry | undefined;
  private merged: readonly Secret[];
  private mergedVersion = 0;
  /** Whether a URL's user information in a text is redacted too, whoever supplied it (the mock's logs of client requests). */
  readonly userinfo: boolean;

  constructor(secrets: readonly Secret[], options: { userinfo?: boolean; registry?: SecretRegistry } = {}) {
    this.supplied = secrets;
    this.merged = secrets;
    this.registry = options.registry;
    this.userinfo = options.userinfo === true;
  }

  /** The supplied secrets and those registered since (OAuth's), longest first. */
  get secrets(): readonly Secret[] {
    const registry = this.registry;
    if (registry && registry.version !== this.mergedVersion) {
      const seen = new Set(this.supplied.map((s) => s.value));
      const added = registry.list.filter((s) => !seen.has(s.value));
      this.merged = [...this.supplied, ...added].sort((a, b) => b.value.length - a.value.length);
      this.mergedVersion = registry.version;
    }
    return this.merged;
  }

  /** Whether nothing would ever be replaced. */
  get empty(): boolean {
    return this.secrets.length === 0 && !this.userinfo;
  }

  static of(sources: SecretSources): Redactor {
    const registry = sources.kind === 'http' ? sources.secrets : undefined;
    return new Redactor(secretsOf(sources), registry ? { registry } : {});
  }

  /** The text with every secret replaced, and the sources of those found. */
  scan(text: string, mark: (secret: string) => string = () => redactedMark): { text: string; sources: string[] } {
    const sources: string[] = [];
    let out = text;
    if (this.userinfo && out.includes('@')) {
      const before = out;
      out = out.replace(userinfoInText, (_, scheme: string, info: string) => `${scheme}${mark(info)}@`);
      if (out !== before) sources.push("a URL's user information");
    }
    for (const secret of this.secrets) {
      let at = out.indexOf(secret.value);
      if (at < 0) continue;
      let result = '';
      let from = 0;
      let found = false;
      while (at >= 0) {
        if (secret.anywhere || standsAlone(out, at, secret.value)) {
          result += out.slice(from, at) + mark(secret.value);
          from = at + secret.value.length;
          found = true;
          at = out.indexOf(secret.value, from);
        } else at = out.indexOf(secret.value, at + 1);
      }
      if (!found) continue;
      out = result + out.slice(from);
      if (!sources.includes(secret.source)) sources.push(secret.source);
    }
    return { text: out, sources };
  }

  /** The text with every secret replaced. */
  text(text: string): string {
    return this.empty ? text : this.scan(text).text;
  }

  /** The text with every secret replaced by as many `*`: offsets into it still hold (a report's source text). */
  mask(text: string): string {
    return this.empty ? text : this.scan(text, (secret) => '*'.repeat(secret.length)).text;
  }

  /**
   * A copy of a value (a finding's live or expected value, a report) with every string and
   * member name redacted; iterative, so a deep value cannot overflow the stack.
   */
  value<T>(value: T): T {
    if (this.empty) return value;
    const root = { value: value as unknown };
    const stack: { from: unknown; into: Record<string, unknown> | unknown[]; key: string | number }[] = [
      { from: value, into: root as Record<string, unknown>, key: 'value' },
    ];
    while (stack.length > 0) {
      const { from, into, key } = stack.pop()!;
      let copy: unknown = from;
      if (typeof from === 'string') copy = this.text(from);
      else if (Array.isArray(from)) {
        const list: unknown[] = new Array<unknown>(from.length);
        from.forEach((item, i) => stack.push({ from: item, into: list, key: i }));
        copy = list;
      } else if (from instanceof Map) {
        const map = new Map<unknown, unknown>();
        for (const [k, v] of from) map.set(typeof k === 'string' ? this.text(k) : k, this.value(v));
        copy = map;
      } else if (typeof from === 'object' && from !== null) {
        const object: Record<string, unknown> = {};
        for (const k of Object.keys(from)) {
          const name = this.text(k);
          setOwn(object as JsonObject, name, undefined as never);
          stack.push({ from: (from as Record<string, unknown>)[k], into: object, key: name });
        }
        copy = object;
      }
      if (Array.isArray(into)) into[key as number] = copy;
      else setOwn(into as JsonObject, key as string, copy as never);
    }
    return root.value as T;
  }

  /** A finding with its message and values redacted (a copy). */
  finding<F extends LiveFinding>(finding: F): F {
    return this.value(finding);
  }

  /**
   * Redacts a captured document in place, minding its structure: the members the tool writes
   * (`$schema`, `mcpdesc`, `transports`) and the format's own member names are never changed; a
   * string the server sent is redacted token by token; a property or data name holding a secret
   * is renamed (dropped when the new name is taken); a `_meta` or `x-*` name holding one is dropped.
   * Returns what was changed, by pointer and source.
   */
  document(document: JsonObject): Redaction[] {
    const changes: Redaction[] = [];
    if (this.secrets.length === 0) return changes;
    const stack: { value: unknown; pointer: string; mode: Mode }[] = [];
    const rootKeys = Object.keys(document).filter((k) => !toolWrittenMembers.has(k));
    this.redactMembers(document, rootKeys, '', 'plain', stack, changes);
    while (stack.length > 0) {
      const { value, pointer, mode } = stack.pop()!;
      if (Array.isArray(value)) {
        value.forEach((item, i) => {
          if (typeof item === 'string') {
            const { text, sources } = this.scan(item);
            if (sources.length > 0) {
              value[i] = text;
              changes.push({ pointer: `${pointer}/${i}`, what: 'string', sources });
            }
          } else if (typeof item === 'object' && item !== null)
            stack.push({ value: item, pointer: `${pointer}/${i}`, mode: mode === 'schema-map' ? 'schema' : mode });
        });
      } else if (isObject(value)) this.redactMembers(value, Object.keys(value), pointer, mode, stack, changes);
    }
    return changes;
  }

  private redactMembers(
    object: JsonObject,
    keys: readonly string[],
    pointer: string,
    mode: Mode,
    stack: { value: unknown; pointer: string; mode: Mode }[],
    changes: Redaction[],
  ): void {
    for (const key of keys) {
      let name = key;
      const role = keyRole(mode, key);
      if (role !== 'structure') {
        const scanned = this.scan(key);
        if (scanned.sources.length > 0) {
          const taken = scanned.text !== key && Object.hasOwn(object, scanned.text);
          if (role === 'meta' || taken) {
            delete object[key];
            // The pointer names the entry by its redacted name: the original holds the secret.
            changes.push({
              pointer: `${pointer}/${escapePointerToken(scanned.text)}`,
              what: 'entry-dropped',
              sources: scanned.sources,
            });
            continue;
          }
          name = scanned.text;
          renameMember(object, key, name);
          changes.push({
            pointer: `${pointer}/${escapePointerToken(name)}`,
            what: 'key-renamed',
            sources: scanned.sources,
          });
        }
      }
      const child = object[name];
      const at = `${pointer}/${escapePointerToken(name)}`;
      if (typeof child === 'string') {
        const { text, sources } = this.scan(child);
        if (sources.length > 0) {
          object[name] = text;
          changes.push({ pointer: at, what: 'string', sources });
        }
      } else if (typeof child === 'object' && child !== null)
        stack.push({ value: child, pointer: at, mode: childMode(mode, name) });
    }
  }
}

/** Renames a member keeping the order of the others. */
function renameMember(object: JsonObject, from: string, to: string): void {
  const entries = Object.keys(object).map((k) => [k === from ? to : k, object[k]] as const);
  for (const k of Object.keys(object)) delete object[k];
  for (const [k, v] of entries) setOwn(object, k, v as never);
}
