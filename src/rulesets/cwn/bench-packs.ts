/**
 * The CWN compendiums' documents as the bench reads them (packs/_source/cwn-*):
 * the foes with their weapons and armor, the weapons, the armor. Imported
 * statically so the bench runs wherever it is bundled; a test keeps this
 * list equal to the pack folders (test/rulesets/cwn/bench.test.ts).
 */
import armoredClothing from "../../../packs/_source/cwn-armor/armor/armored-clothing.json" with { type: "json" };
import ballisticVest from "../../../packs/_source/cwn-armor/armor/ballistic-vest.json" with { type: "json" };
import integralCyberArmor from "../../../packs/_source/cwn-armor/armor/integral-cyber-armor.json" with { type: "json" };
import riotShield from "../../../packs/_source/cwn-armor/armor/riot-shield.json" with { type: "json" };
import tacticalArmor from "../../../packs/_source/cwn-armor/armor/tactical-armor.json" with { type: "json" };
import clubBouncer from "../../../packs/_source/cwn-foes/foes/on-the-street/club-bouncer.json" with { type: "json" };
import gangers from "../../../packs/_source/cwn-foes/foes/on-the-street/gangers.json" with { type: "json" };
import sableGangLieutenant from "../../../packs/_source/cwn-foes/foes/on-the-street/sable-gang-lieutenant.json" with { type: "json" };
import streetThugs from "../../../packs/_source/cwn-foes/foes/on-the-street/street-thugs.json" with { type: "json" };
import chromedBodyguard from "../../../packs/_source/cwn-foes/foes/security/chromed-bodyguard.json" with { type: "json" };
import corporateResponseTeam from "../../../packs/_source/cwn-foes/foes/security/corporate-response-team.json" with { type: "json" };
import riotPolice from "../../../packs/_source/cwn-foes/foes/security/riot-police.json" with { type: "json" };
import bodyBlades from "../../../packs/_source/cwn-weapons/weapons/bare-hands-and-body-weapons/body-blades.json" with { type: "json" };
import fists from "../../../packs/_source/cwn-weapons/weapons/bare-hands-and-body-weapons/fists.json" with { type: "json" };
import combatRifle from "../../../packs/_source/cwn-weapons/weapons/guns-and-bows/combat-rifle.json" with { type: "json" };
import heavyPistol from "../../../packs/_source/cwn-weapons/weapons/guns-and-bows/heavy-pistol.json" with { type: "json" };
import modernBow from "../../../packs/_source/cwn-weapons/weapons/guns-and-bows/modern-bow.json" with { type: "json" };
import modernCrossbow from "../../../packs/_source/cwn-weapons/weapons/guns-and-bows/modern-crossbow.json" with { type: "json" };
import baton from "../../../packs/_source/cwn-weapons/weapons/melee-weapons/baton.json" with { type: "json" };
import knife from "../../../packs/_source/cwn-weapons/weapons/melee-weapons/knife.json" with { type: "json" };
import machete from "../../../packs/_source/cwn-weapons/weapons/melee-weapons/machete.json" with { type: "json" };
import maul from "../../../packs/_source/cwn-weapons/weapons/melee-weapons/maul.json" with { type: "json" };
import throwingKnife from "../../../packs/_source/cwn-weapons/weapons/thrown-weapons/throwing-knife.json" with { type: "json" };

/** One pack document: its type, name, system data and (actors) embedded items. */
export interface CwnPackDocument {
  _id: string;
  name: string;
  type: string;
  system: Record<string, unknown>;
  items?: { _id: string; name: string; type: string; system: Record<string, unknown> }[];
}

/** Every document of the CWN packs, by its source file (relative to the project). */
export const CWN_PACK_SOURCES: Readonly<Record<string, CwnPackDocument>> = Object.freeze({
  "packs/_source/cwn-armor/armor/armored-clothing.json": armoredClothing as CwnPackDocument,
  "packs/_source/cwn-armor/armor/ballistic-vest.json": ballisticVest as CwnPackDocument,
  "packs/_source/cwn-armor/armor/integral-cyber-armor.json": integralCyberArmor as CwnPackDocument,
  "packs/_source/cwn-armor/armor/riot-shield.json": riotShield as CwnPackDocument,
  "packs/_source/cwn-armor/armor/tactical-armor.json": tacticalArmor as CwnPackDocument,
  "packs/_source/cwn-foes/foes/on-the-street/club-bouncer.json": clubBouncer as CwnPackDocument,
  "packs/_source/cwn-foes/foes/on-the-street/gangers.json": gangers as CwnPackDocument,
  "packs/_source/cwn-foes/foes/on-the-street/sable-gang-lieutenant.json": sableGangLieutenant as CwnPackDocument,
  "packs/_source/cwn-foes/foes/on-the-street/street-thugs.json": streetThugs as CwnPackDocument,
  "packs/_source/cwn-foes/foes/security/chromed-bodyguard.json": chromedBodyguard as CwnPackDocument,
  "packs/_source/cwn-foes/foes/security/corporate-response-team.json": corporateResponseTeam as CwnPackDocument,
  "packs/_source/cwn-foes/foes/security/riot-police.json": riotPolice as CwnPackDocument,
  "packs/_source/cwn-weapons/weapons/bare-hands-and-body-weapons/body-blades.json": bodyBlades as CwnPackDocument,
  "packs/_source/cwn-weapons/weapons/bare-hands-and-body-weapons/fists.json": fists as CwnPackDocument,
  "packs/_source/cwn-weapons/weapons/guns-and-bows/combat-rifle.json": combatRifle as CwnPackDocument,
  "packs/_source/cwn-weapons/weapons/guns-and-bows/heavy-pistol.json": heavyPistol as CwnPackDocument,
  "packs/_source/cwn-weapons/weapons/guns-and-bows/modern-bow.json": modernBow as CwnPackDocument,
  "packs/_source/cwn-weapons/weapons/guns-and-bows/modern-crossbow.json": modernCrossbow as CwnPackDocument,
  "packs/_source/cwn-weapons/weapons/melee-weapons/baton.json": baton as CwnPackDocument,
  "packs/_source/cwn-weapons/weapons/melee-weapons/knife.json": knife as CwnPackDocument,
  "packs/_source/cwn-weapons/weapons/melee-weapons/machete.json": machete as CwnPackDocument,
  "packs/_source/cwn-weapons/weapons/melee-weapons/maul.json": maul as CwnPackDocument,
  "packs/_source/cwn-weapons/weapons/thrown-weapons/throwing-knife.json": throwingKnife as CwnPackDocument,
});
