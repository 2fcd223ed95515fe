// Pieces shared by the game layouts.

import { handRow, cardList } from "../cards.js";
import { actorName, el, fill, humanize, money, signed, valueNode } from "../dom.js";

/** a labelled box on the felt: a seat, a position, the banker */
export function seatBox(title, { active = false, mine = false, out = false, key = "" } = {}, ...children) {
  const classes = ["seat"];
  if (active) classes.push("to-act");
  if (mine) classes.push("mine");
  if (out) classes.push("out");
  return el(
    "section",
    { class: classes.join(" "), "aria-label": `${title}${active ? ", to act" : ""}${mine ? ", you" : ""}`, dataset: key ? { seat: key } : {} },
    el("h3", {}, title, active ? el("span", { class: "badge" }, "to act") : null, mine ? el("span", { class: "badge you" }, "you") : null),
    ...children,
  );
}

/** "label: value" lines */
export function facts(pairs) {
  const dl = el("dl", { class: "facts" });
  for (const [label, value] of pairs) {
    if (value === undefined || value === null || value === "") continue;
    dl.append(el("dt", {}, label), el("dd", {}, value instanceof Node ? value : String(value)));
  }
  return dl;
}

export function cards(value, label = "", size = "") {
  const list = cardList(value);
  if (!list.length) return null;
  return handRow(list, { label, size });
}

/** the three tiers of a 13-card setting {front, middle, back} */
export function settingRows(setting, label = "setting") {
  if (!setting) return null;
  return el(
    "div",
    { class: "setting", role: "group", "aria-label": label },
    ["front", "middle", "back"].map((tier) =>
      el("div", { class: `setting-row tier-${tier}` }, el("span", { class: "tier-name" }, humanize(tier)), cards(setting[tier], `${label}: ${tier}`, "small")),
    ),
  );
}

export function phaseLine(view, extra = []) {
  const parts = [];
  if (view.phase) parts.push(["Phase", humanize(view.phase)]);
  if (view.round !== undefined && view.round !== null) parts.push(["Round", view.round]);
  return facts([...parts, ...extra]);
}

export function pot(amount, label = "Pot") {
  return el("div", { class: "pot" }, el("span", { class: "pot-label" }, label), " ", el("strong", { class: "num" }, money(amount)));
}

export { actorName, el, fill, humanize, money, signed, valueNode };
