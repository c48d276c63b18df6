/** R40–R41: what a character's sheet shows about experience. Pure. */
export function experienceTotal(experience: { unspent: number; spent: number }): { total: number } {
  return { total: experience.unspent + experience.spent };
}
