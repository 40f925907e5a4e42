import type { Rule } from '../rule.js';
import { rules as capabilityRules } from './capabilities.js';
import { rules as clientRequirementRules } from './client-requirements.js';
import { rules as componentRules } from './components.js';
import { rules as extensionIdentifierRules } from './extension-identifiers.js';
import { rules as resourceIdentifierRules } from './resource-identifiers.js';
import { rules as securityRules } from './security.js';
import { rules as tagRules } from './tags.js';
import { rules as transportRules } from './transports.js';
import { rules as valueFormatRules } from './value-formats.js';

/** Rules of this family, in catalogue order. */
export const rules: readonly Rule[] = [
  ...transportRules,
  ...securityRules,
  ...capabilityRules,
  ...extensionIdentifierRules,
  ...clientRequirementRules,
  ...resourceIdentifierRules,
  ...tagRules,
  ...componentRules,
  ...valueFormatRules,
];
