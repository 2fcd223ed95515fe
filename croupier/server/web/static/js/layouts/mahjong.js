// Mah-Jong (Portaria 52/89/M): four hands around the table (yours at the bottom, face up; the
// others as the backs of their concealed tiles), each seat's melds and discards, the wall's
// count, the prevailing wind, whose turn, the claim window (the tile, who may claim) and the
// result. Your hand's tiles are the discard buttons when a discard is open to you; claims,
// kongs and the win are the offers' buttons.

import { handRow, tileImg, tileName } from "../cards.js";
import { el, facts, humanize, money, seatBox, fill, signed } from "./common.js";

const WINDS = ["E", "S", "W", "N"];
const WIND_NAMES = { E: "East", S: "South", W: "West", N: "North" };

function next(tile, by) {
  return `${Number(tile[0]) + by}${tile[1]}`;
}

/** the tiles of a meld {kind, first, concealed} */
export function meldTiles(meld) {
  const first = meld.first;
  if (meld.tiles) return meld.tiles;
  if (meld.kind === "chow") return [first, next(first, 1), next(first, 2)];
  if (meld.kind === "kong") return meld.concealed ? ["##", first, first, "##"] : [first, first, first, first];
  return [first, first, first];
}

/** a seat as a wind letter, whether given as 0..3 or "E" */
function wind(seat) {
  return typeof seat === "number" ? WINDS[seat] : seat;
}

/** the game's result: who won, how, the faan and patterns, each seat's payment */
function result(r) {
  if (r.type !== "game_won") return el("div", { class: "mj-result" }, el("strong", {}, "Drawn game: the wall is exhausted"));
  const winner = WIND_NAMES[wind(r.seat)] || r.seat;
  const how = r.discarder === null || r.discarder === undefined ? "self-drawn" : `on ${WIND_NAMES[wind(r.discarder)] || r.discarder}'s discard`;
  // the payments and the commission are chips (money); the faan are not
  const net = Array.isArray(r.net) ? r.net.map((amount, i) => `${WIND_NAMES[WINDS[i]]} ${signed(amount)}`).join(", ") : "";
  return el(
    "div",
    { class: "mj-result", role: "group", "aria-label": "result" },
    el("p", {}, el("strong", {}, `${winner} wins ${how}`), r.faan !== undefined ? `, ${r.faan} faan` : ""),
    r.patterns?.length ? el("p", {}, `Patterns: ${r.patterns.join(", ")}`) : null,
    r.reading ? el("p", {}, `Reading: ${r.reading}`) : null,
    net ? el("p", {}, `Payments: ${net}${r.commission ? `; commission ${money(r.commission)}` : ""}`) : null,
    r.hand ? handRow(r.hand, { kind: "tiles", size: "small", label: "the winner's concealed tiles" }) : null,
  );
}

/** the table's places by wind: {E: {player, chips, place}} (the adapter's ``table.places``) */
function placesByWind(view) {
  const out = {};
  for (const place of view.table?.places || []) if (place.wind) out[place.wind] = place;
  return out;
}

function mySeat(view, ctx) {
  if (view.seat) return view.seat;
  for (const place of view.table?.places || []) if (place.player === ctx.me) return place.wind;
  for (const [wind, info] of Object.entries(view.players || {})) if (info.player === ctx.me || info.name === ctx.me) return wind;
  return null;
}

export const mahjong = {
  handles: ["discard"],
  render(felt, view, ctx) {
    const me = mySeat(view, ctx);
    const start = me ? WINDS.indexOf(me) : 0;
    // you at the bottom, then counter-clockwise: right, top, left
    const order = [0, 1, 2, 3].map((i) => WINDS[(start + i) % 4]);
    const sides = ["bottom", "right", "top", "left"];
    const discard = (ctx.offers || []).find((o) => o.type === "discard");
    const discardable = new Set(discard ? Object.values(discard).find((d) => d && d.one_of)?.one_of || [] : []);
    const field = discard ? Object.entries(discard).find(([, d]) => d && d.one_of)?.[0] || "tile" : "tile";
    const places = placesByWind(view);
    const seats = order.map((wind, i) => {
      const info = { ...(view.players?.[wind] || {}) };
      const place = places[wind];
      if (place?.player && !info.player) info.player = place.player;
      const mine = wind === me;
      let hand;
      if (mine && Array.isArray(view.hand)) {
        const tiles = [...view.hand];
        hand = el("ul", { class: "hand tiles mine", "aria-label": "your hand" });
        const drawn = view.drawn;
        let drawnMarked = false;
        for (const [index, tile] of tiles.entries()) {
          const isDrawn = !drawnMarked && drawn && tile === drawn;
          if (isDrawn) drawnMarked = true;
          const item = el("li", { class: isDrawn ? "drawn" : "" });
          if (discardable.has(tile)) {
            const b = el("button", { type: "button", class: "tile-button", "aria-label": `Discard ${tileName(tile)}${isDrawn ? " (just drawn)" : ""}`, dataset: { key: `discard:${tile}:${index}`, tile } }, tileImg(tile));
            b.addEventListener("click", () => ctx.send({ ...Object.fromEntries(Object.entries(discard).filter(([k, d]) => k !== "label" && k !== "type" && d && "is" in d).map(([k, d]) => [k, d.is])), type: "discard", [field]: tile }));
            item.append(b);
          } else {
            item.append(tileImg(tile));
          }
          hand.append(item);
        }
      } else {
        hand = handRow(Array(info.concealed || 0).fill("##"), { kind: "tiles", label: `${WIND_NAMES[wind]}'s concealed tiles`, size: "small" });
      }
      return el(
        "div",
        { class: `mj-seat place-${sides[i]}` },
        seatBox(
          `${WIND_NAMES[wind]}${info.player || info.name ? `: ${info.player || info.name}` : ""}`,
          { active: view.turn === wind, mine, key: `wind-${wind}` },
          facts([
            ["Concealed", info.concealed ?? ""],
            ["Chips", place?.chips === undefined || place?.chips === null ? "" : money(place.chips)],
          ]),
          mine && discard ? el("p", { class: "hint" }, "Your turn: pick a tile of your hand to discard") : null,
          hand,
          (info.melds || []).length
            ? el("div", { class: "melds", role: "group", "aria-label": `${WIND_NAMES[wind]}'s melds` }, info.melds.map((m) => el("div", { class: "meld" }, el("span", { class: "sr-only" }, humanize(m.kind)), handRow(meldTiles(m), { kind: "tiles", size: "small" }))))
            : null,
          el("div", { class: "discards" }, el("span", { class: "tier-name" }, "Discards"), handRow(info.discards || [], { kind: "tiles", size: "small", label: `${WIND_NAMES[wind]}'s discards` })),
        ),
      );
    });
    const window = view.window;
    fill(
      felt,
      el(
        "div",
        { class: "mj-center" },
        facts([
          ["Phase", humanize(view.phase || "")],
          ["Prevailing wind", humanize(view.prevailing || "")],
          ["Turn", view.turn ? WIND_NAMES[view.turn] : ""],
          ["Wall", view.wall !== undefined ? `${view.wall} tiles left` : ""],
        ]),
        window
          ? el(
              "div",
              { class: "claim-window", role: "group", "aria-label": "claim window" },
              el("span", {}, `${humanize(window.kind)}: ${WIND_NAMES[window.from] || window.from} let go `),
              tileImg(window.tile),
              el("span", {}, ` waiting on ${(window.waiting || []).map((w) => WIND_NAMES[w] || w).join(", ") || "nobody"}`),
            )
          : null,
        view.result ? result(view.result) : null,
      ),
      el("div", { class: "mj-table" }, seats),
    );
  },
};
