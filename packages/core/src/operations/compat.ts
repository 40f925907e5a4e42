/**
 * `mcpdesc compat FILE --client PROFILE --protocol V` (8.5): per primitive applying to one MCP
 * revision, whether a client capability profile (an MCP `ClientCapabilities` value) satisfies
 * the primitive's `clientRequirements`: `satisfied` when every requirement is known to be
 * satisfied, `unsatisfied` when any is known not to be, `indeterminate` when none is known to
 * fail but at least one cannot be evaluated. A non-empty extension (or other opaque) requirement
 * is never claimed satisfied.
 */
import { joinPointer } from '../model/json-pointer.js';
import {
  clientCapabilityBooleanMembers,
  clientCapabilityShapes,
  defines,
  isRevision,
  type Revision,
} from '../model/revisions.js';
import { isObject, type JsonObject } from '../model/values.js';
import {
  failure,
  operationDiagnostic,
  quote,
  success,
  validateInput,
  type OperationDiagnostic,
  type OperationOptions,
  type OperationResult,
} from './operation-result.js';
import { effectiveScope, primitiveCollections, rootScopeOf, type PrimitiveCollection } from '../model/document.js';

export type CompatVerdict = 'satisfied' | 'unsatisfied' | 'indeterminate';

/** The verdict of one requirement leaf. `path` is a dot path in ClientCapabilities; `pointer` points into the document. */
export interface RequirementVerdict {
  path: string;
  pointer: string;
  verdict: CompatVerdict;
  reason: string;
}

export interface PrimitiveCompatibility {
  collection: PrimitiveCollection;
  /** The primitive's identifier: name (tools, prompts, resources, templates). */
  name: string;
  pointer: string;
  /** Whether the primitive declares `clientRequirements`; without it the verdict is vacuously `satisfied`. */
  declared: boolean;
  verdict: CompatVerdict;
  requirements: RequirementVerdict[];
}

export interface CompatReport {
  protocolVersion: string;
  /** The worst verdict over all primitives (unsatisfied > indeterminate > satisfied). */
  verdict: CompatVerdict;
  primitives: PrimitiveCompatibility[];
}

export type CompatOptions = OperationOptions;

const spec = '8.5';

export function compat(
  document: unknown,
  profile: unknown,
  revision: string,
  options: CompatOptions = {},
): OperationResult<CompatReport> {
  const checked = validateInput('compat', document, undefined, spec, options);
  if (!checked.valid) return failure(checked.diagnostics);
  const diagnostics: OperationDiagnostic[] = [...checked.diagnostics];
  const root = document as JsonObject;
  const covered = rootScopeOf(root);
  if (!isRevision(revision) || !covered.includes(revision)) {
    diagnostics.push(
      operationDiagnostic({
        rule: 'operation.compat.revision',
        code: 'revision-not-covered',
        pointer: '/protocolVersions',
        spec,
        message: `cannot check compatibility for ${quote(revision)}: root protocolVersions is ${quote(covered)}`,
      }),
    );
    return failure(diagnostics);
  }
  if (!isObject(profile)) {
    diagnostics.push(
      operationDiagnostic({
        rule: 'operation.compat.profile',
        code: 'invalid-profile',
        spec,
        message: `the client profile is ${quote(profile)}, expected a ClientCapabilities object`,
      }),
    );
    return failure(diagnostics);
  }
  const evaluator = new Evaluator(revision, profile);
  const primitives: PrimitiveCompatibility[] = [];
  for (const collection of primitiveCollections) {
    const list = root[collection];
    if (!Array.isArray(list)) continue;
    list.forEach((declaration, index) => {
      if (!isObject(declaration) || !effectiveScope(declaration, covered).includes(revision)) return;
      const pointer = joinPointer('', collection, index);
      const name = String(declaration.name);
      const requirements = isObject(declaration.clientRequirements)
        ? evaluator.requirements(declaration.clientRequirements, joinPointer(pointer, 'clientRequirements'))
        : [];
      primitives.push({
        collection,
        name,
        pointer,
        declared: isObject(declaration.clientRequirements),
        verdict: combine(requirements.map((r) => r.verdict)),
        requirements,
      });
    });
  }
  return success(
    { protocolVersion: revision, verdict: combine(primitives.map((p) => p.verdict)), primitives },
    diagnostics,
  );
}

/** unsatisfied if any is; else indeterminate if any is; else satisfied (also for none). */
export function combine(verdicts: readonly CompatVerdict[]): CompatVerdict {
  if (verdicts.includes('unsatisfied')) return 'unsatisfied';
  if (verdicts.includes('indeterminate')) return 'indeterminate';
  return 'satisfied';
}

/** The verdict of one `clientRequirements` object for a client capability profile in one revision (the mock's gate). */
export function requirementsVerdict(requirements: JsonObject, profile: JsonObject, revision: Revision): CompatVerdict {
  return combine(new Evaluator(revision, profile).requirements(requirements, '').map((r) => r.verdict));
}

class Evaluator {
  private readonly shape;
  constructor(
    private readonly revision: Revision,
    private readonly profile: JsonObject,
  ) {
    this.shape = clientCapabilityShapes[revision];
  }

  requirements(requirements: JsonObject, pointer: string): RequirementVerdict[] {
    const out: RequirementVerdict[] = [];
    for (const capability of Object.keys(requirements)) {
      if (capability.startsWith('x-')) continue; // MCP Description metadata, not a client capability (8.5)
      const required = requirements[capability];
      const at = joinPointer(pointer, capability);
      const offered = this.profile[capability];
      if (capability === 'extensions' || capability === 'experimental') {
        if (!isObject(required)) continue;
        for (const id of Object.keys(required)) {
          const entryOffered = isObject(offered) ? offered[id] : undefined;
          out.push(
            opaque(
              `${capability}.${id}`,
              joinPointer(at, id),
              required[id],
              entryOffered,
              capability === 'extensions' ? 'extension' : 'experimental capability',
            ),
          );
        }
        continue;
      }
      const members = this.shape.members[capability];
      if (!this.shape.capabilities.includes(capability) || members === undefined || members === '*') {
        out.push(opaque(capability, at, required, offered, 'capability'));
        continue;
      }
      this.member(capability, '', required, offered, at, members, out);
    }
    return out;
  }

  /** A recognized core capability (or a nested member of one), compared member by member. */
  private member(
    capability: string,
    sub: string,
    required: unknown,
    offered: unknown,
    pointer: string,
    members: readonly string[],
    out: RequirementVerdict[],
  ): void {
    const path = sub ? `${capability}.${sub}` : capability;
    if (clientCapabilityBooleanMembers.includes(path)) {
      if (required !== true) {
        out.push({ path, pointer, verdict: 'satisfied', reason: `${path} ${quote(required)} requires nothing` });
      } else {
        out.push(
          offered === true
            ? { path, pointer, verdict: 'satisfied', reason: `the client declares ${path}: true` }
            : {
                path,
                pointer,
                verdict: 'unsatisfied',
                reason: `the client does not declare ${path}: true (found ${quote(offered)})`,
              },
        );
      }
      return;
    }
    if (!isObject(required)) return; // malformed requirement: the validator reports it
    const present = isObject(offered) || (offered === undefined && this.impliedBy(path));
    if (!present) {
      out.push({
        path,
        pointer,
        verdict: 'unsatisfied',
        reason:
          offered === undefined
            ? `the client does not declare ${path}`
            : `the client's ${path} is ${quote(offered)}, not an object`,
      });
      return;
    }
    const nested = Object.keys(required).filter((k) => !(sub === '' && k.startsWith('x-')));
    if (nested.length === 0) {
      out.push({
        path,
        pointer,
        verdict: 'satisfied',
        reason: offered === undefined ? `the client's ${this.impliedReason(path)}` : `the client declares ${path}`,
      });
      return;
    }
    for (const key of nested) {
      const childSub = sub ? `${sub}.${key}` : key;
      const childPath = `${capability}.${childSub}`;
      const childPointer = joinPointer(pointer, key);
      const known = members.includes(childSub) || clientCapabilityBooleanMembers.includes(childPath);
      const childOffered = isObject(offered) ? offered[key] : undefined;
      if (!known) {
        out.push(opaque(childPath, childPointer, required[key], childOffered, `member of ${capability}`));
        continue;
      }
      this.member(capability, childSub, required[key], childOffered, childPointer, members, out);
    }
  }

  /**
   * MCP 2025-11-25 and later: a client `elicitation` capability without `form` or `url` means
   * form mode only (backwards compatibility of the MCP elicitation capability).
   */
  private impliedBy(path: string): boolean {
    if (path !== 'elicitation.form' || !defines(this.revision, 'elicitation.url')) return false;
    const elicitation = this.profile.elicitation;
    return isObject(elicitation) && !('form' in elicitation) && !('url' in elicitation);
  }

  private impliedReason(path: string): string {
    return `empty elicitation capability means ${path} in MCP ${this.revision}`;
  }
}

/**
 * An entry whose settings this tool does not understand (extension, experimental or unknown
 * capability, unknown member): absence is known to fail; presence satisfies an empty
 * requirement; a non-empty requirement is indeterminate (never claimed satisfied).
 */
function opaque(path: string, pointer: string, required: unknown, offered: unknown, kind: string): RequirementVerdict {
  if (offered === undefined)
    return { path, pointer, verdict: 'unsatisfied', reason: `the client does not declare ${kind} ${path}` };
  if (isObject(required) && Object.keys(required).length === 0) {
    return {
      path,
      pointer,
      verdict: 'satisfied',
      reason: `the client declares ${kind} ${path} and the requirement is empty`,
    };
  }
  return {
    path,
    pointer,
    verdict: 'indeterminate',
    reason: `the client declares ${kind} ${path}, but the required settings ${quote(required)} cannot be evaluated without understanding that ${kind}`,
  };
}
