/**
 * Issue 20.6: one `fromUuid` path (src/foundry/uuid.ts): every adapter
 * reaches a document by UUID through Foundry v13's `foundry.utils.fromUuid` /
 * `fromUuidSync`, never the bare global alias; the GM's transport resolves
 * through it too.
 */
import "./fakes.js";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { foundryEnv } from "../../src/foundry/transport.js";
import { fromUuid, fromUuidSync } from "../../src/foundry/uuid.js";

const SRC = join(import.meta.dirname, "../../src");
const sources = (readdirSync(SRC, { recursive: true, encoding: "utf8" }) as string[]).filter((f) => f.endsWith(".ts")).map((f) => ({ file: relative(SRC, join(SRC, f)), text: readFileSync(join(SRC, f), "utf8") }));

const utils = (foundry as unknown as { utils: Record<string, unknown> }).utils;
const asked: string[] = [];
utils.fromUuid = async (uuid: string) => (asked.push(`async ${uuid}`), uuid === "Actor.a1" ? { uuid, name: "Rose" } : null);
utils.fromUuidSync = (uuid: string) => (asked.push(`sync ${uuid}`), uuid === "Actor.a1" ? { uuid, name: "Rose" } : undefined);
afterEach(() => void (asked.length = 0));

describe("fromUuid", () => {
  it("is called in one module only: every other file that resolves a UUID imports it from src/foundry/uuid.ts", () => {
    const calling = sources.filter(({ text }) => /\bfromUuid(Sync)?\s*(<[^>]*>)?\(/.test(text.replace(/^\s*(\/\/|\*).*$/gm, "")));
    expect(calling.length).toBeGreaterThan(5);
    for (const { file, text } of calling) {
      if (file === join("foundry", "uuid.ts")) continue;
      expect(text, file).toMatch(/import \{[^}]*\bfromUuid(Sync)?\b[^}]*\} from "(\.\.?\/)+(foundry\/)?uuid\.js";/);
    }
    // Nobody reaches Foundry's own functions but the one module.
    for (const { file, text } of sources) if (file !== join("foundry", "uuid.ts")) expect(text, file).not.toMatch(/utils[^;]*\)?\.fromUuid/);
  });

  it("goes through foundry.utils, and gives null (never undefined) for a UUID that resolves to nothing", async () => {
    expect(await fromUuid("Actor.a1")).toEqual({ uuid: "Actor.a1", name: "Rose" });
    expect(await fromUuid("Actor.gone")).toBeNull();
    expect(fromUuidSync("Actor.a1")).toEqual({ uuid: "Actor.a1", name: "Rose" });
    expect(fromUuidSync("Actor.gone")).toBeNull();
    expect(asked).toEqual(["async Actor.a1", "async Actor.gone", "sync Actor.a1", "sync Actor.gone"]);
  });

  it("the GM's transport resolves the documents a request names the same way", async () => {
    const env = foundryEnv();
    expect(await env.resolve("Actor.a1")).toEqual({ uuid: "Actor.a1", name: "Rose" });
    expect(await env.resolve("Actor.gone")).toBeUndefined();
    expect(asked).toEqual(["async Actor.a1", "async Actor.gone"]);
  });
});
