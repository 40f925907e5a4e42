/** A consumer that misuses the types: type-checking it must fail (test/packages/types.test.ts). */
import { merge, validate } from 'mcpdesc-core';

const result = validate('{}', { format: 'json' });
// The document is only typed once `valid` is checked.
export const name: string = result.document.info.name;
// A failed operation has no value.
export const merged: string = merge([]).value.info.name;
