/**
 * Scalar resolution of the restricted YAML profile (spec 15.3.3): the YAML 1.2.2 JSON schema,
 * where plain scalars that match none of its forms are strings — except the forms that the
 * YAML 1.2.2 core schema reads as something else (`~`, `True`, `0x1F`, `.inf`...): there the
 * author's intent is unknowable, so they are rejected and must be quoted. The table with every
 * decision is in docs/yaml-profile.md. The serializer uses the same functions to decide quoting.
 */

export type Resolution =
  | { ok: true; value: null | boolean | number | string }
  | { ok: false; code: 'non-finite-number' | 'ambiguous-scalar' | 'tag-mismatch'; expected: string };

const jsonInteger = /^-?(?:0|[1-9][0-9]*)$/;
const jsonFloat = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?$/;
const nonFinite = /^(?:[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;
/** Core-schema (YAML 1.2.2 10.3.2) forms the JSON schema does not share. */
const coreOnly =
  /^(?:~|Null|NULL|True|TRUE|False|FALSE|[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+|[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?)$/;

const ambiguous = (expected: string): Resolution => ({ ok: false, code: 'ambiguous-scalar', expected });

function number(text: string): Resolution {
  const value = Number(text);
  if (!Number.isFinite(value))
    return { ok: false, code: 'non-finite-number', expected: 'a finite number (JSON numbers are finite doubles)' };
  return { ok: true, value };
}

/**
 * The value of a plain (unquoted, untagged) scalar, or undefined when `resolvePlain` rejects it
 * (the decoder's per-scalar path: no result object is allocated for the usual scalar).
 */
export function plainScalarValue(text: string): null | boolean | number | string | undefined {
  if (text === 'null') return null;
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (text === '') return undefined;
  const first = text.charCodeAt(0);
  // Only scalars starting with a digit, '-', '+', '.', '~', 'N', 'T', 'F' can be numbers or core-schema forms.
  if (
    (first >= 48 && first <= 57) ||
    first === 45 ||
    first === 43 ||
    first === 46 ||
    first === 126 ||
    first === 78 ||
    first === 84 ||
    first === 70
  ) {
    if (jsonInteger.test(text) || jsonFloat.test(text)) {
      const value = Number(text);
      return Number.isFinite(value) ? value : undefined;
    }
    if (nonFinite.test(text) || coreOnly.test(text)) return undefined;
  }
  return text;
}

/** A plain (unquoted, untagged) scalar; `''` is an empty node such as `key:` with no value. */
export function resolvePlain(text: string): Resolution {
  const value = plainScalarValue(text);
  if (value !== undefined) return { ok: true, value };
  // Rejected: say why (only these four ways reach here; see plainScalarValue).
  if (text === '') return ambiguous('an explicit value: null, or "" for an empty string');
  if (jsonInteger.test(text) || jsonFloat.test(text)) return number(text);
  if (nonFinite.test(text))
    return { ok: false, code: 'non-finite-number', expected: 'a finite number; JSON has no infinity or NaN' };
  return ambiguous(`"${text}" in quotes for a string, or JSON syntax (null, true, false, 10, 0.5) for another type`);
}

/** The scalar content under an explicit standard tag (the JSON schema's tags only). */
export function resolveTagged(tag: string, text: string): Resolution {
  switch (tag) {
    case 'tag:yaml.org,2002:str':
      return { ok: true, value: text };
    case 'tag:yaml.org,2002:null':
      return text === 'null' || text === ''
        ? { ok: true, value: null }
        : { ok: false, code: 'tag-mismatch', expected: 'null' };
    case 'tag:yaml.org,2002:bool':
      return text === 'true' || text === 'false'
        ? { ok: true, value: text === 'true' }
        : { ok: false, code: 'tag-mismatch', expected: 'true or false' };
    case 'tag:yaml.org,2002:int':
      return jsonInteger.test(text)
        ? number(text)
        : { ok: false, code: 'tag-mismatch', expected: 'an integer in JSON syntax' };
    case 'tag:yaml.org,2002:float':
      if (nonFinite.test(text))
        return { ok: false, code: 'non-finite-number', expected: 'a finite number; JSON has no infinity or NaN' };
      return jsonFloat.test(text)
        ? number(text)
        : { ok: false, code: 'tag-mismatch', expected: 'a number in JSON syntax' };
    default:
      throw new Error(`not a scalar tag of the profile: ${tag}`);
  }
}

export const scalarTags: ReadonlySet<string> = new Set(
  ['str', 'null', 'bool', 'int', 'float'].map((t) => `tag:yaml.org,2002:${t}`),
);

/** True when `text` written as a plain scalar reads back as the same string in every YAML 1.1/1.2 schema. */
export function isPlainSafeString(text: string): boolean {
  if (
    !/^[A-Za-z_/][A-Za-z0-9 _./@()+,;:'=-]*$/.test(text) ||
    text.endsWith(' ') ||
    text.endsWith(':') ||
    text.includes(': ')
  )
    return false;
  if (/^(?:y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF)$/.test(text)) return false;
  return plainScalarValue(text) === text;
}
