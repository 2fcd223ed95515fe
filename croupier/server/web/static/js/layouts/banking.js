// The banking games, 3-Card Baccarat (Portaria 22/96/M) and Football Poker (Despacho 65/2004):
// the layout's places with the stakes on each (bet kind, amount, yours marked, carried ones
// said so), the hands dealt at each place with their points once shown, the shoe with its cut
// card, your chips, and the last coup's settlement. Placing a bet is the offer's form (place,
// bet kind and amount within the table's limits); the limits are listed.

import { handRow } from "../cards.js";
import { el, facts, fill, humanize, money, seatBox } from "./common.js";

function placeName(place, labels) {
  const label = labels.get(String(place));
  return label && label !== String(place) ? humanize(label) : `Place ${place}`;
}

export const banking = {
  handles: [],
  render(felt, view, ctx) {
    const stakes = Array.isArray(view.layout) ? view.layout : [];
    const hands = Array.isArray(view.hands) ? view.hands : [];
    const labels = new Map(hands.map((h) => [String(h.place), h.label]));
    const holders = new Map();
    for (const [place, name] of Object.entries(view.seats || {})) holders.set(String(place), name);
    for (const h of hands) if (h.holder) holders.set(String(h.place), h.holder);
    const bet = (ctx.offers || []).find((o) => o.type === "bet");
    const offered = bet?.place?.one_of || [];
    const places = [...new Set([...holders.keys(), ...hands.map((h) => String(h.place)), ...stakes.map((s) => String(s.place)), ...offered.map(String)])].sort((a, b) => Number(a) - Number(b) || a.localeCompare(b));
    const shoe = view.shoe || null;
    const you = view.you || null;
    const limits = Object.entries(view.limits || {});
    fill(
      felt,
      facts([
        ["Phase", humanize(view.phase || "")],
        ["Coup", view.round ?? ""],
        ["Cards left in the shoe", shoe ? shoe.remaining ?? "" : ""],
        ["Cut card", shoe ? (shoe.cut_card_out ? "out: the last coup of this shoe" : "not yet out") : ""],
        ["Your chips", you ? money(you.chips) : ""],
        ["Yours on the layout", you && you.on_layout ? money(you.on_layout) : ""],
      ]),
      el(
        "div",
        { class: "bet-places", role: "group", "aria-label": "the layout: places, stakes and hands" },
        places.map((place) => {
          const here = stakes.filter((s) => String(s.place) === place);
          const hand = hands.find((h) => String(h.place) === place);
          const total = here.reduce((sum, s) => sum + (s.amount || 0), 0);
          const holder = holders.get(place);
          return seatBox(
            `${placeName(place, labels)}${holder ? `: ${holder}` : ""}`,
            { mine: (holder && holder === ctx.me) || here.some((s) => s.player === ctx.me), key: `place-${place}` },
            hand
              ? el(
                  "div",
                  { class: "hand-box" },
                  handRow(hand.cards || [], { label: `${placeName(place, labels)}: cards` }),
                  hand.points !== undefined ? el("p", {}, `${hand.hand ? `${hand.hand}: ` : ""}${hand.points} points`) : null,
                )
              : null,
            el("p", { class: "chips" }, el("span", { class: "chip", "aria-hidden": "true" }), ` ${money(total)} staked`),
            here.length
              ? el(
                  "ul",
                  { class: "stake-list" },
                  here.map((s) => el("li", { class: s.player === ctx.me ? "mine" : "" }, `${s.player}: ${humanize(s.bet || "")} ${money(s.amount)}${s.carried ? " (carried)" : ""}`)),
                )
              : null,
          );
        }),
      ),
      limits.length
        ? el("details", { class: "limits" }, el("summary", {}, "The table's limits"), facts(limits.map(([kind, l]) => [humanize(kind), `${money(l.min)} to ${l.max === null || l.max === undefined ? "no limit" : money(l.max)}`])))
        : null,
    );
  },
};
