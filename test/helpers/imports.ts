/** What a built module imports, read off its code (the tests check the packages' import rules with it). */

const patterns = [
  /\b(?:import|export)\s[^;'"]*?\bfrom\s*['"]([^'"]+)['"]/g,
  /\bimport\s*['"]([^'"]+)['"]/g,
  /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
];

/** Specifiers of static imports and re-exports, side-effect imports and dynamic `import()`, each once. */
export function importSpecifiers(code: string): string[] {
  return [...new Set(patterns.flatMap((pattern) => [...code.matchAll(pattern)].map((match) => match[1]!)))];
}

export const relativeImports = (code: string): string[] =>
  importSpecifiers(code).filter((specifier) => specifier.startsWith('.'));

/** Bare specifiers (packages), Node built-ins (`node:`) left out. */
export const packageImports = (code: string): string[] =>
  importSpecifiers(code).filter((specifier) => !specifier.startsWith('.') && !specifier.startsWith('node:'));

/** The package a bare specifier names (`@scope/name/sub` -> `@scope/name`). */
export const packageName = (specifier: string): string =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;
