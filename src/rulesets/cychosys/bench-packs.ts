/**
 * The pack documents the bench's realistic mix and sheet costs are generated
 * from (src/rulesets/cychosys/bench.ts): every actor of the cast, every
 * weapon and trick, outfit piece, skill and trademark, as the compendium
 * sources hold them. A test checks these lists against the pack folders (by
 * document id), so a document added to a pack joins the bench. Node-only:
 * the bench imports it, never the system's bundle.
 */
import aikenByrne from "../../../packs/_source/foes/aiken-byrne.json" with { type: "json" };
import belhamTheSentry from "../../../packs/_source/foes/belham-the-sentry.json" with { type: "json" };
import parker from "../../../packs/_source/cast/parker.json" with { type: "json" };
import riddle from "../../../packs/_source/foes/riddle.json" with { type: "json" };
import thorton from "../../../packs/_source/foes/thorton.json" with { type: "json" };
import ungar from "../../../packs/_source/foes/ungar.json" with { type: "json" };
import wiley from "../../../packs/_source/foes/wiley.json" with { type: "json" };
import chairGear from "../../../packs/_source/weapons/from-the-chapter/chair.json" with { type: "json" };
import howlerAutocannonGear from "../../../packs/_source/weapons/from-the-chapter/howler-autocannon.json" with { type: "json" };
import rosesPelletPistolGear from "../../../packs/_source/weapons/from-the-chapter/roses-pellet-pistol.json" with { type: "json" };
import thrownBodyGear from "../../../packs/_source/weapons/from-the-chapter/thrown-body.json" with { type: "json" };
import thrownKnifeGear from "../../../packs/_source/weapons/from-the-chapter/thrown-knife.json" with { type: "json" };
import laserPistolGear from "../../../packs/_source/weapons/futuristic/laser-pistol.json" with { type: "json" };
import monofilamentBladeGear from "../../../packs/_source/weapons/futuristic/monofilament-blade.json" with { type: "json" };
import plasmaRifleGear from "../../../packs/_source/weapons/futuristic/plasma-rifle.json" with { type: "json" };
import axeGear from "../../../packs/_source/weapons/historic/axe.json" with { type: "json" };
import bowGear from "../../../packs/_source/weapons/historic/bow.json" with { type: "json" };
import clubGear from "../../../packs/_source/weapons/historic/club.json" with { type: "json" };
import crossbowGear from "../../../packs/_source/weapons/historic/crossbow.json" with { type: "json" };
import knifeGear from "../../../packs/_source/weapons/historic/knife.json" with { type: "json" };
import spearGear from "../../../packs/_source/weapons/historic/spear.json" with { type: "json" };
import swordGear from "../../../packs/_source/weapons/historic/sword.json" with { type: "json" };
import fragGrenadeGear from "../../../packs/_source/weapons/modern/frag-grenade.json" with { type: "json" };
import incendiaryGrenadeGear from "../../../packs/_source/weapons/modern/incendiary-grenade.json" with { type: "json" };
import pistolGear from "../../../packs/_source/weapons/modern/pistol.json" with { type: "json" };
import rifleGear from "../../../packs/_source/weapons/modern/rifle.json" with { type: "json" };
import shotgunGear from "../../../packs/_source/weapons/modern/shotgun.json" with { type: "json" };
import submachineGunGear from "../../../packs/_source/weapons/modern/submachine-gun.json" with { type: "json" };
import cuttingInsultGear from "../../../packs/_source/weapons/tricks/cutting-insult.json" with { type: "json" };
import mindSpikeGear from "../../../packs/_source/weapons/tricks/mind-spike.json" with { type: "json" };
import stunRayGear from "../../../packs/_source/weapons/tricks/stun-ray.json" with { type: "json" };
import taserGear from "../../../packs/_source/weapons/tricks/taser.json" with { type: "json" };
import grabGear from "../../../packs/_source/weapons/unarmed-and-improvised/grab.json" with { type: "json" };
import shoveGear from "../../../packs/_source/weapons/unarmed-and-improvised/shove.json" with { type: "json" };
import unarmedStrikeGear from "../../../packs/_source/weapons/unarmed-and-improvised/unarmed-strike.json" with { type: "json" };
import jeweledRelicOutfit from "../../../packs/_source/outfits/artifacts/jeweled-relic.json" with { type: "json" };
import ablativeOutfit from "../../../packs/_source/outfits/futuristic/ablative.json" with { type: "json" };
import absorptiveOutfit from "../../../packs/_source/outfits/futuristic/absorptive.json" with { type: "json" };
import ceramicOutfit from "../../../packs/_source/outfits/futuristic/ceramic.json" with { type: "json" };
import energyFieldOutfit from "../../../packs/_source/outfits/futuristic/energy-field.json" with { type: "json" };
import forceFieldOutfit from "../../../packs/_source/outfits/futuristic/force-field.json" with { type: "json" };
import reEmissionOutfit from "../../../packs/_source/outfits/futuristic/re-emission.json" with { type: "json" };
import sheetTitaniumOutfit from "../../../packs/_source/outfits/futuristic/sheet-titanium.json" with { type: "json" };
import whiteNoiseOutfit from "../../../packs/_source/outfits/futuristic/white-noise.json" with { type: "json" };
import clothHeavyOutfit from "../../../packs/_source/outfits/historic/cloth-heavy.json" with { type: "json" };
import clothLightOutfit from "../../../packs/_source/outfits/historic/cloth-light.json" with { type: "json" };
import hideStuddedOutfit from "../../../packs/_source/outfits/historic/hide-studded.json" with { type: "json" };
import mailChainOutfit from "../../../packs/_source/outfits/historic/mail-chain.json" with { type: "json" };
import mailRingOutfit from "../../../packs/_source/outfits/historic/mail-ring.json" with { type: "json" };
import mailScaleOutfit from "../../../packs/_source/outfits/historic/mail-scale.json" with { type: "json" };
import plateBronzeOutfit from "../../../packs/_source/outfits/historic/plate-bronze.json" with { type: "json" };
import plateSteelOutfit from "../../../packs/_source/outfits/historic/plate-steel.json" with { type: "json" };
import silkOutfit from "../../../packs/_source/outfits/historic/silk.json" with { type: "json" };
import brickCinderblockOutfit from "../../../packs/_source/outfits/industrial/brick-cinderblock.json" with { type: "json" };
import cementOutfit from "../../../packs/_source/outfits/industrial/cement.json" with { type: "json" };
import curedWoodOutfit from "../../../packs/_source/outfits/industrial/cured-wood.json" with { type: "json" };
import drywallOutfit from "../../../packs/_source/outfits/industrial/drywall.json" with { type: "json" };
import fiberglassOutfit from "../../../packs/_source/outfits/industrial/fiberglass.json" with { type: "json" };
import hullPlatingOutfit from "../../../packs/_source/outfits/industrial/hull-plating.json" with { type: "json" };
import safetyGlassOutfit from "../../../packs/_source/outfits/industrial/safety-glass.json" with { type: "json" };
import sheetSteelOutfit from "../../../packs/_source/outfits/industrial/sheet-steel.json" with { type: "json" };
import asbestosOutfit from "../../../packs/_source/outfits/modern/asbestos.json" with { type: "json" };
import bpvFlakVestOutfit from "../../../packs/_source/outfits/modern/bpv-flak-vest.json" with { type: "json" };
import canvasDenimOutfit from "../../../packs/_source/outfits/modern/canvas-denim.json" with { type: "json" };
import hardRubberOutfit from "../../../packs/_source/outfits/modern/hard-rubber.json" with { type: "json" };
import heavySyntheticOutfit from "../../../packs/_source/outfits/modern/heavy-synthetic.json" with { type: "json" };
import kevlarFiberOutfit from "../../../packs/_source/outfits/modern/kevlar-fiber.json" with { type: "json" };
import lightSyntheticOutfit from "../../../packs/_source/outfits/modern/light-synthetic.json" with { type: "json" };
import plasticOutfit from "../../../packs/_source/outfits/modern/plastic.json" with { type: "json" };
import barkOrWickerOutfit from "../../../packs/_source/outfits/natural/bark-or-wicker.json" with { type: "json" };
import boneOutfit from "../../../packs/_source/outfits/natural/bone.json" with { type: "json" };
import furOutfit from "../../../packs/_source/outfits/natural/fur.json" with { type: "json" };
import hideSoftOutfit from "../../../packs/_source/outfits/natural/hide-soft.json" with { type: "json" };
import hideToughThickOutfit from "../../../packs/_source/outfits/natural/hide-tough-thick.json" with { type: "json" };
import mineralOutfit from "../../../packs/_source/outfits/natural/mineral.json" with { type: "json" };
import normalHumanSkinOutfit from "../../../packs/_source/outfits/natural/normal-human-skin.json" with { type: "json" };
import paddingOutfit from "../../../packs/_source/outfits/natural/padding.json" with { type: "json" };
import woodOutfit from "../../../packs/_source/outfits/natural/wood.json" with { type: "json" };
import braveSkill from "../../../packs/_source/skills/brave.json" with { type: "json" };
import brawlSkill from "../../../packs/_source/skills/brawl.json" with { type: "json" };
import concentrateSkill from "../../../packs/_source/skills/concentrate.json" with { type: "json" };
import cutSkill from "../../../packs/_source/skills/cut.json" with { type: "json" };
import driveSkill from "../../../packs/_source/skills/drive.json" with { type: "json" };
import evadeSkill from "../../../packs/_source/skills/evade.json" with { type: "json" };
import heaveSkill from "../../../packs/_source/skills/heave.json" with { type: "json" };
import moveSkill from "../../../packs/_source/skills/move.json" with { type: "json" };
import parrySkill from "../../../packs/_source/skills/parry.json" with { type: "json" };
import pilotSkill from "../../../packs/_source/skills/pilot.json" with { type: "json" };
import resolveSkill from "../../../packs/_source/skills/resolve.json" with { type: "json" };
import shootSkill from "../../../packs/_source/skills/shoot.json" with { type: "json" };
import sneakSkill from "../../../packs/_source/skills/sneak.json" with { type: "json" };
import tauntSkill from "../../../packs/_source/skills/taunt.json" with { type: "json" };
import throwSkill from "../../../packs/_source/skills/throw.json" with { type: "json" };
import heavyTrademark from "../../../packs/_source/trademarks/heavy.json" with { type: "json" };
import lightningReflexesTrademark from "../../../packs/_source/trademarks/lightning-reflexes.json" with { type: "json" };
import resilientTrademark from "../../../packs/_source/trademarks/resilient.json" with { type: "json" };
import steadyWillTrademark from "../../../packs/_source/trademarks/steady-will.json" with { type: "json" };
import toughNaturalSkinTrademark from "../../../packs/_source/trademarks/tough-natural-skin.json" with { type: "json" };

/** A pack document as its JSON source holds it (its `system` is checked when the mix reads it). */
export interface PackSource {
  _id: string;
  name: string;
  type: string;
  system: unknown;
  items?: readonly PackSource[];
}

/** The player characters (packs/_source/cast). */
export const CAST: readonly PackSource[] = [parker] as readonly PackSource[];

/** The foes (packs/_source/foes). */
export const FOES: readonly PackSource[] = [aikenByrne, belhamTheSentry, riddle, thorton, ungar, wiley] as readonly PackSource[];

/** Every fighter of the packs, the characters and the foes, in name order (the order the mix draws from). */
export const FIGHTERS: readonly PackSource[] = [aikenByrne, belhamTheSentry, parker, riddle, thorton, ungar, wiley] as readonly PackSource[];

/** Every weapon and trick (packs/_source/weapons). */
export const GEAR: readonly PackSource[] = [
  chairGear, howlerAutocannonGear, rosesPelletPistolGear, thrownBodyGear, thrownKnifeGear, laserPistolGear, monofilamentBladeGear, plasmaRifleGear,
  axeGear, bowGear, clubGear, crossbowGear, knifeGear, spearGear, swordGear, fragGrenadeGear, incendiaryGrenadeGear, pistolGear, rifleGear,
  shotgunGear, submachineGunGear, cuttingInsultGear, mindSpikeGear, stunRayGear, taserGear, grabGear, shoveGear, unarmedStrikeGear,
] as readonly PackSource[];

/** Every outfit piece (packs/_source/outfits). */
export const OUTFITS: readonly PackSource[] = [
  jeweledRelicOutfit, ablativeOutfit, absorptiveOutfit, ceramicOutfit, energyFieldOutfit, forceFieldOutfit, reEmissionOutfit, sheetTitaniumOutfit,
  whiteNoiseOutfit, clothHeavyOutfit, clothLightOutfit, hideStuddedOutfit, mailChainOutfit, mailRingOutfit, mailScaleOutfit, plateBronzeOutfit,
  plateSteelOutfit, silkOutfit, brickCinderblockOutfit, cementOutfit, curedWoodOutfit, drywallOutfit, fiberglassOutfit, hullPlatingOutfit,
  safetyGlassOutfit, sheetSteelOutfit, asbestosOutfit, bpvFlakVestOutfit, canvasDenimOutfit, hardRubberOutfit, heavySyntheticOutfit,
  kevlarFiberOutfit, lightSyntheticOutfit, plasticOutfit, barkOrWickerOutfit, boneOutfit, furOutfit, hideSoftOutfit, hideToughThickOutfit,
  mineralOutfit, normalHumanSkinOutfit, paddingOutfit, woodOutfit,
] as readonly PackSource[];

/** Every skill (packs/_source/skills): the sheet bench's skills. */
export const SKILLS: readonly PackSource[] = [
  braveSkill, brawlSkill, concentrateSkill, cutSkill, driveSkill, evadeSkill, heaveSkill, moveSkill, parrySkill, pilotSkill, resolveSkill, shootSkill,
  sneakSkill, tauntSkill, throwSkill,
] as readonly PackSource[];

/** Every trademark (packs/_source/trademarks). */
export const TRADEMARKS: readonly PackSource[] = [
  heavyTrademark, lightningReflexesTrademark, resilientTrademark, steadyWillTrademark, toughNaturalSkinTrademark,
] as readonly PackSource[];
