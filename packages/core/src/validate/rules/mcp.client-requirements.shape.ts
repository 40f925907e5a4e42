import { joinPointer } from '../../model/json-pointer.js';
import {
  clientCapabilityBooleanMembers,
  clientCapabilityShapes,
  formatRevisions,
  having,
  revisions,
  type Revision,
} from '../../model/revisions.js';
import { isObject } from '../../model/values.js';
import { raw, type Rule, type RuleDocs } from '../rule.js';
import { splitAdvice } from '../mcp/split-advice.js';

/** Every client capability some revision defines, and every nested member path some revision recognises. */
const knownCapabilities = new Set<string>();
const knownMembers = new Map<string, string[]>();
for (const r of revisions) {
  const shape = clientCapabilityShapes[r];
  for (const c of shape.capabilities) knownCapabilities.add(c);
  for (const [c, members] of Object.entries(shape.members)) {
    if (members === '*') continue;
    const list = knownMembers.get(c) ?? [];
    for (const m of members) if (!list.includes(m)) list.push(m);
    knownMembers.set(c, list);
  }
}
const booleanMembers = new Set(clientCapabilityBooleanMembers);

function definesCapability(r: Revision, capability: string): boolean {
  return clientCapabilityShapes[r].capabilities.includes(capability);
}

function definesMember(r: Revision, capability: string, path: string): boolean {
  const members = clientCapabilityShapes[r].members[capability];
  return members === '*' || (members !== undefined && members.includes(path));
}

function deprecatedIn(r: Revision, path: string): boolean {
  return clientCapabilityShapes[r].deprecated.includes(path);
}

/** The value at a dot path below `value`, through objects only. */
function memberAt(value: Record<string, unknown>, path: string): unknown {
  let node: unknown = value;
  for (const token of path.split('.')) {
    if (!isObject(node) || !Object.prototype.hasOwnProperty.call(node, token)) return undefined;
    node = node[token];
  }
  return node;
}

const base = { mcpdesc: '0.8.0', info: { name: 'x', version: '1' } };

export function docs(): RuleDocs {
  return {
    summary:
      "clientRequirements declares only client capabilities and members defined by every revision in the primitive's scope, with object values; MCP 2026-07-28 roots is empty; deprecated ones warn.",
    bad: {
      ...base,
      protocolVersions: ['2025-11-25', '2026-07-28'],
      tools: [{ name: 't', inputSchema: { type: 'object' }, clientRequirements: { tasks: { list: {} } } }],
    },
    good: {
      ...base,
      protocolVersions: ['2025-11-25', '2026-07-28'],
      tools: [
        {
          name: 't',
          protocolVersions: ['2025-11-25'],
          inputSchema: { type: 'object' },
          clientRequirements: { tasks: { list: {} } },
        },
      ],
    },
  };
}

/** 8.5: a Client Capability Requirements Object uses the ClientCapabilities shape of every revision in scope. */
export const rule: Rule = {
  id: 'mcp.client-requirements.shape',
  kind: 'conformance',
  spec: '8.5',
  severity: 'error',
  codes: {
    'undefined-capability': `client capability {value} is not defined by MCP {revisions}, in the containing primitive's effective scope; every required capability must be valid for every effective revision (split the primitive into protocol-scoped variants; ${splitAdvice})`,
    'undefined-member': `client capability member {value} is not defined by MCP {revisions}, in the containing primitive's effective scope; every required member must be valid for every effective revision (split the primitive into protocol-scoped variants; ${splitAdvice})`,
    'non-object-value': '{value} is {found}; client capability marker and settings values must be objects',
    'non-boolean-setting': '{value} is {found}; this client capability setting is a boolean',
    'roots-not-empty': 'client capability "roots" has members {members}, but in MCP {revisions} roots must be empty',
    'empty-extensions':
      'clientRequirements.extensions is empty; for MCP {revisions} it must be a non-empty map of extension identifiers to objects',
    deprecated: {
      severity: 'warning',
      message: 'client capability {value} is deprecated in MCP {revisions}',
    },
  },
  create(ctx) {
    const kind = (v: unknown): ReturnType<typeof raw> =>
      raw(
        v === null
          ? 'null'
          : Array.isArray(v)
            ? 'an array'
            : typeof v === 'string'
              ? 'a string'
              : typeof v === 'number'
                ? 'a number'
                : typeof v === 'boolean'
                  ? 'a boolean'
                  : 'an object',
      );
    return {
      clientRequirements(node) {
        const value = node.value;
        if (!isObject(value)) return; // structural
        const scope = node.scope;
        for (const capability of Object.keys(value)) {
          // `x-*` members are MCP Description metadata, not capabilities; protocolVersions is structural.
          if (capability.startsWith('x-') || capability === 'protocolVersions') continue;
          const at = joinPointer(node.pointer, capability);
          const capValue = value[capability];
          if (!isObject(capValue)) {
            ctx.report('non-object-value', at, { values: { value: capability, found: kind(capValue) } });
            continue;
          }
          // Unknown capabilities are accepted and preserved: the ClientCapabilities type is open.
          if (!knownCapabilities.has(capability)) continue;
          const definedIn = scope.filter((r) => definesCapability(r, capability));
          const undefinedIn = scope.filter((r) => !definesCapability(r, capability));
          if (undefinedIn.length) {
            ctx.report('undefined-capability', at, {
              key: true,
              values: { value: capability, revisions: raw(formatRevisions(undefinedIn)) },
            });
          }
          if (definedIn.length === 0) continue;
          const deprecatedRevisions = definedIn.filter((r) => deprecatedIn(r, capability));
          if (deprecatedRevisions.length) {
            ctx.report('deprecated', at, {
              key: true,
              values: { value: capability, revisions: raw(formatRevisions(deprecatedRevisions)) },
            });
          }
          let memberRevisions = definedIn;
          if (capability === 'roots') {
            const emptyOnly = having(definedIn, 'client-capability.roots.empty');
            const keys = Object.keys(capValue);
            if (emptyOnly.length && keys.length) {
              ctx.report('roots-not-empty', at, {
                values: { members: keys, revisions: raw(formatRevisions(emptyOnly)) },
              });
            }
            memberRevisions = definedIn.filter((r) => !emptyOnly.includes(r));
          }
          if (capability === 'experimental' || capability === 'extensions') {
            if (capability === 'extensions' && Object.keys(capValue).length === 0) {
              ctx.report('empty-extensions', at, { values: { revisions: raw(formatRevisions(definedIn)) } });
            }
            for (const [entry, entryValue] of Object.entries(capValue)) {
              if (!isObject(entryValue)) {
                ctx.report('non-object-value', joinPointer(at, entry), {
                  values: { value: `${capability}.${entry}`, found: kind(entryValue) },
                });
              }
            }
          }
          if (memberRevisions.length === 0) continue;
          for (const path of knownMembers.get(capability) ?? []) {
            const member = memberAt(capValue, path);
            if (member === undefined) continue;
            const memberPointer = joinPointer(at, ...path.split('.'));
            const dotted = `${capability}.${path}`;
            const missing = memberRevisions.filter((r) => !definesMember(r, capability, path));
            if (missing.length) {
              ctx.report('undefined-member', memberPointer, {
                key: true,
                values: { value: dotted, revisions: raw(formatRevisions(missing)) },
              });
            }
            const present = memberRevisions.filter((r) => definesMember(r, capability, path));
            if (present.length === 0) continue;
            if (booleanMembers.has(dotted)) {
              if (typeof member !== 'boolean')
                ctx.report('non-boolean-setting', memberPointer, { values: { value: dotted, found: kind(member) } });
            } else if (!isObject(member)) {
              ctx.report('non-object-value', memberPointer, { values: { value: dotted, found: kind(member) } });
            }
            const deprecatedMember = present.filter((r) => deprecatedIn(r, dotted));
            if (deprecatedMember.length) {
              ctx.report('deprecated', memberPointer, {
                key: true,
                values: { value: dotted, revisions: raw(formatRevisions(deprecatedMember)) },
              });
            }
          }
        }
      },
    };
  },
};
