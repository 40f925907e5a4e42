/** A value as JSON text for a message, shortened with an ellipsis past `max` characters. */
export function shortJson(value: unknown, max: number): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value); // cycles or BigInt: never from decoded documents, but never a crash either
  }
  return text.length > max ? text.slice(0, max - 1) + '…' : text;
}
