import type { Rule } from '../rule.js';
import { declarationFieldsRule } from './declaration-fields.js';
import { elicitationRules } from './elicitations.js';
import { toolSchemaRules } from './tool-schemas.js';
import { xMcpHeaderRule } from './x-mcp-header.js';

/** Rules of this family, in catalogue order. */
export const rules: readonly Rule[] = [declarationFieldsRule, ...toolSchemaRules, xMcpHeaderRule, ...elicitationRules];
