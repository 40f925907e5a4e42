import type { PrimitiveKindInfo } from 'mcpdesc-core/model';

/**
 * Fields compared per primitive kind: the native fields but the identity, the Tool schemas and
 * Tool annotations (those are compared semantically).
 */
export function comparedFields(info: PrimitiveKindInfo): string[] {
  return info.nativeFields.filter(
    (key) =>
      key !== info.identity &&
      !(info.schemaRoles as readonly string[]).includes(key) &&
      !(info.kind === 'tool' && key === 'annotations'),
  );
}
