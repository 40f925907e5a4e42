import { joinPointer } from '../../model/json-pointer.js';
import { raw, type Rule, type RuleDocs } from '../../validate/rule.js';
import { annotationsOf, toolLabel } from '../tool-name.js';
import { assertedProseWordIn, nameTokenIn } from '../words.js';
import { exampleDocument, exampleTool } from '../example-document.js';

/** Words of the guide's decision rule for destructive tools ("deletes, overwrites or sends"), and creating. */
const writeWords = new Set([
  'delete',
  'deletes',
  'remove',
  'removes',
  'send',
  'sends',
  'create',
  'creates',
  'overwrite',
  'overwrites',
]);
const destructiveWords = new Set([
  'delete',
  'deletes',
  'remove',
  'removes',
  'overwrite',
  'overwrites',
  'destroy',
  'destroys',
  'erase',
  'erases',
  'purge',
  'purges',
]);

export function docs(): RuleDocs {
  return {
    summary:
      'Annotations agree with each other and with what the tool says it does: no read-only destructive tool, no read-only tool that deletes, removes, sends or creates.',
    bad: exampleDocument({
      tools: [
        exampleTool({
          annotations: { readOnlyHint: true, destructiveHint: true, idempotentHint: true, openWorldHint: false },
        }),
      ],
    }),
    good: exampleDocument({ tools: [exampleTool()] }),
  };
}

export const rule: Rule = {
  id: 'lint.tool.annotations.consistent',
  kind: 'lint',
  spec: 'guide 2',
  severity: 'error',
  codes: {
    'read-only-destructive':
      'tool {name} sets readOnlyHint: true and destructiveHint: true; a read-only tool does not modify its environment, so it cannot be destructive',
    'read-only-write-wording': {
      severity: 'info',
      message:
        'tool {name} is marked readOnlyHint: true but its {where} says {word}; review the annotation (a false read-only hint removes the confirmation prompt the user relies on)',
    },
    'destructive-wording-not-destructive': {
      severity: 'info',
      message:
        'tool {name} sets destructiveHint: false but its {where} says {word}; a tool that deletes or overwrites states destructiveHint: true',
    },
  },
  create(ctx) {
    return {
      primitive(node) {
        if (node.kind !== 'tool') return;
        const annotations = annotationsOf(node.value);
        if (!annotations) return;
        // Label and pointer are made only for a report.
        const name = (): ReturnType<typeof raw> => raw(toolLabel(node.value));
        const at = (): string => joinPointer(node.pointer, 'annotations');
        const findWord = (set: ReadonlySet<string>): { where: string; word: string } | undefined => {
          if (typeof node.value.name === 'string') {
            const hit = nameTokenIn(node.value.name, set);
            if (hit) return { where: 'name', word: hit };
          }
          if (typeof node.value.description === 'string') {
            // "Does NOT send" says the opposite of "sends": a negated word is no evidence.
            const hit = assertedProseWordIn(node.value.description, set);
            if (hit) return { where: 'description', word: hit };
          }
          return undefined;
        };
        if (annotations.readOnlyHint === true) {
          if (annotations.destructiveHint === true)
            ctx.report('read-only-destructive', joinPointer(at(), 'destructiveHint'), { values: { name: name() } });
          const hit = findWord(writeWords);
          if (hit)
            ctx.report('read-only-write-wording', joinPointer(at(), 'readOnlyHint'), {
              values: { name: name(), where: raw(hit.where), word: hit.word },
            });
        } else if (annotations.destructiveHint === false) {
          const hit = findWord(destructiveWords);
          if (hit)
            ctx.report('destructive-wording-not-destructive', joinPointer(at(), 'destructiveHint'), {
              values: { name: name(), where: raw(hit.where), word: hit.word },
            });
        }
      },
    };
  },
};
