/**
 * Plugins: rules of other authors with exactly the shape of ours (validate/rule.ts), run by the
 * one engine over the same walk. Pure: the CLI imports a JavaScript configuration and the
 * packages it names; this module checks the objects it got and wraps each rule so that what a
 * plugin does wrong (throws, reports a code it did not declare, reports without end) becomes
 * one finding naming the plugin and the rule, never a crash of the whole run.
 */
import type { Severity } from '../model/diagnostic.js';
import { isObject } from '../model/values.js';
import { raw, type ReportOptions, type Rule, type RuleContext, type RuleDocs } from '../validate/rule.js';
import type { Visitors } from '../validate/walk.js';

/** A plugin rule's documentation: ours, plus the page the plugin's authors keep for it (SARIF's helpUri). */
export interface PluginRuleDocs extends RuleDocs {
  url?: string;
}

/** A plugin rule as the engine runs it: guarded, and naming the plugin it came from. */
export interface PluginRule extends Rule {
  kind: 'lint';
  plugin: string;
  docs?: PluginRuleDocs;
}

/** The code every plugin rule has besides its own: what the plugin did wrong while it ran. */
export const pluginErrorCode = 'plugin-error';

/** Reports one plugin rule may make in one document; past it the rule is stopped with a plugin error. */
export const maxReportsPerPluginRule = 10_000;

/** A plugin's namespace (the key under `plugins`): ids become `<namespace>/<name>`, which no rule of ours has. */
const namespacePattern = /^[A-Za-z0-9][\w.-]*$/;
const ruleNamePattern = /^[A-Za-z0-9][\w.-]*$/;
const severities: readonly string[] = ['error', 'warning', 'info'];

/** Whether an id belongs to a plugin or a declarative rule: ours never hold a `/`. */
export function isNamespacedRuleId(id: string): boolean {
  return id.includes('/');
}

/** `mcpdesc-plugin-<namespace>`, scoped or not: the package name a plugin's `meta.name` gives. */
const pluginPackageName = /^(?:@[\w.-]+\/)?mcpdesc-plugin-([A-Za-z0-9][\w.-]*)$/;

/**
 * The namespace a plugin declares for itself: `meta.namespace`, else the `<namespace>` of a
 * `meta.name` of the form `mcpdesc-plugin-<namespace>` (ESLint's package naming), else the one
 * prefix all its rule ids share. Undefined when it declares none (or its rules disagree).
 */
export function declaredNamespace(plugin: unknown): { namespace: string; from: string } | undefined {
  if (!isObject(plugin)) return undefined;
  const meta = isObject(plugin.meta) ? plugin.meta : {};
  if (typeof meta.namespace === 'string') return { namespace: meta.namespace, from: 'its meta.namespace' };
  const packaged = typeof meta.name === 'string' ? pluginPackageName.exec(meta.name) : null;
  if (packaged) return { namespace: packaged[1]!, from: `its meta.name "${meta.name as string}"` };
  if (!Array.isArray(plugin.rules)) return undefined;
  const prefixes = new Set(
    plugin.rules.map((rule: unknown) =>
      isObject(rule) && typeof rule.id === 'string' && rule.id.includes('/') ? rule.id.split('/')[0]! : undefined,
    ),
  );
  const [only] = prefixes;
  return prefixes.size === 1 && only !== undefined
    ? { namespace: only, from: 'the prefix of its rule ids' }
    : undefined;
}

/**
 * `plugins` as a map from namespace to plugin: ESLint's map form (`{ acme: plugin }`, the key is
 * the namespace) as written, or a list (`[plugin]`) keyed by each plugin's declared namespace.
 * Problems (an unkeyable item, a namespace taken twice) are lines in `errors`, naming the index.
 */
export function pluginsByNamespace(plugins: unknown, errors: string[]): Record<string, unknown> | undefined {
  if (!Array.isArray(plugins)) {
    if (isObject(plugins)) return plugins;
    errors.push(
      `plugins is ${kindOf(plugins)}; expected an object of namespaces to plugins ({ acme: plugin }) or a list of plugins`,
    );
    return undefined;
  }
  const out: Record<string, unknown> = {};
  plugins.forEach((plugin: unknown, i) => {
    const declared = declaredNamespace(plugin);
    if (!declared) {
      errors.push(
        `plugins[${i}]: a plugin in a list needs a namespace of its own (meta.namespace, a meta.name ` +
          `"mcpdesc-plugin-<namespace>", or rule ids sharing one prefix); or name it: plugins: { <namespace>: plugin }`,
      );
      return;
    }
    if (Object.hasOwn(out, declared.namespace)) {
      if (out[declared.namespace] !== plugin)
        errors.push(`plugins[${i}]: a second plugin in namespace "${declared.namespace}" (${declared.from})`);
      return;
    }
    out[declared.namespace] = plugin;
  });
  return out;
}

/**
 * Checks one plugin object under its namespace and returns its rules, guarded; each problem is
 * one line in `errors` naming the plugin (and the rule) and what was expected.
 */
export function checkPlugin(namespace: string, plugin: unknown, errors: string[]): PluginRule[] {
  const at = `plugins["${namespace}"]`;
  if (!namespacePattern.test(namespace)) {
    errors.push(`${at}: "${namespace}" is no plugin name; expected letters, digits, ".", "_" or "-" (no "/")`);
    return [];
  }
  if (!isObject(plugin)) {
    errors.push(`${at}: plugin "${namespace}" is ${kindOf(plugin)}; expected an object { rules: [...] }`);
    return [];
  }
  // ESLint's map form: the key is the namespace; a plugin that names another one of its own is misnamed.
  const declared = declaredNamespace(plugin);
  if (declared && declared.namespace !== namespace) {
    errors.push(
      `${at}: plugin "${namespace}" declares namespace "${declared.namespace}" (${declared.from}); ` +
        `name it plugins: { "${declared.namespace}": ... }`,
    );
    return [];
  }
  const rules = plugin.rules;
  if (!Array.isArray(rules)) {
    errors.push(`${at}.rules: plugin "${namespace}" has rules ${kindOf(rules)}; expected an array of rule objects`);
    return [];
  }
  const out: PluginRule[] = [];
  const seen = new Set<string>();
  rules.forEach((candidate: unknown, i) => {
    const problems: string[] = [];
    const checked = checkPluginRule(namespace, candidate, problems);
    const id = isObject(candidate) && typeof candidate.id === 'string' ? ` (${candidate.id})` : '';
    for (const problem of problems) errors.push(`${at}.rules[${i}]${id}: plugin "${namespace}": ${problem}`);
    if (!checked) return;
    if (seen.has(checked.id)) {
      errors.push(`${at}.rules[${i}]: plugin "${namespace}" declares rule ${checked.id} twice`);
      return;
    }
    seen.add(checked.id);
    out.push(guardedRule(checked, namespace));
  });
  return out;
}

/** The rule when it has our shape (id in the plugin's namespace, codes, severity, create); else undefined. */
function checkPluginRule(namespace: string, rule: unknown, problems: string[]): PluginRule | undefined {
  if (!isObject(rule)) {
    problems.push(`a rule is ${kindOf(rule)}; expected an object { id, severity, codes, create }`);
    return undefined;
  }
  const { id, kind, severity, codes, create, spec, docs } = rule;
  const prefix = `${namespace}/`;
  if (typeof id !== 'string' || !id.startsWith(prefix) || !ruleNamePattern.test(id.slice(prefix.length)))
    problems.push(`id is ${kindOf(id)}; expected "${prefix}<name>" (the plugin's namespace keeps it apart from ours)`);
  if (kind !== undefined && kind !== 'lint') problems.push(`kind is ${kindOf(kind)}; a plugin rule is a "lint" rule`);
  if (typeof severity !== 'string' || !severities.includes(severity))
    problems.push(`severity is ${kindOf(severity)}; expected error, warning or info`);
  if (spec !== undefined && typeof spec !== 'string') problems.push(`spec is ${kindOf(spec)}; expected a string`);
  if (typeof create !== 'function')
    problems.push(`create is ${kindOf(create)}; expected a function (context) => visitors`);
  const checkedCodes: Rule['codes'] = {};
  if (!isObject(codes) || Object.keys(codes).length === 0)
    problems.push(`codes is ${kindOf(codes)}; expected an object of codes to message templates`);
  else
    for (const [code, entry] of Object.entries(codes)) {
      if (code === pluginErrorCode) problems.push(`code "${code}" is reserved for the errors of plugins`);
      else if (typeof entry === 'string') checkedCodes[code] = entry;
      else if (isObject(entry) && typeof entry.message === 'string' && severities.includes(entry.severity as string))
        checkedCodes[code] = { message: entry.message, severity: entry.severity as Severity };
      else problems.push(`code "${code}" is ${kindOf(entry)}; expected a message or { message, severity }`);
    }
  const checkedDocs = checkDocs(docs, problems);
  if (problems.length > 0) return undefined;
  return {
    id: id as string,
    kind: 'lint',
    spec: (spec as string | undefined) ?? '',
    severity: severity as Severity,
    codes: checkedCodes,
    plugin: namespace,
    create: create as Rule['create'],
    ...(checkedDocs ? { docs: checkedDocs } : {}),
  };
}

function checkDocs(docs: unknown, problems: string[]): PluginRuleDocs | undefined {
  if (docs === undefined) return undefined;
  if (!isObject(docs) || typeof docs.summary !== 'string') {
    problems.push(`docs is ${kindOf(docs)}; expected { summary, url?, bad?, good? }`);
    return undefined;
  }
  const out: PluginRuleDocs = { summary: docs.summary };
  if (docs.url !== undefined) {
    if (typeof docs.url === 'string' && /^https?:\/\//.test(docs.url)) out.url = docs.url;
    else problems.push(`docs.url is ${kindOf(docs.url)}; expected an http(s) URL`);
  }
  if (docs.bad !== undefined) out.bad = docs.bad;
  if (docs.good !== undefined) out.good = docs.good;
  return out;
}

const visitorNames: readonly (keyof Visitors)[] = [
  'document',
  'transport',
  'capabilities',
  'security',
  'primitive',
  'toolSchema',
  'example',
  'elicitation',
  'clientRequirements',
  'reference',
  'end',
];

/**
 * The rule with its create, visitors and reports guarded. The first thing that goes wrong is
 * reported once, as `plugin-error` at the document root, and the rule stops for this document;
 * the other rules go on. A rule that never returns cannot be stopped here (docs/red-team.md).
 */
export function guardedRule(rule: PluginRule, plugin: string): PluginRule {
  const codes: Rule['codes'] = {
    ...rule.codes,
    [pluginErrorCode]: { message: 'plugin {plugin} rule {rule} failed: {reason}', severity: 'error' },
  };
  return {
    ...rule,
    plugin,
    codes,
    create(context: RuleContext): Visitors {
      let stopped = false;
      let reports = 0;
      const fail = (reason: string): void => {
        if (stopped) return;
        stopped = true;
        context.report(pluginErrorCode, '', { values: { plugin, rule: rule.id, reason: raw(reason) } });
      };
      const report = (code: string, pointer: string, options?: ReportOptions): void => {
        if (stopped) return;
        if (typeof code !== 'string' || code === pluginErrorCode || !Object.hasOwn(rule.codes, code))
          return fail(
            `it reported code ${kindOf(code)}, which it does not declare (${Object.keys(rule.codes).join(', ')})`,
          );
        if (typeof pointer !== 'string' || (pointer !== '' && !pointer.startsWith('/')))
          return fail(`it reported at ${kindOf(pointer)}; expected a JSON pointer`);
        if (++reports > maxReportsPerPluginRule)
          return fail(`it reported more than ${maxReportsPerPluginRule} findings in one document; stopped`);
        context.report(code, pointer, options);
      };
      const guardedContext: RuleContext = Object.freeze({
        document: context.document,
        specVersion: context.specVersion,
        rootScope: context.rootScope,
        components: context.components,
        schemas: context.schemas,
        report,
        markIncomplete: () => undefined,
      });
      let visitors: unknown;
      try {
        visitors = rule.create(guardedContext);
      } catch (error) {
        fail(`create threw ${thrownText(error)}`);
        return {};
      }
      if (!isObject(visitors)) {
        fail(`create returned ${kindOf(visitors)}; expected an object of visitors`);
        return {};
      }
      const guarded: Visitors = {};
      for (const name of visitorNames) {
        const visit = visitors[name];
        if (visit === undefined) continue;
        if (typeof visit !== 'function') {
          fail(`its visitor ${name} is ${kindOf(visit)}; expected a function`);
          return {};
        }
        guarded[name] = (node?: unknown) => {
          if (stopped) return;
          try {
            (visit as (node?: unknown) => void).call(visitors, node);
          } catch (error) {
            fail(`its ${name} visitor threw ${thrownText(error)}`);
          }
        };
      }
      return guarded;
    },
  };
}

/** What a thrown value says, shortly; reading it may throw too (a hostile getter). */
function thrownText(error: unknown): string {
  try {
    const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return text.length > 200 ? text.slice(0, 199) + '…' : text;
  } catch {
    return 'a value that cannot be shown';
  }
}

/** A value's kind for a message, never the value itself (a plugin's function source can be long). */
function kindOf(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? value.slice(0, 59) + '…' : value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'function' ? 'a function' : `${typeof value === 'object' ? 'an object' : typeof value}`;
}
