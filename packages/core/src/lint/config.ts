import type { Severity } from '../model/diagnostic.js';
import { isObject } from '../model/values.js';
import { defaultSeverity } from '../validate/engine.js';
import type { RuleMeta } from '../validate/rule.js';
import { validationRules } from '../validate/catalogue.js';
import { operationRules, serializationRules, structuralRule } from '../validate/builtin-rules.js';
import { didYouMeanText } from '../model/did-you-mean.js';
import { matchGlob } from './glob.js';
import {
  isPresetName,
  presetNames,
  presets,
  severityOf,
  type PresetName,
  type SeverityMap,
  type SeveritySetting,
} from './presets.js';
import { lintRules } from './rules/index.js';
import { walkProblem } from '../model/caller-values.js';
import { escapePointerToken } from '../model/json-pointer.js';
import { checkPlugin, pluginsByNamespace, type PluginRule } from './plugins.js';
import {
  checkDeclarativeRule,
  declarativeRule,
  type DeclarativeRuleDefinition,
} from './declarative/declarative-rule.js';

/**
 * The lint configuration (mcpdesc.config.json). Pure: the CLI finds and reads the file; this
 * module checks a decoded value, merges presets, rules and overrides, and answers "which
 * severity does this code of this rule have for this file".
 */
export interface LintConfig {
  /** Presets applied first, in order; default ["recommended"]. */
  extends?: PresetName | PresetName[];
  /**
   * Rule id, or `rule-id/code` as diagnostics print it (`rule-id:code` is an alias; both are kept
   * here as `rule-id:code`) -> off | info | warn | error (`warning`, the word reports print, is
   * read as warn). Validation rules too: see finding-settings.ts for what that changes.
   */
  rules?: SeverityMap;
  /** Applied in order after `rules`, for files matching one of the globs (relative to the config file). */
  overrides?: { files: string[]; rules: SeverityMap }[];
  /**
   * The rules of `plugins` (JavaScript configurations: the CLI imports them), checked and
   * guarded (plugins.ts); they run beside the lint rules.
   */
  pluginRules?: readonly PluginRule[];
  /** The object-valued entries of `rules`: declarative rules, checked data (declarative/). */
  declarativeRules?: readonly DeclarativeRuleDefinition[];
}

export const configFileName = 'mcpdesc.config.json';

/** The words a configuration may use, and the setting each means: `warning` is what every report prints. */
const settingWords: Readonly<Record<string, SeveritySetting>> = {
  off: 'off',
  info: 'info',
  warn: 'warn',
  warning: 'warn',
  error: 'error',
};

/** Every rule a configuration may name: decoding, structural, validation, operation and lint rules. */
export const configurableRules: readonly RuleMeta[] = [
  ...serializationRules,
  structuralRule,
  ...validationRules,
  ...operationRules,
  ...lintRules,
];

export type ConfigCheck = { ok: true; config: LintConfig } | { ok: false; errors: string[] };

/** Checks a decoded configuration value; every problem is one line naming the member and what was expected. */
export function checkConfig(value: unknown, rules: readonly RuleMeta[] = configurableRules): ConfigCheck {
  const errors: string[] = [];
  // A caller's cyclic value: the messages below quote values, and quoting one would not end.
  // Plugins are code and may refer to themselves (ESLint's plugin.configs): the walk checks the data only.
  const unwalkable = walkProblem(
    isObject(value) && value.plugins !== undefined ? { ...value, plugins: undefined } : value,
  );
  if (unwalkable !== undefined) return { ok: false, errors: [`the configuration cannot be read: ${unwalkable}`] };
  if (!isObject(value)) return { ok: false, errors: [`the configuration is ${describe(value)}; expected an object`] };
  for (const key of Object.keys(value)) {
    // `diff` belongs to `mcpdesc diff` (docs/diff.md): one mcpdesc.config.json serves both commands.
    if (!['$schema', 'extends', 'rules', 'overrides', 'diff', 'plugins'].includes(key))
      errors.push(`unknown member "${key}"; expected extends, rules, overrides, plugins or diff`);
  }
  const config: LintConfig = {};
  const added = addedRules(value, rules, config, errors);
  rules = added.length > 0 ? [...rules, ...added] : rules;
  if (value.extends !== undefined) {
    const list = typeof value.extends === 'string' ? [value.extends] : value.extends;
    if (!Array.isArray(list))
      errors.push(
        `extends is ${describe(value.extends)}; expected a preset name or an array of them (${presetNames.join(', ')})`,
      );
    else {
      list.forEach((name, i) => {
        if (!isPresetName(name))
          errors.push(
            `extends${Array.isArray(value.extends) ? `[${i}]` : ''} is ${describe(name)}; expected one of ${presetNames.join(', ')}`,
          );
      });
      config.extends = list.filter(isPresetName);
    }
  }
  if (value.rules !== undefined) {
    const map = checkRuleMap(value.rules, 'rules', rules, errors, true);
    if (map) config.rules = { ...config.rules, ...map };
  }
  if (value.overrides !== undefined) {
    if (!Array.isArray(value.overrides))
      errors.push(
        `overrides is ${describe(value.overrides)}; expected an array of { "files": [globs], "rules": {...} }`,
      );
    else {
      config.overrides = [];
      value.overrides.forEach((entry, i) => {
        const at = `overrides[${i}]`;
        if (!isObject(entry)) {
          errors.push(`${at} is ${describe(entry)}; expected { "files": [globs], "rules": {...} }`);
          return;
        }
        for (const key of Object.keys(entry))
          if (key !== 'files' && key !== 'rules')
            errors.push(`${at} has unknown member "${key}"; expected files and rules`);
        const files = entry.files;
        if (!Array.isArray(files) || files.length === 0 || !files.every((f) => typeof f === 'string' && f.length > 0)) {
          errors.push(`${at}.files is ${describe(files)}; expected a non-empty array of glob strings`);
        }
        const map = checkRuleMap(entry.rules, `${at}.rules`, rules, errors);
        if (Array.isArray(files) && map)
          config.overrides!.push({ files: files.filter((f): f is string => typeof f === 'string'), rules: map });
      });
    }
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, config };
}

/**
 * The rules a configuration brings: its plugins' (checked and guarded) and its declarative ones
 * (object values in `rules`), stored on `config`. An id may be defined once: plugin and
 * declarative ids hold a "/", which ours never do, so they cannot shadow one of ours.
 */
function addedRules(value: Record<string, unknown>, known: readonly RuleMeta[], config: LintConfig, errors: string[]) {
  const ids = new Set(known.map((r) => r.id));
  const added: RuleMeta[] = [];
  const add = (rule: RuleMeta, where: string): boolean => {
    if (ids.has(rule.id)) {
      errors.push(`${where}: rule ${rule.id} is defined twice`);
      return false;
    }
    ids.add(rule.id);
    added.push(rule);
    return true;
  };
  const plugins = value.plugins === undefined ? undefined : pluginsByNamespace(value.plugins, errors);
  if (plugins) {
    const pluginRules: PluginRule[] = [];
    for (const [name, plugin] of Object.entries(plugins))
      for (const rule of checkPlugin(name, plugin, errors)) if (add(rule, `plugins["${name}"]`)) pluginRules.push(rule);
    if (pluginRules.length > 0) config.pluginRules = pluginRules;
  }
  if (isObject(value.rules)) {
    const definitions: DeclarativeRuleDefinition[] = [];
    for (const [id, entry] of Object.entries(value.rules)) {
      if (!isObject(entry)) continue;
      const pointer = `/rules/${escapePointerToken(id)}`;
      const definition = checkDeclarativeRule(id, entry, pointer, errors);
      if (!definition || !add(declarativeRule(definition), pointer)) continue;
      definitions.push(definition);
      // `"severity": "off"` defines the rule switched off: an override may switch it on.
      if (entry.severity === 'off') (config.rules ??= {})[id] = 'off';
    }
    if (definitions.length > 0) config.declarativeRules = definitions;
  }
  return added;
}

function checkRuleMap(
  value: unknown,
  at: string,
  rules: readonly RuleMeta[],
  errors: string[],
  definitionsAllowed = false,
): SeverityMap | undefined {
  if (!isObject(value)) {
    errors.push(
      `${at} is ${describe(value)}; expected an object mapping rule ids to off, info, warn (or warning) or error`,
    );
    return undefined;
  }
  const byId = new Map(rules.map((r) => [r.id, r]));
  const out: SeverityMap = {};
  for (const [key, setting] of Object.entries(value)) {
    if (isObject(setting)) {
      // Checked (and defined) by addedRules.
      if (!definitionsAllowed)
        errors.push(`${at}["${key}"] is a rule definition; declarative rules are defined in the top-level rules`);
      continue;
    }
    const [id, code, extra] = splitRuleKey(key, byId);
    const rule = byId.get(id!);
    if (!rule || extra !== undefined || code === '') {
      const spelt = rule ? key : id!;
      errors.push(`${at}: "${key}" is not a rule id${nearRuleIds(spelt, byId.keys())}; \`mcpdesc rules\` lists them`);
      continue;
    }
    if (code !== undefined && !(code in rule.codes)) {
      const codes = Object.keys(rule.codes);
      errors.push(
        `${at}: rule ${id} has no code "${code}"${didYouMeanText(code, codes)}; its codes are ${codes.join(', ')}`,
      );
      continue;
    }
    const known =
      typeof setting === 'string' && Object.hasOwn(settingWords, setting) ? settingWords[setting] : undefined;
    if (known === undefined) {
      errors.push(`${at}["${key}"] is ${describe(setting)}; expected off, info, warn (or warning) or error`);
      continue;
    }
    out[code === undefined ? id! : `${id}:${code}`] = known;
  }
  return out;
}

/**
 * A settings key as rule id and code: `rule/code` as diagnostics print it (`rule:code`, the older
 * spelling, is an alias). Plugin and declarative ids hold a "/" themselves (`acme/tool-prefix`,
 * `acme/tool-prefix/missing-prefix`): a whole key that is a rule id is one, else the code is
 * what follows the last "/" of a known id; an unknown id splits at its first "/" for the message.
 */
function splitRuleKey(key: string, byId: ReadonlyMap<string, RuleMeta>): (string | undefined)[] {
  if (byId.has(key)) return [key];
  const last = key.lastIndexOf('/');
  if (last > 0 && byId.has(key.slice(0, last))) return [key.slice(0, last), key.slice(last + 1)];
  const slash = key.indexOf('/');
  return slash >= 0 ? [key.slice(0, slash), key.slice(slash + 1)] : key.split(':');
}

/** Ids near a misspelt one by edit distance, else ids sharing its last segment (`mcpdesc.schema` -> `mcpdesc.document.schema`). */
function nearRuleIds(id: string, ids: Iterable<string>): string {
  const list = [...ids];
  const near = didYouMeanText(id, list);
  if (near !== '') return near;
  const last = id.split('.').pop() ?? '';
  if (last.length < 3) return '';
  const sharing = list.filter((candidate) => candidate.split('.').includes(last)).slice(0, 3);
  return sharing.length > 0 ? ` (did you mean ${sharing.join(', ')}?)` : '';
}

function describe(value: unknown): string {
  if (value === undefined) return 'missing';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? text.slice(0, 59) + '…' : text;
}

export interface ResolveOptions {
  /** Replaces the configuration's `extends` (the CLI's --preset). */
  preset?: PresetName;
  /** The file's path relative to the configuration file's directory, with `/` separators (for overrides). */
  path?: string;
}

/** The merged settings for one file: presets, then rules, then each matching override in order. */
export function effectiveSettings(config: LintConfig = {}, options: ResolveOptions = {}): SeverityMap {
  const base = options.preset
    ? [options.preset]
    : config.extends === undefined
      ? ['recommended' as const]
      : typeof config.extends === 'string'
        ? [config.extends]
        : config.extends;
  const merged: SeverityMap = {};
  for (const name of base) Object.assign(merged, presets[name]);
  Object.assign(merged, config.rules);
  for (const override of config.overrides ?? []) {
    if (options.path !== undefined && override.files.some((glob) => matchGlob(glob, options.path!)))
      Object.assign(merged, override.rules);
  }
  return merged;
}

/**
 * The severity of one code of a rule under the settings; undefined when it is off.
 * `rule:code` wins; otherwise `off` on the rule silences every code; a code that declares its
 * own severity keeps it; every other code takes the rule's setting (or the rule's default).
 */
export function severityFor(rule: RuleMeta, code: string, settings: SeverityMap): Severity | undefined {
  const codeSetting = settings[`${rule.id}:${code}`];
  if (codeSetting !== undefined) return codeSetting === 'off' ? undefined : severityOf(codeSetting);
  const ruleSetting = settings[rule.id];
  if (ruleSetting === 'off') return undefined;
  const entry = rule.codes[code];
  const ownSeverity = entry !== undefined && typeof entry !== 'string';
  return ruleSetting === undefined || ownSeverity ? defaultSeverity(rule, code) : severityOf(ruleSetting);
}
