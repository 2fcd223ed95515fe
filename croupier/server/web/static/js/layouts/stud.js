// Five-card stud (Portaria 104/85/M): the seats with their stacks, up cards and the key card
// (the hole card: its owner sees it, the others see its back until the showdown), the bets of
// this betting round, the pot and, at the settlement, the side pots with their winners. The
// betting actions with their amounts are the offers (fold, check, call, bet, raise_to).

import { cardList, handRow } from "../cards.js";
import { el, facts, money, phaseLine, pot, seatBox, fill } from "./common.js";

function mySeat(view, me) {
  if (view.seat !== undefined && view.seat !== null) return String(view.seat);
  for (const [seat, info] of Object.entries(view.seats || {})) if (info.player === me) return seat;
  return null;
}

export const stud = {
  handles: [],
  render(felt, view, ctx) {
    const hand = view.hand || null;
    const last = view.last_hand || null;
    const mine = mySeat(view, ctx.me);
    const seats = Object.entries(view.seats || {});
    const inHand = new Set((hand?.in_hand || []).map(String));
    const folded = new Set((hand?.folded || []).map(String));
    const boxes = seats.map(([seat, info]) => {
      const up = cardList(hand?.up?.[seat]);
      let key = [];
      if (hand && inHand.has(seat)) {
        key = [seat === mine && hand.key ? hand.key : "##"];
      } else if (!hand && last?.shown?.[seat]) {
        key = [last.shown[seat]];
      }
      const shownUp = up.length ? up : cardList(!hand ? last?.up?.[seat] : null);
      return seatBox(
        `Seat ${seat}: ${info.player}`,
        { active: hand && String(hand.to_act) === seat, mine: seat === mine, out: folded.has(seat), key: `seat-${seat}` },
        facts([
          ["Stack", money(info.stack)],
          ["Bet this round", hand ? money(hand.bets?.[seat] ?? 0) : ""],
          ["In the pot", hand ? money(hand.put_in?.[seat] ?? 0) : ""],
          ["Folded", folded.has(seat) ? "yes" : ""],
          ["Must top up", info.must_top_up ? "yes" : ""],
        ]),
        key.length || shownUp.length
          ? el(
              "div",
              { class: "stud-cards" },
              key.length ? el("div", { class: "key-card" }, el("span", { class: "tier-name" }, "Key"), handRow(key, { label: `seat ${seat} key card` })) : null,
              shownUp.length ? el("div", { class: "up-cards" }, el("span", { class: "tier-name" }, "Up"), handRow(shownUp, { label: `seat ${seat} up cards` })) : null,
            )
          : null,
      );
    });
    const pots = (last && !hand ? last.pots : hand?.pots) || [];
    fill(
      felt,
      phaseLine(view, [["Hand", hand?.number ?? view.hands_played ?? ""], ["Betting round", hand?.round ?? ""]]),
      hand ? pot(hand.pot) : null,
      pots.length
        ? el("div", { class: "table-scroll" }, el(
            "table",
            { class: "amounts pots" },
            el("caption", {}, hand ? "Pots" : `Pots of hand ${last.number}`),
            el("thead", {}, el("tr", {}, ["Pot", "Amount", "Eligible seats", "Winners", "Paid"].map((h) => el("th", { scope: "col" }, h)))),
            el(
              "tbody",
              {},
              pots.map((p, i) =>
                el(
                  "tr",
                  {},
                  el("th", { scope: "row" }, i === 0 ? "Main" : `Side ${i}`),
                  el("td", { class: "num" }, money(p.amount)),
                  el("td", {}, (p.eligible || []).join(", ")),
                  el("td", {}, (p.winners || []).join(", ")),
                  el("td", {}, Object.entries(p.paid || {}).map(([s, a]) => `seat ${s}: ${money(a)}`).join("; ")),
                ),
              ),
            ),
          ))
        : null,
      el("div", { class: "seats" }, boxes),
    );
  },
};
