/** Whether a string has no unpaired surrogate, i.e. it can be written as UTF-8 (and as YAML). */
export function isWellFormedText(text: string): boolean {
  // String.prototype.isWellFormed exists from Node 20; the project's lib target predates its typing.
  return (text as string & { isWellFormed(): boolean }).isWellFormed();
}
