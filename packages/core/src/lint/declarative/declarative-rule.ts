/**
 * Declarative rules (Spectral's custom rulesets, for teams who do not write code): a rule in a
 * configuration's `rules` whose value is an object `{ given, then, message, severity,
 * description }` instead of a severity. Data, not code: checked when the configuration is read
 * (a selector the shape tree does not allow or an unknown function is an error naming its
 * pointer), then compiled once into a rule of our own shape whose visitor is the walk's, so the
 * rule runs in the same single walk as every other rule.
 */
import type { Severity } from '../../model/diagnostic.js';
import { escapePointerToken } from '../../model/json-pointer.js';
import { primitiveKinds, type PrimitiveKind } from '../../model/document.js';
import { isObject, type JsonObject } from '../../model/values.js';
import { didYouMeanText } from '../../model/did-you-mean.js';
import { raw, type Rule, type RuleContext, type RuleDocs } from '../../validate/rule.js';
import type { SchemaService } from '../../validate/schema-service.js';
import type { Visitors } from '../../validate/walk.js';
import { declarativeFunctionNames, declarativeFunctions, type ValueCheck } from './functions.js';
import { checkSelector, parseSelector, type SelectorStep } from './selector.js';

/** A checked declarative rule, as the configuration holds it (plain data: it crosses to the language server's worker). */
export interface DeclarativeRuleDefinition {
  id: string;
  given: string;
  then: { function: string; functionOptions?: Readonly<Record<string, unknown>> };
  /** Message template: `{value}`, `{property}`, `{error}` and `{description}` are filled in. */
  message?: string;
  severity: Severity;
  description?: string;
}

/** A declarative rule as the engine runs it, with the documentation `mcpdesc rules` shows. */
export interface CompiledDeclarativeRule extends Rule {
  kind: 'lint';
  docs: RuleDocs;
  declarative: true;
}

const idPattern = /^[A-Za-z0-9][\w.-]*\/[A-Za-z0-9][\w.-]*$/;
const members = ['given', 'then', 'message', 'severity', 'description'];
const placeholders = ['value', 'property', 'error', 'description'];
const severityWords: Readonly<Record<string, Severity>> = {
  error: 'error',
  warn: 'warning',
  warning: 'warning',
  info: 'info',
};

/**
 * Checks a declarative rule's definition at `pointer` (its place in the configuration); each
 * problem is one line in `errors` starting with the pointer of the member at fault.
 */
export function checkDeclarativeRule(
  id: string,
  value: JsonObject,
  pointer: string,
  errors: string[],
): DeclarativeRuleDefinition | undefined {
  const before = errors.length;
  const at = (member: string): string => `${pointer}/${member}`;
  if (!idPattern.test(id))
    errors.push(
      `${pointer}: a declarative rule's id is "<namespace>/<name>" (its "/" keeps it apart from ours); "${id}" is not`,
    );
  for (const key of Object.keys(value))
    if (!members.includes(key))
      errors.push(
        `${at(escapePointerToken(key))}: unknown member "${key}"${didYouMeanText(key, members)}; expected ${members.join(', ')}`,
      );

  const given = value.given;
  if (typeof given !== 'string')
    errors.push(`${at('given')}: is ${show(given)}; expected a selector such as "tools[*].name"`);
  else {
    const steps = parseSelector(given);
    const problem = typeof steps === 'string' ? steps : checkSelector(steps);
    if (problem !== undefined) errors.push(`${at('given')}: selector "${given}": ${problem}`);
  }

  const then = value.then;
  let fn: string | undefined;
  if (!isObject(then))
    errors.push(`${at('then')}: is ${show(then)}; expected { "function": name, "functionOptions": {...} }`);
  else {
    for (const key of Object.keys(then))
      if (key !== 'function' && key !== 'functionOptions')
        errors.push(
          `${at('then')}/${escapePointerToken(key)}: unknown member "${key}"; expected function and functionOptions`,
        );
    if (typeof then.function !== 'string' || !Object.hasOwn(declarativeFunctions, then.function))
      errors.push(
        `${at('then/function')}: is ${show(then.function)}${typeof then.function === 'string' ? didYouMeanText(then.function, declarativeFunctionNames) : ''}; expected one of ${declarativeFunctionNames.join(', ')}`,
      );
    else {
      fn = then.function;
      const options = then.functionOptions ?? {};
      if (!isObject(options)) errors.push(`${at('then/functionOptions')}: is ${show(options)}; expected an object`);
      else {
        const known = declarativeFunctions[fn]!.options;
        for (const key of Object.keys(options))
          if (!known.includes(key))
            errors.push(
              `${at('then/functionOptions')}/${escapePointerToken(key)}: ${fn} has no option "${key}"${known.length ? `; its options are ${known.join(', ')}` : '; it takes none'}`,
            );
        const problems: string[] = [];
        declarativeFunctions[fn]!.compile(options, problems);
        for (const problem of problems) errors.push(`${at('then')}: ${problem}`);
      }
    }
  }

  const message = value.message;
  if (message !== undefined) {
    if (typeof message !== 'string' || message === '')
      errors.push(`${at('message')}: is ${show(message)}; expected a message template`);
    else
      for (const [, name] of message.matchAll(/\{(\w+)\}/g))
        if (!placeholders.includes(name!))
          errors.push(
            `${at('message')}: {${name}} is no placeholder; expected ${placeholders.map((p) => `{${p}}`).join(', ')}`,
          );
  }
  const severity = value.severity === undefined ? 'warning' : value.severity;
  const known =
    typeof severity === 'string' && Object.hasOwn(severityWords, severity) ? severityWords[severity] : undefined;
  if (known === undefined && severity !== 'off')
    errors.push(`${at('severity')}: is ${show(severity)}; expected off, info, warn (or warning) or error`);
  const description = value.description;
  if (description !== undefined && typeof description !== 'string')
    errors.push(`${at('description')}: is ${show(description)}; expected a string`);

  if (errors.length > before || fn === undefined) return undefined;
  return {
    id,
    given: given as string,
    then: {
      function: fn,
      ...(isObject(then) && isObject(then.functionOptions) ? { functionOptions: then.functionOptions } : {}),
    },
    ...(typeof message === 'string' ? { message } : {}),
    severity: known ?? 'warning',
    ...(typeof description === 'string' ? { description } : {}),
  };
}

/** Where a selector's walk starts: the walk node that already holds its first steps. */
type Anchor =
  | { on: 'document'; rest: readonly SelectorStep[] }
  | { on: 'primitive'; kind: PrimitiveKind; rest: readonly SelectorStep[] }
  | { on: 'toolSchema'; kind: PrimitiveKind; role: string; rest: readonly SelectorStep[] }
  | { on: 'transport' | 'capabilities'; rest: readonly SelectorStep[] };

/**
 * A primitive's items come from the walk's primitive visitor, and its schemas from the schema
 * visitor, resolved through `$componentRef`; everything else is followed from the root.
 */
function anchorOf(steps: readonly SelectorStep[]): Anchor {
  const [first, second, third] = steps;
  const field = first && 'field' in first ? first.field : undefined;
  const each = second !== undefined && 'each' in second;
  if (field !== undefined && each) {
    const primitive = primitiveKinds.find((p) => p.collection === field);
    if (primitive) {
      const role = third && 'field' in third ? third.field : undefined;
      if (role !== undefined && (primitive.schemaRoles as readonly string[]).includes(role))
        return { on: 'toolSchema', kind: primitive.kind, role, rest: steps.slice(3) };
      return { on: 'primitive', kind: primitive.kind, rest: steps.slice(2) };
    }
    if (field === 'transports') return { on: 'transport', rest: steps.slice(2) };
    if (field === 'capabilities') return { on: 'capabilities', rest: steps.slice(2) };
  }
  return { on: 'document', rest: steps };
}

const compiled = new WeakMap<DeclarativeRuleDefinition, CompiledDeclarativeRule>();

/** The rule a checked definition stands for; compiled once per definition object. */
export function declarativeRule(definition: DeclarativeRuleDefinition): CompiledDeclarativeRule {
  const known = compiled.get(definition);
  if (known) return known;
  const steps = parseSelector(definition.given);
  if (typeof steps === 'string') throw new Error(`declarative rule ${definition.id}: unchecked selector: ${steps}`);
  const check = declarativeFunctions[definition.then.function]?.compile(definition.then.functionOptions ?? {}, []);
  if (!check) throw new Error(`declarative rule ${definition.id}: unchecked function ${definition.then.function}`);
  const code = definition.then.function;
  const description = definition.description ?? `${definition.given}: ${code}`;
  const rule: CompiledDeclarativeRule = {
    id: definition.id,
    kind: 'lint',
    spec: '',
    severity: definition.severity,
    codes: { [code]: definition.message ?? (definition.description ? '{description}: {error}' : '{error}') },
    declarative: true,
    docs: {
      summary: definition.description
        ? `${definition.description} (${definition.given} → ${code})`
        : `${definition.given} → ${code}`,
    },
    create: (context) => visitorsFor(anchorOf(steps), check, code, description, context.report, context.schemas),
  };
  compiled.set(definition, rule);
  return rule;
}

function visitorsFor(
  anchor: Anchor,
  check: ValueCheck,
  code: string,
  description: string,
  report: RuleContext['report'],
  schemas: SchemaService,
): Visitors {
  const checkContext = { schemas };
  const { rest } = anchor;
  const last = rest.length - 1;
  // The tokens below the anchor, pushed and popped as the steps go: a pointer is built only for a finding.
  const tokens: (string | number)[] = [];
  let base = '';
  const emit = (value: unknown): void => {
    const error = check(value, checkContext);
    if (error === undefined) return;
    let pointer = base;
    for (const token of tokens) pointer += '/' + escapePointerToken(token);
    const values: Record<string, unknown> = {
      property: raw(tokens.length > 0 ? String(tokens[tokens.length - 1]) : ''),
      error: raw(error),
      description: raw(description),
    };
    if (value !== undefined) values.value = value;
    report(code, pointer, { values });
  };
  /** Follows the steps from `value`; a last field step yields the member even when it is missing (for defined, truthy...). */
  const follow = (value: unknown, i: number): void => {
    if (i > last) return emit(value);
    const step = rest[i]!;
    if ('field' in step) {
      if (!isObject(value)) return;
      const child = Object.hasOwn(value, step.field) ? value[step.field] : undefined;
      if (child === undefined && i < last) return;
      tokens.push(step.field);
      follow(child, i + 1);
      tokens.pop();
      return;
    }
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) {
        tokens.push(index);
        follow(value[index], i + 1);
        tokens.pop();
      }
    } else if (isObject(value)) {
      for (const key in value) {
        if (!Object.hasOwn(value, key)) continue;
        tokens.push(key);
        follow(value[key], i + 1);
        tokens.pop();
      }
    }
  };
  const start = (value: unknown, pointer: string): void => {
    base = pointer;
    follow(value, 0);
  };
  switch (anchor.on) {
    case 'document':
      return { document: (document) => start(document, '') };
    case 'primitive':
      return {
        primitive: (node) => {
          if (node.kind === anchor.kind) start(node.value, node.pointer);
        },
      };
    case 'toolSchema':
      return {
        toolSchema: (node) => {
          if (node.tool.kind === anchor.kind && node.role === anchor.role) start(node.value, node.pointer);
        },
      };
    case 'transport':
      return { transport: (node) => start(node.value, node.pointer) };
    case 'capabilities':
      return { capabilities: (node) => start(node.value, node.pointer) };
  }
}

function show(value: unknown): string {
  if (value === undefined) return 'missing';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? text.slice(0, 59) + '…' : text;
}
