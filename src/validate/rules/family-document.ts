import type { Rule } from '../rule.js';
import { rules as componentRules } from './components.js';
import { rules as tagRules } from './tags.js';
import { rules as transportRules } from './transports.js';

/** Rules of this family, in catalogue order. */
export const rules: readonly Rule[] = [
  ...transportRules,
  ...tagRules,
  ...componentRules,
];
