/** A JSON pointer as people read it: the root pointer '' would print as nothing, so it is named. */
export function pointerLabel(pointer: string): string {
  return pointer === '' ? 'document root' : pointer;
}
