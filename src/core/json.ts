/**
 * A strict JSON reader (RFC 8259) for the `rules` command's scenarios, with
 * limits no scenario comes near, so hostile text fails fast and says where.
 *
 * - Positions are "line L, column C", both 1-based; columns count characters
 *   (Unicode code points: "é" and "🙂" are one character each, a tab is one),
 *   not bytes or UTF-16 units. A line ends at LF, CRLF or a lone CR.
 * - A byte order mark (U+FEFF) at the very start is skipped and not counted;
 *   one anywhere else, inside a string or out, is an error.
 * - A key may appear only once in an object; a number must be one a double
 *   holds (`1e400` and `1e-400` are refused, not read as Infinity or 0).
 * - Nesting, strings and number literals have caps (JsonLimits); over one is
 *   a InputError("scenarioLimit"); anything else is InputError("scenarioJson").
 */
import { echoChar, echoString } from "./echo.js";
import { InputError } from "./errors.js";
import { english } from "./messages.js";

export interface JsonLimits {
  /** Most arrays and objects inside one another. */
  depth: number;
  /** Longest string (keys included), in characters. */
  string: number;
  /** Longest number literal, in characters. */
  number: number;
}

/** The scenario's limits: its deepest field is 5 levels down (defender.outfit[i].covers[j]). */
export const SCENARIO_JSON_LIMITS: Readonly<JsonLimits> = Object.freeze({ depth: 16, string: 1000, number: 32 });

const BOM = 0xfeff;
const say = (key: string, params: Record<string, string | number> = {}) => english(`CYCHOSYS.Json.${key}`, params);

/** Line and column (1-based, in characters) of a UTF-16 index, counting from `start` (after a skipped BOM). */
export function lineAndColumn(text: string, index: number, start = 0): { line: number; column: number } {
  let line = 1;
  let column = 1;
  for (let i = start; i < index && i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 10 || (code === 13 && text.charCodeAt(i + 1) !== 10)) {
      line++;
      column = 1;
    } else if ((code & 0xfc00) !== 0xdc00 || (text.charCodeAt(i - 1) & 0xfc00) !== 0xd800) {
      column++;
    }
  }
  return { line, column };
}

class Reader {
  private i = 0;
  private readonly start: number;

  constructor(
    private readonly text: string,
    private readonly limits: JsonLimits,
  ) {
    // A BOM at the very start is skipped (and not counted in columns).
    this.start = text.charCodeAt(0) === BOM ? 1 : 0;
    this.i = this.start;
  }

  read(): unknown {
    this.space();
    if (this.i >= this.text.length) this.fail("empty", this.i);
    const value = this.value(1);
    this.space();
    if (this.i < this.text.length) this.fail("trailing", this.i, { char: this.charAt(this.i) });
    return value;
  }

  private where(index: number) {
    return lineAndColumn(this.text, index, this.start);
  }

  private charAt(index: number): string {
    return echoChar(this.text, index);
  }

  private fail(key: string, index: number, params: Record<string, string | number> = {}, code: "scenarioJson" | "scenarioLimit" = "scenarioJson"): never {
    if (this.text.charCodeAt(index) === BOM && key !== "empty") key = "bom";
    throw new InputError(code, { problem: say(key, { ...params, ...this.where(index) }) });
  }

  private limit(key: string, index: number, max: number): never {
    this.fail(key, index, { max }, "scenarioLimit");
  }

  private space(): void {
    const t = this.text;
    while (this.i < t.length) {
      const c = t.charCodeAt(this.i);
      if (c !== 32 && c !== 9 && c !== 10 && c !== 13) return;
      this.i++;
    }
  }

  private expect(what: string): never {
    if (this.i >= this.text.length) this.fail("end", this.i, { expected: say(`expect.${what}`) });
    this.fail("expected", this.i, { expected: say(`expect.${what}`), char: this.charAt(this.i) });
  }

  private value(depth: number): unknown {
    const t = this.text;
    const c = t.charCodeAt(this.i);
    if (c === 34) return this.string();
    if (c === 123 || c === 91) {
      if (depth > this.limits.depth) this.limit("depth", this.i, this.limits.depth);
      return c === 123 ? this.object(depth) : this.array(depth);
    }
    if (c === 45 || (c >= 48 && c <= 57)) return this.number();
    for (const [word, value] of [["true", true], ["false", false], ["null", null]] as const) {
      if (t.startsWith(word, this.i)) {
        this.i += word.length;
        return value;
      }
    }
    return this.expect("value");
  }

  private object(depth: number): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    this.i++;
    this.space();
    if (this.text.charCodeAt(this.i) === 125) {
      this.i++;
      return out;
    }
    for (;;) {
      if (this.text.charCodeAt(this.i) !== 34) this.expect("key");
      const at = this.i;
      const key = this.string();
      if (Object.hasOwn(out, key)) this.fail("duplicateKey", at, { key: echoString(key) });
      this.space();
      if (this.text.charCodeAt(this.i) !== 58) this.expect("colon");
      this.i++;
      this.space();
      // defineProperty: a "__proto__" key is an own field like any other (and then an unknown one).
      Object.defineProperty(out, key, { value: this.value(depth + 1), enumerable: true, writable: true, configurable: true });
      this.space();
      const next = this.text.charCodeAt(this.i);
      this.i++;
      if (next === 125) return out;
      if (next !== 44) {
        this.i--;
        this.expect("commaOrBrace");
      }
      this.space();
    }
  }

  private array(depth: number): unknown[] {
    const out: unknown[] = [];
    this.i++;
    this.space();
    if (this.text.charCodeAt(this.i) === 93) {
      this.i++;
      return out;
    }
    for (;;) {
      out.push(this.value(depth + 1));
      this.space();
      const next = this.text.charCodeAt(this.i);
      this.i++;
      if (next === 93) return out;
      if (next !== 44) {
        this.i--;
        this.expect("commaOrBracket");
      }
      this.space();
    }
  }

  private string(): string {
    const t = this.text;
    const open = this.i;
    let out = "";
    let from = ++this.i;
    let length = 0;
    for (;;) {
      if (this.i >= t.length) this.fail("unclosedString", open);
      const c = t.charCodeAt(this.i);
      if (c === 34) break;
      if (++length > this.limits.string) this.limit("stringLength", open, this.limits.string);
      if (c < 0x20) this.fail("controlInString", this.i, { char: this.charAt(this.i) });
      if (c === BOM) this.fail("bom", this.i);
      if (c === 92) {
        out += t.slice(from, this.i);
        out += this.escape();
        from = this.i;
        continue;
      }
      // The second half of a surrogate pair is not a character of its own.
      if ((c & 0xfc00) === 0xd800 && (t.charCodeAt(this.i + 1) & 0xfc00) === 0xdc00) this.i++;
      this.i++;
    }
    out += t.slice(from, this.i);
    this.i++;
    return out;
  }

  private escape(): string {
    const t = this.text;
    const at = this.i;
    const c = t[this.i + 1];
    this.i += 2;
    switch (c) {
      case '"':
      case "\\":
      case "/":
        return c;
      case "b":
        return "\b";
      case "f":
        return "\f";
      case "n":
        return "\n";
      case "r":
        return "\r";
      case "t":
        return "\t";
      case "u": {
        const hex = t.slice(this.i, this.i + 4);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail("badUnicodeEscape", at);
        this.i += 4;
        const code = parseInt(hex, 16);
        if (code === BOM) this.fail("bom", at);
        return String.fromCharCode(code);
      }
      default:
        if (c === undefined) this.fail("unclosedString", at);
        return this.fail("badEscape", at, { char: this.charAt(at + 1) });
    }
  }

  private number(): number {
    const t = this.text;
    const start = this.i;
    const digits = () => {
      const from = this.i;
      while (this.i < t.length && t.charCodeAt(this.i) >= 48 && t.charCodeAt(this.i) <= 57) {
        this.i++;
        if (this.i - start > this.limits.number) this.limit("numberLength", start, this.limits.number);
      }
      return this.i - from;
    };
    if (t.charCodeAt(this.i) === 45) this.i++;
    if (t.charCodeAt(this.i) === 48) this.i++;
    else if (digits() === 0) this.expect("digit");
    if (t.charCodeAt(this.i) === 46) {
      this.i++;
      if (digits() === 0) this.expect("digit");
    }
    const mantissaEnd = this.i;
    if (t.charCodeAt(this.i) === 101 || t.charCodeAt(this.i) === 69) {
      this.i++;
      if (t.charCodeAt(this.i) === 43 || t.charCodeAt(this.i) === 45) this.i++;
      if (digits() === 0) this.expect("digit");
    }
    if (this.i - start > this.limits.number) this.limit("numberLength", start, this.limits.number);
    const literal = t.slice(start, this.i);
    const value = Number(literal);
    // Too large (Infinity) or too small (a non-zero literal read as 0) for a double.
    if (!Number.isFinite(value) || (value === 0 && /[1-9]/.test(t.slice(start, mantissaEnd)))) {
      this.fail("numberRange", start, { number: literal });
    }
    return value;
  }
}

/** Read JSON text under the given limits; every problem is a InputError whose message says where. */
export function readJson(text: string, limits: JsonLimits = SCENARIO_JSON_LIMITS): unknown {
  return new Reader(text, limits).read();
}
