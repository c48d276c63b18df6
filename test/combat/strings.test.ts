/** Every user-facing string the tracker, the chase window and the migration runner use is in lang/en.json. */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { englishString } from "../../src/core/messages.js";
import { REQUEST_SCHEMAS } from "../../src/rulesets/cychosys/combat/request-schema.js";

describe("every string the combat code uses", () => {
  it("exists in lang/en.json", () => {
    const root = join(import.meta.dirname, "..", "..");
    const files = [
      ...["src/rulesets/cychosys/combat", "src/foundry/cychosys/combat"].flatMap((dir) => readdirSync(join(root, dir)).map((f) => `${dir}/${f}`)),
      "src/foundry/requests.ts",
      "src/rulesets/cychosys/views/chase-logic.ts",
      "src/rulesets/cychosys/views/chase-view.ts",
      "src/foundry/cychosys/chase-app.ts",
      "src/foundry/migrations.ts",
    ];
    const missing: string[] = [];
    let checked = 0;
    for (const file of files) {
      for (const match of readFileSync(join(root, file), "utf8").matchAll(/"(CYCHOSYS\.[\w.]+)"/g)) {
        checked++;
        if (!englishString(match[1]!) && !match[1]!.endsWith(".")) missing.push(`${file}: ${match[1]}`);
      }
    }
    expect(checked).toBeGreaterThan(40);
    expect(Object.keys(REQUEST_SCHEMAS)).toEqual(["extraAction", "endInterrupt", "wait", "chaseMove"]);
    for (const problem of ["notObject", "tooMany", "missing", "notText", "notOneOf", "length", "badChars", "unexpected"]) {
      if (!englishString(`CYCHOSYS.Combat.Request.Invalid.${problem}`)) missing.push(problem);
    }
    expect(missing).toEqual([]);
  });
});

