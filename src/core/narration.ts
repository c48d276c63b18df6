/** The demo commands' narration: lines of text, and headings underlined with dashes. */
export interface Narration {
  readonly lines: string[];
  line(text?: string): void;
  /** A blank line, the heading, and a dashed underline as long as it. */
  heading(text: string): void;
}

export function narration(): Narration {
  const lines: string[] = [];
  const line = (text = "") => {
    lines.push(text);
  };
  return {
    lines,
    line,
    heading(text: string) {
      line();
      line(text);
      line("-".repeat(text.length));
    },
  };
}
