/**
 * The seeded generator of the Node commands that simulate (`npm run duel`)
 * and of the odds tests' Monte-Carlo checks: randomness lives here, never in
 * a rules core, which only receives faces (src/core/ruleset.ts, DiceSource).
 * sfc32 seeded through splitmix32: small, fast, and the same stream for the
 * same seed on every machine.
 */
import type { DiceSource } from "../core/ruleset.js";

/** A generator of floats in [0, 1) from a 32-bit seed. */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  const split = () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = split();
  let b = split();
  let c = split();
  let d = split();
  return () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t / 4294967296;
  };
}

/** Dice from a seed: `roll(12)` is a face from 1 to 12. */
export function seededDice(seed: number): DiceSource {
  const next = seededRandom(seed);
  return (sides) => 1 + Math.floor(next() * sides);
}
