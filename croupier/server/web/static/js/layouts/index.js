// The layout of each game's table (by the registry's game names).

import { banking } from "./banking.js";
import { generic } from "./generic.js";
import { mahjong } from "./mahjong.js";
import { stud } from "./stud.js";
import { thirteen } from "./thirteen.js";

const LAYOUTS = {
  thirteen,
  mahjong,
  "five-card-stud": stud,
  "three-card-baccarat": banking,
  "football-poker": banking,
};

export function layoutFor(game) {
  return LAYOUTS[game] || generic;
}
