import { joinPointer } from '../../model/json-pointer.js';
import { clientCapabilityShapes, formatRevisions, type Revision } from '../../model/revisions.js';
import { hasOwn, isObject, ownEntry } from '../../model/values.js';
import { namedByToolsSection, raw, type Rule, type RuleDocs } from '../rule.js';
import { exampleNote } from '../mcp/example-use-site.js';
import { stepsOf } from '../mcp/interaction-steps.js';
import { interactionDocument, rootsStep } from '../mcp/rule-docs.js';

/** The client capability a step kind uses. */
const stepCapability: Record<string, string> = { elicitation: 'elicitation', sampling: 'sampling', roots: 'roots' };

export function docs(): RuleDocs {
  return {
    summary:
      "Warns when an interaction scenario uses a client capability (or member) that the Tool's explicit clientRequirements does not list.",
    bad: interactionDocument([rootsStep('file:///workspace/example')], { clientRequirements: { sampling: {} } }),
    good: interactionDocument([rootsStep('file:///workspace/example')], { clientRequirements: { roots: {} } }),
  };
}

/** A scenario that uses a client capability an explicit clientRequirements omits contradicts it (9.4: SHOULD warn). */
export const rule: Rule = {
  id: 'mcpdesc.tool.interaction.client-requirements-consistency',
  kind: 'conformance',
  spec: '9.4',
  namedBy: namedByToolsSection,
  severity: 'warning',
  codes: {
    'capability-not-required':
      "this {kind} step uses the client {capability} capability, which the Tool's explicit clientRequirements does not list (MCP {revisions})",
  },
  create(ctx) {
    return {
      example(node) {
        const requirements = node.owner.value.clientRequirements;
        if (!isObject(requirements)) return; // no explicit requirements: nothing is inferred
        const note = exampleNote(node);
        const warn = (pointer: string, kind: string, capability: string, revisions: readonly Revision[]): void => {
          if (revisions.length)
            ctx.report('capability-not-required', pointer, {
              ...note,
              values: { kind: raw(kind), capability: raw(capability), revisions: raw(formatRevisions(revisions)) },
            });
        };
        /** Revisions where `capability.member` is a recognised, non-deprecated member. */
        const memberIn = (capability: string, member: string): Revision[] =>
          node.scope.filter((r) => {
            const shape = clientCapabilityShapes[r];
            const members = shape.members[capability];
            return (
              Array.isArray(members) &&
              members.includes(member) &&
              !shape.deprecated.includes(`${capability}.${member}`)
            );
          });
        const capabilityIn = (capability: string): Revision[] =>
          node.scope.filter((r) => clientCapabilityShapes[r].capabilities.includes(capability));
        for (const step of stepsOf(node)) {
          const capability = ownEntry(stepCapability, step.type);
          if (!capability) continue;
          if (!hasOwn(requirements, capability)) {
            warn(joinPointer(step.pointer, 'type'), step.type, capability, capabilityIn(capability));
            continue;
          }
          const declared = requirements[capability];
          if (!isObject(declared) || !isObject(step.request)) continue;
          if (step.type === 'elicitation') {
            const mode = step.request.mode;
            if (mode !== 'form' && mode !== 'url') continue;
            // An elicitation capability without form or url members supports form mode only.
            const supports = hasOwn(declared, mode) || (mode === 'form' && !hasOwn(declared, 'url'));
            if (!supports)
              warn(
                joinPointer(step.pointer, 'request', 'mode'),
                step.type,
                `elicitation.${mode}`,
                memberIn('elicitation', mode),
              );
          } else if (step.type === 'sampling') {
            if ((hasOwn(step.request, 'tools') || hasOwn(step.request, 'toolChoice')) && !hasOwn(declared, 'tools')) {
              warn(
                joinPointer(step.pointer, 'request', hasOwn(step.request, 'tools') ? 'tools' : 'toolChoice'),
                step.type,
                'sampling.tools',
                memberIn('sampling', 'tools'),
              );
            }
            const context = step.request.includeContext;
            if ((context === 'thisServer' || context === 'allServers') && !hasOwn(declared, 'context')) {
              warn(
                joinPointer(step.pointer, 'request', 'includeContext'),
                step.type,
                'sampling.context',
                memberIn('sampling', 'context'),
              );
            }
          }
        }
      },
    };
  },
};
