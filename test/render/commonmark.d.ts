// The part of commonmark.js (which ships no types) the Markdown renderer tests use.
declare module 'commonmark' {
  export class Parser {
    parse(markdown: string): unknown;
  }
  export class HtmlRenderer {
    render(tree: unknown): string;
  }
}
