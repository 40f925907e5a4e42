/**
 * The editor: a plain <textarea> with a line-number gutter beside it. Small, accessible and
 * native (undo, IME, spell-check off); the gutter is text, scrolled with the textarea.
 */
import type { Range } from 'mcpdesc-core';
import { lineStarts, positionOf, selectionOf } from './positions.js';

export class Editor {
  private shownLines = 0;

  constructor(
    readonly textarea: HTMLTextAreaElement,
    private readonly gutter: HTMLElement,
  ) {
    textarea.addEventListener('scroll', () => this.syncScroll());
    this.refreshGutter();
  }

  get text(): string {
    return this.textarea.value;
  }

  /** Replaces the whole text (a conversion); undo history is the browser's. */
  set text(value: string) {
    this.textarea.value = value;
    this.textarea.setSelectionRange(0, 0);
    this.textarea.scrollTop = 0;
    this.refreshGutter();
  }

  /** Renumbers the gutter when the line count changed. */
  refreshGutter(): void {
    const lines = lineStarts(this.textarea.value).length;
    if (lines !== this.shownLines) {
      const numbers: string[] = [];
      for (let n = 1; n <= lines; n++) numbers.push(String(n));
      this.gutter.textContent = numbers.join('\n') + '\n';
      this.shownLines = lines;
    }
    this.syncScroll();
  }

  /** Selects a diagnostic's range, focuses the editor and scrolls its line into view. */
  select(range: Range): void {
    const [start, end] = selectionOf(this.textarea.value, range);
    this.textarea.focus();
    this.textarea.setSelectionRange(start, end);
    const lineHeight = parseFloat(getComputedStyle(this.textarea).lineHeight) || 18;
    const top = (range.start.line - 1) * lineHeight;
    const { scrollTop, clientHeight } = this.textarea;
    if (top < scrollTop || top + lineHeight > scrollTop + clientHeight) {
      this.textarea.scrollTop = Math.max(0, top - clientHeight / 3);
    }
    this.syncScroll();
  }

  /** The caret's line and column, 1-based. */
  caret(): { line: number; column: number } {
    return positionOf(lineStarts(this.textarea.value), this.textarea.selectionStart);
  }

  private syncScroll(): void {
    this.gutter.scrollTop = this.textarea.scrollTop;
  }
}
