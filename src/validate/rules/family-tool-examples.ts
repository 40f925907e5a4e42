import type { Rule } from '../rule.js';
import { interactionExampleRules } from './interaction-examples.js';
import { metaKeysRule } from './meta-keys.js';
import { toolExampleRules } from './tool-examples.js';

/** Rules of this family, in catalogue order: `_meta` keys (3.5), Named Tool Examples (9.3), Tool Interaction Examples (9.4). */
export const rules: readonly Rule[] = [metaKeysRule, ...toolExampleRules, ...interactionExampleRules];
