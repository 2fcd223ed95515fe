// The banking games, 3-Card Baccarat (Portaria 22/96/M) and Football Poker (Despacho 65/2004):
// the layout's bet places with the chips staked on each (yours marked), stakes carried over
// from the last coup, the hands dealt, the shoe with its cut card, and the last coup's result.
// Placing a bet is the offer's form (place and amount within the table's limits).

import { el, facts, humanize, money, seatBox, fill } from "./common.js";
import { handRow, isCard } from "../cards.js";

/** every {player, place, amount}-like stake found in the view */
function stakesOf(view) {
  const out = [];
  const visit = (value, path) => {
    if (Array.isArray(value)) {
      for (const v of value) {
        if (v && typeof v === "object" && typeof v.amount === "number" && (v.player || v.owner)) {
          out.push({ player: v.player || v.owner, place: v.place ?? v.box ?? v.on ?? v.bet ?? v.position ?? v.kind ?? "", amount: v.amount, carried: Boolean(v.carried) || /carr/.test(path), path });
        } else visit(v, path);
      }
    } else if (value && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) visit(v, `${path}.${k}`);
    }
  };
  visit(view, "");
  return out;
}

/** every list of cards in the view, by where it is */
function handsOf(view) {
  const out = [];
  const visit = (value, path) => {
    if (Array.isArray(value) && value.length && value.every((c) => isCard(c) || c === "##")) out.push([path, value]);
    else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) visit(v, path ? `${path} ${k}` : k);
  };
  visit(view.hands ?? view.hand ?? view.coup ?? {}, "");
  return out;
}

export const banking = {
  handles: [],
  render(felt, view, ctx) {
    const stakes = stakesOf(view);
    const placeOffer = (ctx.offers || []).find((o) => o.type === "bet");
    const placeField = placeOffer ? Object.entries(placeOffer).find(([k, d]) => k !== "amount" && d && d.one_of)?.[1]?.one_of : null;
    const places = [...new Set([...(placeField || []), ...(view.places || []), ...stakes.map((s) => s.place)])].filter((p) => p !== "");
    const shoe = view.shoe || {};
    fill(
      felt,
      facts([
        ["Phase", humanize(view.phase || "")],
        ["Coup", view.coup_number ?? view.round ?? ""],
        ["Cards left in the shoe", shoe.left ?? shoe.remaining ?? shoe.cards ?? ""],
        ["Cut card", shoe.cut !== undefined ? (shoe.cut_reached ? "reached: last coup of the shoe" : `at ${shoe.cut}`) : ""],
      ]),
      el(
        "div",
        { class: "bet-places", role: "group", "aria-label": "bet places" },
        places.map((place) => {
          const here = stakes.filter((s) => String(s.place) === String(place));
          const total = here.reduce((a, s) => a + s.amount, 0);
          return seatBox(
            humanize(String(place)),
            { mine: here.some((s) => s.player === ctx.me), key: `place-${place}` },
            el("p", { class: "chips" }, el("span", { class: "chip", "aria-hidden": "true" }), ` ${money(total)}`),
            here.length ? el("ul", { class: "stake-list" }, here.map((s) => el("li", { class: s.player === ctx.me ? "mine" : "" }, `${s.player}: ${money(s.amount)}${s.carried ? " (carried)" : ""}`))) : null,
          );
        }),
      ),
      el("div", { class: "hands" }, handsOf(view).map(([where, cards]) => el("div", { class: "hand-box" }, el("span", { class: "tier-name" }, humanize(where || "cards")), handRow(cards, { label: where || "cards" })))),
    );
  },
};
