/**
 * The `given` of a declarative rule: a path over the shape tree's object kinds and fields,
 * `tools[*].inputSchema.properties[*]`, checked against the tree once when the configuration is
 * read (a field the tree does not have is a configuration error with a did-you-mean) and
 * compiled into steps that the rule's visitor follows without parsing again.
 */
import { didYouMeanText } from '../../model/did-you-mean.js';
import { isNodeName, nodeTypes, type NodeName } from '../../model/shape-tree.js';

/** One step of a selector: a field of an object, or every item of a list or map. */
export type SelectorStep = { field: string } | { each: true };

const namePattern = /^[A-Za-z_$][\w$-]*/;

/** Value types whose members the tree leaves open: any field and `[*]` may follow them. */
const openValueTypes: ReadonlySet<string> = new Set(['object', 'json-schema', 'any', 'meta', 'string-map']);

/** The steps of a selector, or a line saying where it cannot be read. `$.` in front is allowed (Spectral's JSONPath root). */
export function parseSelector(text: string): SelectorStep[] | string {
  let rest = text.startsWith('$.') ? text.slice(2) : text;
  const steps: SelectorStep[] = [];
  if (rest === '') return 'it is empty; expected a path such as tools[*].name';
  for (;;) {
    const name = namePattern.exec(rest);
    if (!name) return `expected a field name at "${shorten(rest)}"`;
    steps.push({ field: name[0] });
    rest = rest.slice(name[0].length);
    while (rest.startsWith('[*]')) {
      steps.push({ each: true });
      rest = rest.slice(3);
    }
    if (rest === '') return steps;
    if (!rest.startsWith('.')) return `expected "." or "[*]" at "${shorten(rest)}"`;
    rest = rest.slice(1);
  }
}

/** Where a selector stands in the tree: a kind or a value type, possibly a list or map of it. */
interface Place {
  type: string;
  container?: 'list' | 'map';
  /** How the path so far reads, for messages. */
  path: string;
}

/**
 * Checks the steps against the shape tree from the root object; undefined when every step names
 * something the tree has, else the problem with a did-you-mean.
 */
export function checkSelector(steps: readonly SelectorStep[]): string | undefined {
  let place: Place = { type: 'Root', path: '' };
  for (const step of steps) {
    const next = 'each' in step ? eachOf(place) : fieldStep(place, step.field);
    if (typeof next === 'string') return next;
    place = next;
  }
  return undefined;
}

function eachOf(place: Place): Place | string {
  const path = place.path + '[*]';
  if (place.container) return { type: place.type, path };
  if (openValueTypes.has(place.type)) return { type: 'any', path };
  return `${place.path || 'the root'} is ${describePlace(place)}: it has no items for [*]`;
}

function fieldStep(place: Place, field: string): Place | string {
  const path = place.path === '' ? field : `${place.path}.${field}`;
  if (place.container)
    return `${place.path} is a ${place.container} of ${place.type}: select its items with ${place.path}[*] before .${field}`;
  if (openValueTypes.has(place.type)) return { type: place.type === 'string-map' ? 'string' : 'any', path };
  if (!isNodeName(place.type)) return `${place.path} is ${describePlace(place)}: it has no field "${field}"`;
  const kinds = kindsOf(place.type);
  for (const kind of kinds) {
    const fields = nodeTypes[kind].fields;
    if (Object.hasOwn(fields, field)) {
      const shape = fields[field]!;
      return { type: shape.type, ...(shape.container ? { container: shape.container } : {}), path };
    }
  }
  const shape = nodeTypes[place.type];
  if (shape.extensions && field.startsWith('x-')) return { type: 'any', path };
  const known = [...new Set(kinds.flatMap((kind) => Object.keys(nodeTypes[kind].fields)))];
  const near = didYouMeanText(field, known);
  // An open kind (Tool Annotations, a tool schema) takes other members, but not a misspelt known one.
  if (shape.members === 'open' && near === '') return { type: 'any', path };
  return `${shape.title} (at ${place.path || 'the root'}) has no field "${field}"${near}; its fields are ${known.join(', ')}`;
}

/** A kind and, for a discriminated one (Transport), each of its variants: a field of any of them may be selected. */
function kindsOf(kind: NodeName): NodeName[] {
  const variants = nodeTypes[kind].variants;
  if (!variants) return [kind];
  return [kind, ...Object.values(variants.kinds).filter(isNodeName)];
}

function describePlace(place: Place): string {
  if (isNodeName(place.type)) return `a ${nodeTypes[place.type].title}`;
  return `a ${place.type} value`;
}

function shorten(text: string): string {
  return text.length > 30 ? text.slice(0, 29) + '…' : text;
}
