import { parseUri } from '../../model/uri.js';
import { checkIsoDate } from '../../model/date.js';
import { joinPointer } from '../../model/json-pointer.js';
import { formatRevisions, having, lacking, type Revision, type RevisionFeature } from '../../model/revisions.js';
import { isObject, type JsonObject } from '../../model/values.js';
import { lackingField, nodeTypes, type FieldShape, type NodeName } from '../../model/shape-tree.js';
import { raw, type RuleContext } from '../rule.js';
import { checkMeta, metaCodes } from './meta.js';

/**
 * MCP-native content carried by named examples: content blocks (text, image, audio, embedded
 * resource, resource link; tool use and tool result in sampling messages), Resource Contents
 * and Resource Annotations, per MCP revision. These objects are closed: a member the applicable
 * revision does not define, `x-*` extensions included, is an error (3.7, 14.2).
 */

/** Codes reported by the checkers of this module (including `checkMeta`'s); spread them into the calling rule's codes. */
export const contentCodes = {
  ...metaCodes,
  'content-unknown-type': 'content block type {value} is not an MCP content type{where}; expected one of {expected}',
  'content-type-revision': 'content block type {value} is not defined by MCP {revisions}{where}',
  'native-missing-member': '{object} lacks required member {member}',
  'native-member-type': '{member} of {object} must be {expected}; found {value}',
  'native-unknown-member':
    '{value} is not a member of {object} in MCP; native MCP objects carried by examples are closed',
  'native-member-revision': '{value} of {object} is not defined by MCP {revisions}',
  'native-base64': '{member} of {object} must be valid base64; found {value}',
  'native-text-xor-blob': 'Resource Contents must contain exactly one of text or blob; found {found}',
  'native-uri': '{member} of {object} must be a valid URI; found {value}',
} as const;

/** Where a content block appears: tool/prompt results take ContentBlock, sampling messages their own union. */
export type ContentPlace = 'result' | 'sampling';

type Check = (
  ctx: RuleContext,
  value: unknown,
  pointer: string,
  scope: readonly Revision[],
  object: string,
  member: string,
) => void;

interface MemberSpec {
  check: Check;
  /** Revisions that define the member (all when absent). */
  feature?: RevisionFeature;
}

interface BlockSpec {
  feature: RevisionFeature;
  places: ContentPlace[];
  required: readonly string[];
  members: Record<string, MemberSpec>;
}

const typeError = (
  ctx: RuleContext,
  value: unknown,
  pointer: string,
  object: string,
  member: string,
  expected: string,
): void =>
  ctx.report('native-member-type', pointer, {
    values: { member, object: raw(object), expected: raw(expected), value },
  });

const str: Check = (ctx, v, p, _s, o, m) => {
  if (typeof v !== 'string') typeError(ctx, v, p, o, m, 'a string');
};
const obj: Check = (ctx, v, p, _s, o, m) => {
  if (!isObject(v)) typeError(ctx, v, p, o, m, 'an object');
};
const bool: Check = (ctx, v, p, _s, o, m) => {
  if (typeof v !== 'boolean') typeError(ctx, v, p, o, m, 'a boolean');
};
const nonNegativeInteger: Check = (ctx, v, p, _s, o, m) => {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) typeError(ctx, v, p, o, m, 'a non-negative integer');
};
const base64: Check = (ctx, v, p, _s, o, m) => {
  if (typeof v !== 'string') typeError(ctx, v, p, o, m, 'a base64 string');
  else if (!isBase64(v)) ctx.report('native-base64', p, { values: { member: m, object: raw(o), value: v } });
};
const uri: Check = (ctx, v, p, _s, o, m) => {
  if (typeof v !== 'string') typeError(ctx, v, p, o, m, 'a URI string');
  else {
    // RFC 3986 (15.6): "Every returned URI MUST be valid" (10.4.4); the parse says which part fails.
    const parsed = parseUri(v);
    if (!parsed.ok)
      ctx.report('native-uri', p, { values: { member: m, object: raw(o), value: v }, note: parsed.message });
  }
};
const meta =
  (context: 'content' | 'resource-contents'): Check =>
  (ctx, v, p, s, o, m) => {
    if (!isObject(v)) typeError(ctx, v, p, o, m, 'an object');
    else checkMeta(ctx, v, p, s, context);
  };
const annotations: Check = (ctx, v, p, s) => checkResourceAnnotations(ctx, v, p, s);
const icons: Check = (ctx, v, p, s, o, m) => {
  if (!Array.isArray(v) || v.length === 0) {
    typeError(ctx, v, p, o, m, 'a non-empty array of Icon objects');
    return;
  }
  v.forEach((icon, i) => {
    if (!isObject(icon)) typeError(ctx, icon, joinPointer(p, i), 'an Icon', String(i), 'an object');
    else uri(ctx, icon.src, joinPointer(p, i, 'src'), s, 'an Icon', 'src');
  });
};
const resourceContents: Check = (ctx, v, p, s) => checkResourceContents(ctx, v, p, s);
const resultBlocks: Check = (ctx, v, p, s, o, m) => {
  if (!Array.isArray(v)) {
    typeError(ctx, v, p, o, m, 'an array of content blocks');
    return;
  }
  v.forEach((b, i) => checkContentBlock(ctx, b, joinPointer(p, i), s, 'result'));
};

/** The check of a member, from its type in the shape tree. */
function checkOf(shape: FieldShape, metaContext: 'content' | 'resource-contents'): Check {
  switch (shape.type) {
    case 'base64':
      return base64;
    case 'uri':
      return uri;
    case 'integer':
      return nonNegativeInteger;
    case 'object':
      return obj;
    case 'boolean':
      return bool;
    case 'meta':
      return meta(metaContext);
    case 'ResourceAnnotations':
      return annotations;
    case 'ResourceContents':
      return resourceContents;
    case 'Icon':
      return icons;
    case 'ContentBlock':
      return resultBlocks;
    default:
      return str;
  }
}

/** Required members and member specs of a native object kind, read from the shape tree (`type` is the union's). */
function membersOf(kind: NodeName): { required: string[]; members: Record<string, MemberSpec> } {
  const metaContext = kind === 'ResourceContents' ? 'resource-contents' : 'content';
  const required: string[] = [];
  const members: Record<string, MemberSpec> = {};
  for (const [field, shape] of Object.entries(nodeTypes[kind].fields)) {
    if (field === 'type') continue;
    if (shape.required) required.push(field);
    members[field] = shape.since
      ? { check: checkOf(shape, metaContext), feature: shape.since }
      : { check: checkOf(shape, metaContext) };
  }
  return { required, members };
}

/** The content unions by place: tool and prompt results, sampling messages. */
const unions: Record<ContentPlace, NodeName> = { result: 'ContentBlock', sampling: 'SamplingContentBlock' };

/** Every content block type of either union, with the revisions that define it and where it may stand. */
const blocks: Record<string, BlockSpec> = {};
for (const place of Object.keys(unions) as ContentPlace[]) {
  const union = nodeTypes[unions[place]];
  const gates = union.fields.type!.values!;
  for (const [type, kind] of Object.entries(union.variants!.kinds)) {
    const known = blocks[type];
    if (known) {
      known.places.push(place);
      continue;
    }
    blocks[type] = { feature: gates[type]!, places: [place], ...membersOf(kind as NodeName) };
  }
}

const resourceContentsMembers = membersOf('ResourceContents');

const placeLabels: Record<ContentPlace, string> = { result: '', sampling: ' in a sampling message' };

/**
 * Checks one content block at `pointer` against every revision of `scope`. `place` selects the
 * content union: `result` (tool and prompt results: text, image, audio, resource, resource_link)
 * or `sampling` (sampling messages: text, image, audio, tool_use, tool_result).
 */
export function checkContentBlock(
  ctx: RuleContext,
  value: unknown,
  pointer: string,
  scope: readonly Revision[],
  place: ContentPlace = 'result',
): void {
  if (!isObject(value)) {
    typeError(
      ctx,
      value,
      pointer,
      'a content list',
      pointer.slice(pointer.lastIndexOf('/') + 1),
      'a content block object',
    );
    return;
  }
  const type = value.type;
  const allowed = Object.keys(blocks).filter((k) => blocks[k]!.places.includes(place));
  if (typeof type !== 'string') {
    if (type === undefined)
      ctx.report('native-missing-member', pointer, { values: { object: raw('a content block'), member: 'type' } });
    else typeError(ctx, type, joinPointer(pointer, 'type'), 'a content block', 'type', 'a string');
    return;
  }
  const spec = Object.prototype.hasOwnProperty.call(blocks, type) ? blocks[type] : undefined;
  if (!spec || !spec.places.includes(place)) {
    ctx.report('content-unknown-type', joinPointer(pointer, 'type'), {
      values: {
        value: type,
        where: raw(placeLabels[place]),
        expected: raw(allowed.map((t) => JSON.stringify(t)).join(', ')),
      },
    });
    return;
  }
  const missingIn = lacking(scope, spec.feature);
  if (missingIn.length) {
    ctx.report('content-type-revision', joinPointer(pointer, 'type'), {
      values: { value: type, revisions: raw(formatRevisions(missingIn)), where: raw(placeLabels[place]) },
    });
  }
  const label = `a ${type} content block`;
  checkMembers(ctx, value, pointer, scope, label, spec.required, spec.members);
}

/** Checks an array of content blocks (non-arrays are reported as a type error at `pointer`). */
export function checkContentList(
  ctx: RuleContext,
  value: unknown,
  pointer: string,
  scope: readonly Revision[],
  place: ContentPlace = 'result',
  owner = 'the result',
): void {
  if (!Array.isArray(value)) {
    typeError(ctx, value, pointer, owner, pointer.slice(pointer.lastIndexOf('/') + 1), 'an array of content blocks');
    return;
  }
  value.forEach((block, index) => checkContentBlock(ctx, block, joinPointer(pointer, index), scope, place));
}

/** Resource Contents (embedded resources, resource read results): uri, mimeType?, exactly one of text or blob, `_meta` 2025-06-18+. */
export function checkResourceContents(
  ctx: RuleContext,
  value: unknown,
  pointer: string,
  scope: readonly Revision[],
): void {
  const object = 'Resource Contents';
  if (!isObject(value)) {
    typeError(
      ctx,
      value,
      pointer,
      'an embedded resource',
      pointer.slice(pointer.lastIndexOf('/') + 1),
      'a Resource Contents object',
    );
    return;
  }
  checkMembers(ctx, value, pointer, scope, object, resourceContentsMembers.required, resourceContentsMembers.members);
  const hasText = value.text !== undefined;
  const hasBlob = value.blob !== undefined;
  if (hasText === hasBlob) {
    ctx.report('native-text-xor-blob', pointer, { values: { found: raw(hasText ? 'both' : 'neither') } });
  }
}

/** Resource Annotations on content blocks (10.3): audience, priority, lastModified (2025-06-18+); open for other members. */
export function checkResourceAnnotations(
  ctx: RuleContext,
  value: unknown,
  pointer: string,
  scope: readonly Revision[],
): void {
  const object = 'Resource Annotations';
  if (!isObject(value)) {
    typeError(ctx, value, pointer, 'a content block', 'annotations', 'a Resource Annotations object');
    return;
  }
  const audience = value.audience;
  if (audience !== undefined) {
    if (!Array.isArray(audience))
      typeError(
        ctx,
        audience,
        joinPointer(pointer, 'audience'),
        object,
        'audience',
        'an array of "user" or "assistant"',
      );
    else
      audience.forEach((role, i) => {
        if (role !== 'user' && role !== 'assistant')
          typeError(ctx, role, joinPointer(pointer, 'audience', i), object, 'audience', '"user" or "assistant"');
      });
  }
  const priority = value.priority;
  if (priority !== undefined && (typeof priority !== 'number' || priority < 0 || priority > 1)) {
    typeError(ctx, priority, joinPointer(pointer, 'priority'), object, 'priority', 'a number from 0 through 1');
  }
  const lastModified = value.lastModified;
  if (lastModified !== undefined) {
    const missingIn = lackingField(scope, 'ResourceAnnotations', 'lastModified');
    if (missingIn.length) {
      ctx.report('native-member-revision', joinPointer(pointer, 'lastModified'), {
        key: true,
        values: { value: 'lastModified', object: raw(object), revisions: raw(formatRevisions(missingIn)) },
      });
    } else if (typeof lastModified !== 'string') {
      typeError(
        ctx,
        lastModified,
        joinPointer(pointer, 'lastModified'),
        object,
        'lastModified',
        'an ISO 8601 date-time string',
      );
    } else {
      const date = checkIsoDate(lastModified);
      if (!date.ok) {
        typeError(
          ctx,
          lastModified,
          joinPointer(pointer, 'lastModified'),
          object,
          'lastModified',
          `an ISO 8601 date-time string (${date.message})`,
        );
      }
    }
  }
}

/** Required members, member types, closedness and per-revision members of a native object. */
export function checkMembers(
  ctx: RuleContext,
  value: JsonObject,
  pointer: string,
  scope: readonly Revision[],
  object: string,
  required: readonly string[],
  members: Record<string, MemberSpec>,
): void {
  for (const member of required) {
    if (value[member] === undefined)
      ctx.report('native-missing-member', pointer, { values: { object: raw(object), member } });
  }
  for (const key of Object.keys(value)) {
    if (key === 'type') continue;
    const at = joinPointer(pointer, key);
    const spec = Object.prototype.hasOwnProperty.call(members, key) ? members[key] : undefined;
    if (!spec) {
      ctx.report('native-unknown-member', at, { key: true, values: { value: key, object: raw(object) } });
      continue;
    }
    if (spec.feature) {
      const missingIn = lacking(scope, spec.feature);
      if (missingIn.length) {
        ctx.report('native-member-revision', at, {
          key: true,
          values: { value: key, object: raw(object), revisions: raw(formatRevisions(missingIn)) },
        });
        continue;
      }
    }
    spec.check(ctx, value[key], at, spec.feature ? having(scope, spec.feature) : scope, object, key);
  }
}

/** Standard base64 (RFC 4648 section 4), padded. */
export function isBase64(text: string): boolean {
  return text.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(text);
}
