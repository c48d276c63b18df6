/**
 * Small fakes of the few Foundry globals the system's glue touches, installed
 * on import (import this module before any module that extends a Foundry
 * class). Each fake does only what the tests need — like pf2e's test stubs.
 */

/** A field fake that records its constructor arguments. */
class FakeField {
  constructor(
    readonly options: Record<string, unknown> = {},
    readonly kind = "DataField",
  ) {}
}
/** A field fake of a kind that takes only options. */
const simpleField = (kind: string) =>
  class extends FakeField {
    constructor(options?: Record<string, unknown>) {
      super(options, kind);
    }
  };
const NumberField = simpleField("NumberField");
const StringField = simpleField("StringField");
const HTMLField = simpleField("HTMLField");
const BooleanField = simpleField("BooleanField");
class ArrayField extends FakeField {
  constructor(
    readonly element: FakeField,
    options?: Record<string, unknown>,
  ) {
    super(options, "ArrayField");
  }
}
class SchemaField extends FakeField {
  constructor(
    readonly fields: Record<string, FakeField>,
    options?: Record<string, unknown>,
  ) {
    super(options, "SchemaField");
  }
}
export const fakeFields = { NumberField, StringField, HTMLField, BooleanField, ArrayField, SchemaField };

/** TypeDataModel: holds its source's keys and a parent; migrateData passes through. */
class TypeDataModel {
  parent: unknown;
  constructor(source: Record<string, unknown> = {}, options: { parent?: unknown } = {}) {
    Object.assign(this, structuredClone(source));
    this.parent = options.parent ?? null;
  }
  static migrateData(source: Record<string, unknown>) {
    return source;
  }
  prepareDerivedData() {}
}

/** Die: `roll()` draws the next face from `FakeDie.faces` and records it, as Foundry's does. */
class Die {
  static DENOMINATION = "d";
  static faces: number[] = [];
  results: { result: number; active: boolean; count?: number }[] = [];
  modifiers: string[] = [];
  number: number;
  faces: number;
  _number: number;
  constructor(data: { number?: number; faces?: number; modifiers?: string[] } = {}) {
    this.number = data.number ?? 1;
    this._number = this.number;
    this.faces = data.faces ?? 6;
    this.modifiers = data.modifiers ?? [];
  }
  async roll() {
    const face = Die.faces.shift();
    if (face === undefined) throw new Error("no face queued");
    const result = { result: face, active: true } as { result: number; active: boolean; count?: number };
    this.results.push(result);
    return result;
  }
  async evaluate() {
    for (let i = 0; i < this.number; i++) await this.roll();
    return this;
  }
  /** Foundry's DiceTerm total: active results, `count` when present. */
  get total() {
    return this.results.reduce((t, r) => (r.active ? t + (r.count ?? r.result) : t), 0);
  }
  getResultLabel(result: { result: number }) {
    return String(result.result);
  }
  getResultCSS(_result: unknown): (string | null)[] {
    return ["die", `d${this.faces}`];
  }
}

/** Roll: a formula of `NdX` terms and `+ n` / `- n` numbers; `_evaluateTotal` sums the terms. */
class Roll {
  static CHAINED: string[] = [];
  terms: (Die | number)[] = [];
  total: number | undefined;
  constructor(readonly formula: string, readonly data: object = {}, readonly options: Record<string, unknown> = {}) {
    const g = globalThis as unknown as { CONFIG: { Dice: { terms: Record<string, new (d: object) => Die> } } };
    const parts = formula.replace(/\s+/g, "").match(/[+-]?[^+-]+/g) ?? [];
    for (const part of parts) {
      const dice = /^\+?(\d+)d(\w)$/.exec(part);
      if (dice) {
        const Term = g.CONFIG.Dice.terms[dice[2]!] ?? Die;
        this.terms.push(new Term({ number: Number(dice[1]) }));
      } else this.terms.push(Number(part));
    }
  }
  get dice(): Die[] {
    return this.terms.filter((t): t is Die => t instanceof Die);
  }
  protected _evaluateTotal(): number {
    return this.terms.reduce<number>((sum, t) => sum + (typeof t === "number" ? t : t.total), 0);
  }
  async evaluate() {
    for (const die of this.dice) await die.evaluate();
    this.total = this._evaluateTotal();
    return this;
  }
}

class ApplicationV2 {
  static DEFAULT_OPTIONS = {};
}
const HandlebarsApplicationMixin = <T>(base: T) => base;

/** Document bases: enough of Actor and Item for the document classes to be defined and driven. */
class FakeDocument {
  [key: string]: unknown;
  constructor(data: Record<string, unknown> = {}) {
    Object.assign(this, data);
  }
  updates: Record<string, unknown>[] = [];
  async update(changes: Record<string, unknown>) {
    this.updates.push(changes);
    for (const [path, value] of Object.entries(changes)) setPath(this as Record<string, unknown>, path, value);
    return this;
  }
}
function setPath(target: Record<string, unknown>, path: string, value: unknown) {
  const keys = path.split(".");
  let node = target;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[keys.at(-1)!] = value;
}

export const notifications = { info: [] as string[], warn: [] as string[], error: [] as string[] };
/** Sheets registered through DocumentSheetConfig: [document class name, sheet class name, types]. */
export const registeredSheets: [string, string, string[]][] = [];
export const loadedTemplates: string[] = [];
export const createdMessages: Record<string, unknown>[] = [];
export const renderedTemplates: { path: string; context: unknown }[] = [];

const g = globalThis as Record<string, unknown>;
g.foundry = {
  abstract: { TypeDataModel },
  data: { fields: fakeFields },
  dice: { terms: { Die }, Roll },
  applications: {
    api: { ApplicationV2, HandlebarsApplicationMixin },
    sheets: { ActorSheetV2: class ActorSheetV2 extends ApplicationV2 {}, ItemSheetV2: class ItemSheetV2 extends ApplicationV2 {} },
    apps: {
      DocumentSheetConfig: {
        registerSheet: (documentClass: { name: string }, _scope: string, sheetClass: { name: string }, options: { types: string[] }) =>
          registeredSheets.push([documentClass.name, sheetClass.name, options.types]),
      },
    },
    handlebars: {
      loadTemplates: async (paths: string[]) => {
        loadedTemplates.push(...paths);
        return [];
      },
      renderTemplate: async (path: string, context: unknown) => {
        renderedTemplates.push({ path, context });
        return `<section>${path}</section>`;
      },
    },
  },
  utils: {
    isNewerVersion: (a: string, b: string) => {
      const pa = a.split(".").map(Number);
      const pb = b.split(".").map(Number);
      for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
        if ((pa[i] ?? 0) !== (pb[i] ?? 0)) return (pa[i] ?? 0) > (pb[i] ?? 0);
      }
      return false;
    },
  },
};
g.Actor = class Actor extends FakeDocument {};
g.Item = class Item extends FakeDocument {};
g.Hooks = { once: () => {}, on: () => {} };
g.CONFIG = { Dice: { terms: {}, rolls: [] } };
g.ChatMessage = {
  implementation: {
    create: async (data: Record<string, unknown>) => {
      createdMessages.push(data);
      return data;
    },
    getSpeaker: ({ actor }: { actor: { name: string } }) => ({ alias: actor.name }),
  },
};
g.ui = {
  notifications: {
    info: (m: string) => notifications.info.push(m),
    warn: (m: string) => notifications.warn.push(m),
    error: (m: string) => notifications.error.push(m),
  },
};
g.game = { combats: { contents: [] } };

export { Die as FakeDie, Roll as FakeRoll, FakeDocument };
