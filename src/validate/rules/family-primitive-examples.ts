import type { Rule } from '../rule.js';

/** Rules of this family, in catalogue order. */
export const rules: readonly Rule[] = [];
