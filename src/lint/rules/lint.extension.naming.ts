import { joinPointer } from '../../model/json-pointer.js';
import { isObject } from '../../model/values.js';
import type { Rule, RuleContext } from '../../validate/rule.js';

const base = { mcpdesc: '0.8.0', protocolVersions: ['2025-11-25'] };

/**
 * 14.1: "The RECOMMENDED naming convention is `x-{organization}-{feature}`. Authors SHOULD use
 * lowercase organization prefixes." Only names that follow the convention (a feature part after the
 * organization) have an identifiable organization prefix; only specification extensions at the
 * eligible locations of 14.2 are looked at — an `x-` key in a domain map, `_meta`, an embedded
 * schema or a native payload is not a specification extension.
 * An author's naming convention rather than a document requirement, so it is a lint rule:
 * validation stays quiet on conforming documents whatever their extension names.
 */
export const rule: Rule = {
  id: 'lint.extension.naming',
  kind: 'lint',
  spec: '14.1',
  severity: 'warning',
  codes: {
    'uppercase-organization':
      'specification extension {value} has organization prefix {prefix} with uppercase letters; authors SHOULD use lowercase organization prefixes (x-{organization}-{feature}) (14.1)',
  },
  docs: {
    summary: 'Specification extension names use a lowercase organization prefix (x-{organization}-{feature}).',
    bad: { ...base, info: { name: 'x', version: '1.0.0', 'x-Acme-owner': 'identity' } },
    good: { ...base, info: { name: 'x', version: '1.0.0', 'x-acme-owner': 'identity' } },
  },
  create(ctx) {
    return {
      document(doc) {
        visitDocument(ctx, doc);
      },
    };
  },
};

function check(ctx: RuleContext, value: unknown, pointer: string): void {
  if (!isObject(value)) return;
  for (const key of Object.keys(value)) {
    if (!key.startsWith('x-')) continue;
    const rest = key.slice(2);
    const dash = rest.indexOf('-');
    if (dash <= 0) continue; // no identifiable organization prefix
    const prefix = rest.slice(0, dash);
    if (prefix !== prefix.toLowerCase()) {
      ctx.report('uppercase-organization', joinPointer(pointer, key), { key: true, values: { value: key, prefix } });
    }
  }
}

const isReference = (v: unknown): boolean => isObject(v) && Object.prototype.hasOwnProperty.call(v, '$componentRef');

function each(value: unknown, pointer: string, fn: (item: unknown, at: string) => void): void {
  if (Array.isArray(value)) value.forEach((item, i) => fn(item, joinPointer(pointer, i)));
}
function eachEntry(value: unknown, pointer: string, fn: (item: unknown, at: string) => void): void {
  if (isObject(value)) for (const [k, v] of Object.entries(value)) fn(v, joinPointer(pointer, k));
}

/** The eligible semantic objects of 14.2, by their place in the document. */
function visitDocument(ctx: RuleContext, doc: Record<string, unknown>): void {
  const c = (v: unknown, at: string): void => check(ctx, v, at);
  const icons = (owner: unknown, at: string): void => {
    if (isObject(owner)) each(owner.icons, joinPointer(at, 'icons'), c);
  };
  c(doc, '');
  const info = doc.info;
  c(info, '/info');
  if (isObject(info)) {
    c(info.contact, '/info/contact');
    c(info.license, '/info/license');
    icons(info, '/info');
  }
  each(doc.tags, '/tags', c);
  each(doc.transports, '/transports', c);
  eachEntry(doc.securitySchemes, '/securitySchemes', (scheme, at) => {
    c(scheme, at);
    if (!isObject(scheme) || !isObject(scheme.flows)) return;
    const flowsAt = joinPointer(at, 'flows');
    c(scheme.flows, flowsAt);
    for (const flow of ['implicit', 'password', 'clientCredentials', 'authorizationCode'])
      c(scheme.flows[flow], joinPointer(flowsAt, flow));
  });
  each(doc.capabilities, '/capabilities', (caps, at) => {
    c(caps, at);
    if (isObject(caps)) for (const decl of ['tools', 'resources', 'prompts']) c(caps[decl], joinPointer(at, decl));
  });
  const example = (v: unknown, at: string): void => {
    if (!isReference(v)) c(v, at);
  };
  for (const collection of ['tools', 'resources', 'resourceTemplates', 'prompts']) {
    each(doc[collection], '/' + collection, (primitive, at) => {
      c(primitive, at);
      if (!isObject(primitive)) return;
      icons(primitive, at);
      c(primitive.clientRequirements, joinPointer(at, 'clientRequirements'));
      each(primitive.elicitations, joinPointer(at, 'elicitations'), c);
      if (collection === 'prompts') each(primitive.arguments, joinPointer(at, 'arguments'), c);
      eachEntry(primitive.examples, joinPointer(at, 'examples'), example);
      eachEntry(primitive.completionExamples, joinPointer(at, 'completionExamples'), c);
      eachEntry(primitive.interactionExamples, joinPointer(at, 'interactionExamples'), (interaction, iat) => {
        c(interaction, iat);
        if (isObject(interaction)) each(interaction.steps, joinPointer(iat, 'steps'), c);
      });
    });
  }
  const components = doc.components;
  c(components, '/components');
  if (isObject(components)) {
    for (const ns of ['toolExamples', 'resourceExamples', 'resourceTemplateExamples', 'promptExamples']) {
      eachEntry(components[ns], joinPointer('/components', ns), example);
    }
  }
}
