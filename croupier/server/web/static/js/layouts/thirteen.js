// The 13-card game (Portaria 51/89/M): the banker's hand and setting, the seven player
// positions with their holders, stakes, pick-up and setting state, the dice and the scores. The
// setting itself (Art 7: front 3, middle 5, back 5) is the Split offer's tier setter, with the
// foul warning and, at a practice table, the best-setting hint.

import { cards, el, facts, humanize, money, phaseLine, seatBox, settingRows, valueNode, fill } from "./common.js";

function position(p, me) {
  const mine = p.holder === me;
  const status = p.set ? (p.natural_declared ? "natural declared" : p.fouled ? "set (fouled)" : "set") : p.picked_up ? "picked up" : "";
  return seatBox(
    `Position ${p.position}`,
    { mine, key: `position-${p.position}` },
    facts([
      ["Holder", p.holder || "—"],
      ["Staked", p.staked ? money(p.staked) : ""],
      ["Status", status],
      ["Score", p.score ? valueNode(p.score, { depth: 1 }) : ""],
    ]),
    p.setting ? settingRows(p.setting, `position ${p.position} setting`) : cards(p.cards, `position ${p.position} cards`, "small"),
  );
}

export const thirteen = {
  handles: [],
  render(felt, view, ctx) {
    const banker = view.banker || {};
    const dice = view.dice;
    fill(
      felt,
      phaseLine(view, [
        ["Dice", dice ? `${(dice.dice || []).join(" + ")} = ${dice.total}` : ""],
        ["First position", view.first_position ?? ""],
        ["Late", (view.late || []).join(", ")],
      ]),
      seatBox(
        "Banker",
        { key: "banker" },
        banker.setting ? settingRows(banker.setting, "banker's setting") : cards(banker.cards, "banker's cards", "small"),
        banker.cards === null && view.phase && view.phase !== "betting" ? el("p", { class: "muted" }, "Cards face down") : null,
      ),
      el("div", { class: "positions" }, (view.positions || []).map((p) => position(p, ctx.me))),
      (view.layout || []).length
        ? el("div", { class: "table-scroll" }, el(
            "table",
            { class: "amounts stakes" },
            el("caption", {}, "Stakes on the layout"),
            el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Player"), el("th", { scope: "col" }, "Position"), el("th", { scope: "col" }, "Amount"))),
            el("tbody", {}, view.layout.map((s) => el("tr", { class: s.player === ctx.me ? "mine" : "" }, el("td", {}, s.player), el("td", {}, s.position), el("td", { class: "num" }, money(s.amount))))),
          ))
        : null,
    );
  },
  /** the setting offer's helpers: the foul check and, at practice tables, the hint */
  hooks(ctx) {
    const split = { check: (tiers) => ctx.api.checkSetting(tiers) };
    if (ctx.practice) split.hint = (cards) => ctx.api.hintSetting(ctx.table, cards);
    return { split };
  },
};

export { humanize };
