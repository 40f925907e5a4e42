/**
 * What the "split into protocol-scoped variants" messages add: the commands that do the split,
 * so that an author covering several revisions writes one file per revision instead of variants.
 */
export const splitAdvice = '`mcpdesc split` writes one file per revision and `mcpdesc merge` joins them again';
