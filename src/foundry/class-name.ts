/**
 * The names of the classes Foundry sees. An application fires its render
 * hooks by the name of every class in its chain (`renderCychosysD6CharacterSheet`),
 * and a sheet is registered under `<scope>.<class name>`: so each of ours is
 * named once, distinctly, with the system's prefix — never a core name such
 * as `ActorSheet`, whose v1 `renderActorSheet` hooks old modules answer with
 * jQuery — and the name is set explicitly, so a minified build keeps it.
 */
export const CLASS_PREFIX = "Cychosys";

/** `cls`, named `Cychosys<name>` ("d6Character" → "CychosysD6Character"). */
export function systemNamed<C extends abstract new (...args: never[]) => unknown>(cls: C, name: string): C {
  Object.defineProperty(cls, "name", { value: `${CLASS_PREFIX}${name.charAt(0).toUpperCase()}${name.slice(1)}`, configurable: true });
  return cls;
}
