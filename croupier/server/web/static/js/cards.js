// Cards and tiles as images with their names in words (the SVGs of static/cards and
// static/tiles, drawn by scripts/make_svg_assets.py).

const RANKS = {
  2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine",
  T: "ten", J: "jack", Q: "queen", K: "king", A: "ace",
};
const SUITS = { s: "spades", h: "hearts", d: "diamonds", c: "clubs" };
const TILE_SUITS = { m: "characters", p: "circles", s: "bamboos" };
const HONOURS = {
  E: "east wind", S: "south wind", W: "west wind", N: "north wind",
  C: "red dragon", F: "green dragon", P: "white dragon",
};
/** a hidden card or tile in a list that keeps its length */
export const HIDDEN = "##";

export const CARD_RE = /^[2-9TJQKA][shdc]$/;
export const TILE_RE = /^([1-9][mps]|[ESWNCFP])$/;

export function isCard(value) {
  return typeof value === "string" && CARD_RE.test(value);
}

export function isTile(value) {
  return typeof value === "string" && TILE_RE.test(value);
}

export function cardName(code) {
  if (code === HIDDEN || code === "??" || code == null) return "a card face down";
  return `${RANKS[code[0]]} of ${SUITS[code[1]]}`;
}

export function tileName(code) {
  if (code === HIDDEN || code == null) return "a tile face down";
  if (code.length === 2) return `${code[0]} of ${TILE_SUITS[code[1]]}`;
  return HONOURS[code];
}

/** the short text of a card, as on its corner: "10♦" */
export function cardShort(code) {
  if (!isCard(code)) return "🂠";
  const rank = code[0] === "T" ? "10" : code[0];
  return rank + { s: "♠", h: "♥", d: "♦", c: "♣" }[code[1]];
}

function image(kind, code, name, size) {
  const img = document.createElement("img");
  const file = code === HIDDEN || code === "??" || code == null ? "back" : code;
  img.src = `/static/${kind}/${file}.svg`;
  img.alt = name;
  img.className = `${kind === "cards" ? "card" : "tile"}${size ? ` ${size}` : ""}`;
  // the drawing's own size (its viewBox): the browser lays the image out at its ratio before
  // it loads (CSS sets the width), so nothing moves when it comes; without it an image still
  // loading was 0 px high, and a tile button under the pointer shifted as it loaded
  [img.width, img.height] = kind === "cards" ? [200, 280] : [120, 160];
  img.dataset.code = file;
  img.draggable = false;
  img.decoding = "async";
  return img;
}

/** an <img> of a card ("As", or "##" for one face down); size: "" | "small" | "large" */
export function cardImg(code, size = "") {
  return image("cards", code, cardName(code), size);
}

/** an <img> of a Mah-Jong tile ("3m", "E", or "##" for one face down) */
export function tileImg(code, size = "") {
  return image("tiles", code, tileName(code), size);
}

/** a row of cards (or tiles) in a list element, with a name for the whole row */
export function handRow(codes, { label = "", kind = "cards", size = "" } = {}) {
  const list = document.createElement("ul");
  list.className = `hand ${kind}`;
  if (label) list.setAttribute("aria-label", label);
  for (const code of codes || []) {
    const item = document.createElement("li");
    item.append(kind === "tiles" ? tileImg(code, size) : cardImg(code, size));
    list.append(item);
  }
  return list;
}

/** an array of card codes from "As Kd" or ["As", "Kd"] */
export function cardList(value) {
  if (value == null) return [];
  if (Array.isArray(value)) return value.map(String);
  return String(value).split(/\s+/).filter(Boolean);
}
