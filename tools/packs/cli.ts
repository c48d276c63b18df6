/**
 * `npm run packs:build [-- <pack>…]`: compile packs/_source into dist/packs.
 * `npm run packs:extract [-- --from <system folder>] [-- <pack>…]`: bring
 * compiled packs (by default dist/packs, e.g. after editing them in a Foundry
 * that loads dist/) back into packs/_source, replacing each pack's sources.
 */
import { resolve } from "node:path";
import { compilePacks, declaredPacks, DIST_ROOT, extractPacks } from "./lib.js";

const [command, ...rest] = process.argv.slice(2);
let from = DIST_ROOT;
const names: string[] = [];
for (let i = 0; i < rest.length; i++) {
  if (rest[i] === "--from") from = resolve(rest[++i] ?? "");
  else names.push(rest[i]!);
}
const all = declaredPacks();
const unknown = names.filter((name) => !all.some((pack) => pack.name === name));
if (unknown.length > 0) {
  console.error(`unknown pack: ${unknown.join(", ")} (system.json declares ${all.map((p) => p.name).join(", ")})`);
  process.exit(2);
}
const packs = names.length > 0 ? all.filter((pack) => names.includes(pack.name)) : all;

if (command === "build") {
  await compilePacks(DIST_ROOT, { packs, log: true });
  console.log(`compiled ${packs.length} packs into dist/packs`);
} else if (command === "extract") {
  await extractPacks(from, { packs, log: true });
  console.log(`extracted ${packs.length} packs into packs/_source`);
} else {
  console.error("usage: tsx tools/packs/cli.ts build|extract [--from <system folder>] [pack…]");
  process.exit(2);
}
