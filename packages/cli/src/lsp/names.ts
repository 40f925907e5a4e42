import type { Position, Range as LspRange } from 'vscode-languageserver';
import { componentNamespaces, primitiveKinds, joinPointer, isObject } from 'mcpdesc-core/model';
import type { SourceMap } from 'mcpdesc-core/source';
import { contains, toLspRange } from './positions.js';

/** The four kinds of named things a document declares and refers to by name. */
export type NameKind = 'component' | 'tag' | 'securityScheme' | 'elicitation';

/** One occurrence of a name: where it is declared, or a reference to it. */
export interface NameSite {
  kind: NameKind;
  /** What the name identifies, scope included: `schemas/Input`, `oauth`, `/tools/0#confirm`. */
  id: string;
  name: string;
  role: 'declaration' | 'reference';
  /** The whole scalar in the source (quotes included): what a rename rewrites. */
  range: LspRange;
  /** For a `$componentRef`: the text before the name inside the pointer (`#/components/schemas/`). */
  pointerPrefix?: string;
  /** The pointer of the declaring member (components and schemes: the map member; others: their object). */
  pointer: string;
}

const referencePattern = /^#\/components\/([^/]+)\/([^/]+)$/;

/**
 * Every declaration of and reference to a component, tag, security scheme or elicitation
 * declaration, with its source range. One walk with an explicit stack for `$componentRef`
 * (linear, no recursion depth); the other kinds sit at fixed places of the document.
 */
export function nameSites(document: unknown, sourceMap: SourceMap): NameSite[] {
  if (!isObject(document)) return [];
  const out: NameSite[] = [];
  const push = (site: Omit<NameSite, 'range'>, pointer: string, part: 'key' | 'value'): void => {
    const at = sourceMap.rangeOf(pointer, part);
    if (at) out.push({ ...site, range: toLspRange(at) });
  };

  const components = document.components;
  if (isObject(components))
    for (const namespace of componentNamespaces) {
      const map = components[namespace];
      if (!isObject(map)) continue;
      for (const name of Object.keys(map)) {
        const pointer = joinPointer('/components', namespace, name);
        push({ kind: 'component', id: `${namespace}/${name}`, name, role: 'declaration', pointer }, pointer, 'key');
      }
    }
  const stack: { value: unknown; pointer: string }[] = [{ value: document, pointer: '' }];
  while (stack.length > 0) {
    const { value, pointer } = stack.pop()!;
    if (Array.isArray(value)) {
      value.forEach((item, index) => stack.push({ value: item, pointer: joinPointer(pointer, index) }));
      continue;
    }
    if (!isObject(value)) continue;
    const ref = value.$componentRef;
    const match = typeof ref === 'string' ? referencePattern.exec(ref) : null;
    if (match) {
      const [, namespace, name] = match as unknown as [string, string, string];
      push(
        {
          kind: 'component',
          id: `${namespace}/${name}`,
          name,
          role: 'reference',
          pointerPrefix: `#/components/${namespace}/`,
          pointer: joinPointer('/components', namespace, name),
        },
        joinPointer(pointer, '$componentRef'),
        'value',
      );
    }
    for (const [key, member] of Object.entries(value))
      stack.push({ value: member, pointer: joinPointer(pointer, key) });
  }

  if (Array.isArray(document.tags))
    document.tags.forEach((tag, index) => {
      if (isObject(tag) && typeof tag.name === 'string') {
        const pointer = joinPointer('/tags', index);
        push(
          { kind: 'tag', id: tag.name, name: tag.name, role: 'declaration', pointer },
          joinPointer(pointer, 'name'),
          'value',
        );
      }
    });
  const schemes = document.securitySchemes;
  if (isObject(schemes))
    for (const name of Object.keys(schemes)) {
      const pointer = joinPointer('/securitySchemes', name);
      push({ kind: 'securityScheme', id: name, name, role: 'declaration', pointer }, pointer, 'key');
    }
  const requirements = (owner: unknown, pointer: string): void => {
    if (!isObject(owner) || !Array.isArray(owner.security)) return;
    owner.security.forEach((requirement, index) => {
      if (!isObject(requirement)) return;
      for (const name of Object.keys(requirement)) {
        const at = joinPointer(pointer, 'security', index, name);
        push(
          { kind: 'securityScheme', id: name, name, role: 'reference', pointer: joinPointer('/securitySchemes', name) },
          at,
          'key',
        );
      }
    });
  };
  requirements(document, '');
  if (Array.isArray(document.transports))
    document.transports.forEach((transport, index) => requirements(transport, joinPointer('/transports', index)));

  for (const info of primitiveKinds) {
    const list = document[info.collection];
    if (!Array.isArray(list)) continue;
    list.forEach((declaration, index) => {
      if (!isObject(declaration)) return;
      const at = joinPointer('', info.collection, index);
      requirements(declaration, at);
      if (Array.isArray(declaration.tags))
        declaration.tags.forEach((tag, j) => {
          if (typeof tag === 'string')
            push(
              { kind: 'tag', id: tag, name: tag, role: 'reference', pointer: '/tags' },
              joinPointer(at, 'tags', j),
              'value',
            );
        });
      elicitationSites(declaration, at, push);
    });
  }
  return out;
}

/** A primitive's elicitation declarations, and the interaction steps of a Tool naming them (9.4). */
function elicitationSites(
  declaration: Record<string, unknown>,
  at: string,
  push: (site: Omit<NameSite, 'range'>, pointer: string, part: 'key' | 'value') => void,
): void {
  if (Array.isArray(declaration.elicitations))
    declaration.elicitations.forEach((elicitation, j) => {
      if (isObject(elicitation) && typeof elicitation.name === 'string') {
        const pointer = joinPointer(at, 'elicitations', j);
        const name = elicitation.name;
        push(
          { kind: 'elicitation', id: `${at}#${name}`, name, role: 'declaration', pointer },
          joinPointer(pointer, 'name'),
          'value',
        );
      }
    });
  const scenarios = declaration.interactionExamples;
  if (!isObject(scenarios)) return;
  for (const [scenario, example] of Object.entries(scenarios)) {
    if (!isObject(example) || !Array.isArray(example.steps)) continue;
    example.steps.forEach((step, k) => {
      if (!isObject(step) || typeof step.declaration !== 'string') return;
      const name = step.declaration;
      push(
        { kind: 'elicitation', id: `${at}#${name}`, name, role: 'reference', pointer: joinPointer(at, 'elicitations') },
        joinPointer(at, 'interactionExamples', scenario, 'steps', k, 'declaration'),
        'value',
      );
    });
  }
}

/** The name occurrence under the cursor (the innermost when ranges nest, which they do not). */
export function siteAt(sites: readonly NameSite[], position: Position): NameSite | undefined {
  return sites.find((site) => contains(site.range, position));
}

/** Every occurrence of the same named thing, its declarations first. */
export function occurrences(sites: readonly NameSite[], of: NameSite): NameSite[] {
  const same = sites.filter((site) => site.kind === of.kind && site.id === of.id);
  return [...same.filter((s) => s.role === 'declaration'), ...same.filter((s) => s.role === 'reference')];
}
