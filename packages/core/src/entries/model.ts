/**
 * `mcpdesc-core/model`: facts and values of the format: the shape tree, revisions, document tables, diagnostics, JSON helpers, for tools built on the core (the CLI,
 * the language server). Beside the public entry, these sub-entries are the only way into the core
 * from outside it: a name is exported here when a tool needs it, and a test holds the CLI to them.
 */
export { describeValue, maxValueDepth } from '../model/caller-values.js';
export { componentNamePattern, componentRefTarget, isReferenceObject, referenceTarget } from '../model/components.js';
export {
  compareDiagnostics,
  copyDiagnostic,
  type Diagnostic,
  hasErrors,
  type Position,
  type Range,
  severities,
  type Severity,
} from '../model/diagnostic.js';
export { didYouMeanText } from '../model/did-you-mean.js';
export {
  appliesTo,
  type ComponentNamespace,
  componentNamespaces,
  descriptionOnlyFields,
  effectiveScope,
  type ExampleMap,
  implementationFields,
  type PrimitiveCollection,
  primitiveCollections,
  type PrimitiveKind,
  primitiveKindByCollection,
  type PrimitiveKindInfo,
  primitiveKindOfCollection,
  primitiveKinds,
  rootScopeOf,
  toolAnnotationHintDefaults,
} from '../model/document.js';
export { canonicalJson, cloneJson, compareCodeUnits, identicalJson, jsonEqual, setOwn } from '../model/json.js';
export {
  escapePointerToken,
  getAtPointer,
  joinPointer,
  parsePointer,
  unescapePointerToken,
} from '../model/json-pointer.js';
export { listBounds } from '../model/list-bounds.js';
export {
  defines,
  formatRevisions,
  having,
  isRevision,
  lacking,
  type Revision,
  type RevisionFeature,
  revisionFeatures,
  revisions,
  sortRevisions,
} from '../model/revisions.js';
export { seededRandom } from '../model/seeded-random.js';
export {
  definesField,
  fieldGate,
  fieldOf,
  type FieldShape,
  isNodeName,
  type NodeName,
  nodeNames,
  nodeShape,
  nodeTypes,
  valuesOf,
  variantOf,
} from '../model/shape-tree.js';
export { shortJson } from '../model/short-json.js';
export {
  defaultSpecVersion,
  schemaUriOf,
  type SpecVersion,
  specVersionList,
  specVersionOf,
} from '../model/spec-versions.js';
export { isObject, type JsonObject, ownEntry } from '../model/values.js';
