import type { Rule } from '../rule.js';
import {
  completionExampleArgumentsRule,
  completionProtocolVersionRule,
  completionResultMembersRule,
} from './completion-examples.js';
import { promptExampleArgumentsRule, promptResultMembersRule } from './prompt-examples.js';
import {
  primitiveCompletedResultFormRule,
  resourceExampleConsistencyRule,
  resourceResultMembersRule,
} from './resource-examples.js';
import { templateExampleUriRule } from './template-examples.js';

/** Rules of this family, in catalogue order. */
export const rules: readonly Rule[] = [
  resourceResultMembersRule,
  templateExampleUriRule,
  resourceExampleConsistencyRule,
  promptExampleArgumentsRule,
  promptResultMembersRule,
  completionExampleArgumentsRule,
  completionProtocolVersionRule,
  completionResultMembersRule,
  primitiveCompletedResultFormRule,
];
