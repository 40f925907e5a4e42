/** DOM helpers: every text goes in as a text node, never as markup (document values are untrusted). */

/** The element with `id`; the page template always has it, so a miss is a template bug. */
export function byId<T extends HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`playground page: #${id} is missing`);
  return element as T;
}

/** A new element with a class and text content. */
export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const created = document.createElement(tag);
  if (className) created.className = className;
  if (text !== undefined) created.textContent = text;
  return created;
}

/** Calls `run` once `delay` ms have passed without another call (typing settles). */
export function debounced(run: () => void, delay: number): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      run();
    }, delay);
  };
}
