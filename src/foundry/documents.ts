/**
 * The Actor and Item document classes of every world, set on `init`; they
 * hold only what every ruleset shares: a document knows its ruleset by its
 * type; the create dialogs offer only the active ruleset's types; creating a
 * document of another ruleset (by macro, drop or import) is refused with a
 * clear message; a document of another ruleset already in the world opens
 * read-only (its sheet says which rules it was made for) and is never
 * changed. A new actor's token gets the
 * bars of its type (src/foundry/token-bars.ts). The active ruleset adds its
 * own methods on `init` (`addDocumentMethods`).
 */
import { DEFAULT_RULESET, type RulesetId } from "../core/ruleset.js";
import { rulesetOfType, typesOf } from "../core/schema/registry.js";
import { format, localize } from "./i18n.js";
import { activeRulesetId } from "./ruleset-setting.js";
import { prototypeBars } from "./token-bars.js";

type DocumentName = "Actor" | "Item";

const rulesetName = (id: RulesetId | undefined) => (id ? localize(`CYCHOSYS.Ruleset.${id}.name`) : "?");

/** Why a document of this type may not be made in this world, or undefined when it may. */
export function refusalToCreate(documentName: DocumentName, type: string, parentType?: string): string | undefined {
  const active = activeRulesetId();
  const ruleset = rulesetOfType(documentName, type);
  if (ruleset !== active) return format("CYCHOSYS.Ruleset.otherType", { type, ruleset: rulesetName(ruleset), active: rulesetName(active) });
  if (parentType !== undefined && rulesetOfType("Actor", parentType) !== ruleset) {
    return format("CYCHOSYS.Ruleset.otherParent", { type, ruleset: rulesetName(ruleset) });
  }
  return undefined;
}

/** Why a document may not be changed (it belongs to rules this world does not play), or undefined. */
export function refusalToUpdate(documentName: DocumentName, type: string): string | undefined {
  const ruleset = rulesetOfType(documentName, type);
  if (!ruleset || ruleset === activeRulesetId()) return undefined;
  return format("CYCHOSYS.Ruleset.readOnly", { ruleset: rulesetName(ruleset) });
}

/** The types a create dialog offers: the active ruleset's, within any list the caller gave. */
export function creatableTypes(documentName: DocumentName, requested?: readonly string[]): string[] {
  const own = typesOf(documentName, activeRulesetId());
  return requested ? own.filter((t) => requested.includes(t)) : own;
}

const notifyError = (text: string) => ui.notifications?.error(text);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a mixin base takes any constructor arguments
type DocumentBase = new (...args: any[]) => {
  type: string;
  parent?: { type?: string } | null;
  updateSource(changes: object): unknown;
};
type StaticCreate = { createDialog(data?: unknown, createOptions?: unknown, dialogOptions?: Record<string, unknown>, renderOptions?: unknown): Promise<unknown> };

function withRuleset<B extends DocumentBase>(Base: B, documentName: DocumentName) {
  const parentStatic = Base as unknown as StaticCreate;
  class RulesetDocument extends Base {
    /** The ruleset this document's type belongs to. */
    get ruleset(): RulesetId {
      return rulesetOfType(documentName, this.type) ?? DEFAULT_RULESET;
    }

    /** Is it the world's ruleset (else it opens read-only)? */
    get isActiveRuleset(): boolean {
      return this.ruleset === activeRulesetId();
    }

    /** The create dialog offers the active ruleset's types only (v13 takes a `types` allow-list). */
    static async createDialog(data: unknown = {}, createOptions: unknown = {}, { types, ...options }: Record<string, unknown> = {}, renderOptions: unknown = {}): Promise<unknown> {
      return parentStatic.createDialog.call(this, data, createOptions, { ...options, types: creatableTypes(documentName, types as string[] | undefined) }, renderOptions);
    }

    async _preCreate(data: unknown, options: unknown, user: { id?: string } | unknown): Promise<boolean | void> {
      const base = Base.prototype as unknown as { _preCreate?: (...a: unknown[]) => Promise<boolean | void> };
      if ((await base._preCreate?.call(this, data, options, user)) === false) return false;
      const refusal = refusalToCreate(documentName, this.type, documentName === "Item" ? (this.parent?.type ?? undefined) : undefined);
      if (refusal) {
        notifyError(refusal);
        return false;
      }
      // A new actor's token shows bars its type has (made here, imported from a pack or an older export).
      if (documentName === "Actor") {
        const bars = prototypeBars(this.type, (data as { prototypeToken?: Parameters<typeof prototypeBars>[1] } | null)?.prototypeToken);
        if (bars) this.updateSource({ prototypeToken: bars });
      }
    }

    async _preUpdate(changes: unknown, options: unknown, user: unknown): Promise<boolean | void> {
      const base = Base.prototype as unknown as { _preUpdate?: (...a: unknown[]) => Promise<boolean | void> };
      if ((await base._preUpdate?.call(this, changes, options, user)) === false) return false;
      const refusal = refusalToUpdate(documentName, this.type);
      if (refusal) {
        notifyError(refusal);
        return false;
      }
    }
  }
  return RulesetDocument;
}

/** The world's classes once defined, for a ruleset's code to add its own methods to. */
export const worldClasses: { Actor?: { prototype: object }; Item?: { prototype: object } } = {};

/** Define the classes (Foundry's `Actor` and `Item` are globals only once Foundry runs). */
export function defineDocuments() {
  const SystemActor = withRuleset(Actor as unknown as DocumentBase, "Actor");
  const SystemItem = withRuleset(Item as unknown as DocumentBase, "Item");
  return { SystemActor, SystemItem };
}

/**
 * A ruleset's own document methods (rolling, conditions, experience), added
 * to the world's classes when its code loads: the classes are set on `init`,
 * before that. Only names the class does not have yet are added.
 */
export function addDocumentMethods(target: { prototype: object }, source: { prototype: object }): void {
  for (const name of Object.getOwnPropertyNames(source.prototype)) {
    if (name === "constructor" || Object.hasOwn(target.prototype, name)) continue;
    Object.defineProperty(target.prototype, name, Object.getOwnPropertyDescriptor(source.prototype, name)!);
  }
}
