import { havingField } from '../../model/shape-tree.js';
import { joinPointer } from '../../model/json-pointer.js';
import { raw, type Rule, type RuleDocs } from '../../validate/rule.js';
import { annotationsOf, toolLabel } from '../tool-name.js';
import { exampleDocument, exampleTool } from '../example-document.js';

export function docs(): RuleDocs {
  return {
    summary:
      'Every tool has a human-readable title (display falls back to the programmatic name), consistent with annotations.title.',
    bad: exampleDocument({ tools: [exampleTool({ title: undefined })] }),
    good: exampleDocument({ tools: [exampleTool()] }),
  };
}

export const rule: Rule = {
  id: 'lint.tool.title',
  kind: 'lint',
  spec: 'guide 3',
  severity: 'warning',
  codes: {
    'missing-title':
      'tool {name} has no title and no annotations.title, so clients display its programmatic name; set title in the words a non-specialist would use',
    'annotations-title-differs': {
      severity: 'info',
      message:
        'annotations.title {value} differs from title {title}; clients display title, so the two labels disagree',
    },
    'title-is-name': {
      severity: 'info',
      message:
        'the title of tool {name} repeats its programmatic name; write it in the words a non-specialist would use',
    },
  },
  create(ctx) {
    return {
      primitive(node) {
        if (node.kind !== 'tool') return;
        const tool = node.value;
        const annotations = annotationsOf(tool);
        const title = tool.title;
        const annotationsTitle = annotations?.title;
        if (title === undefined && annotationsTitle === undefined) {
          // Only where some revision of the tool's scope can carry a title.
          if (
            havingField(node.scope, 'Tool', 'title').length === 0 &&
            havingField(node.scope, 'Tool', 'annotations').length === 0
          )
            return;
          ctx.report('missing-title', node.pointer, { values: { name: raw(toolLabel(tool)) } });
          return;
        }
        if (typeof title === 'string' && typeof annotationsTitle === 'string' && title !== annotationsTitle) {
          ctx.report('annotations-title-differs', joinPointer(node.pointer, 'annotations', 'title'), {
            values: { value: annotationsTitle, title },
          });
        }
        const shown = typeof title === 'string' ? title : annotationsTitle;
        if (typeof shown === 'string' && shown === tool.name) {
          const at =
            typeof title === 'string'
              ? joinPointer(node.pointer, 'title')
              : joinPointer(node.pointer, 'annotations', 'title');
          ctx.report('title-is-name', at, { values: { name: raw(toolLabel(tool)) } });
        }
      },
    };
  },
};
