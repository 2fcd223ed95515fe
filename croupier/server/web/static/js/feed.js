// The event feed: each event as the viewer was allowed to see it ({seq, at, actor, event}),
// newest last, with cards and tiles drawn; and the settlement of the last round.

import { actorName, el, humanize, money, signed, valueNode } from "./dom.js";

// the event that closes a round: settled (a round, a hand, a coup, a game of Mah-Jong), voided
// (house_void: a dealer voided it), lapsed
const SETTLE = /(^|_)(settled|voided|lapsed)$|^house_void$/;
const ROUND_OPEN = /open|started|begin/;

export function isSettlement(event) {
  return SETTLE.test(event?.type || "");
}

/** one line of the feed */
export function feedItem(entry, { kind = "cards" } = {}) {
  const event = entry.event || {};
  const details = { ...event };
  delete details.type;
  const when = typeof entry.at === "number" && entry.at > 1e11 ? new Date(entry.at).toLocaleTimeString("en-GB") : "";
  const item = el(
    "li",
    { class: `feed-item${isSettlement(event) ? " settlement" : ""}`, dataset: { seq: entry.seq, type: event.type } },
    el("span", { class: "seq" }, `#${entry.seq}`),
    " ",
    when ? el("time", { class: "muted" }, when) : null,
    " ",
    el("strong", {}, humanize(event.type || "event")),
    entry.actor && entry.actor !== "dealer:house" ? el("span", { class: "muted" }, ` by ${actorName(entry.actor)}`) : null,
  );
  if (Object.keys(details).length) item.append(el("div", { class: "feed-details" }, valueNode(details, { kind, depth: 1 })));
  return item;
}

export class Feed {
  constructor(root, { kind = "cards", limit = 200 } = {}) {
    this.kind = kind;
    this.limit = limit;
    // scrollable, so it takes the focus (keyboard users scroll it with the arrows)
    this.list = el("ol", { class: "feed-list", tabindex: "0", "aria-label": "Events, newest last" });
    root.replaceChildren(el("h2", {}, "Events"), this.list);
    root.setAttribute("role", "log");
    root.setAttribute("aria-label", "Events at the table");
    this.seen = new Set();
  }

  add(entries) {
    for (const entry of entries) {
      if (this.seen.has(entry.seq)) continue;
      this.seen.add(entry.seq);
      this.list.append(feedItem(entry, { kind: this.kind }));
    }
    while (this.list.children.length > this.limit) this.list.firstElementChild.remove();
    this.list.lastElementChild?.scrollIntoView?.({ block: "nearest" });
  }
}

/** amounts by person from a settlement-like object: {name: amount} */
function amounts(event) {
  const out = [];
  // parallel lists: {players: [...], net: [...]} (Mah-Jong's settlement)
  const who = event.players || event.names;
  const nets = event.net || event.nets || event.amounts;
  if (Array.isArray(who) && Array.isArray(nets) && who.length === nets.length && nets.every((n) => typeof n === "number")) {
    who.forEach((name, i) => out.push([String(name), nets[i]]));
    if (typeof event.commission === "number" && event.commission) out.push(["commission", event.commission]);
    return out;
  }
  const visit = (value, label) => {
    if (value && typeof value === "object" && !Array.isArray(value)) {
      const who = value.player || value.name || value.seat || value.position;
      const amount = value.net ?? value.amount ?? value.paid ?? value.won;
      if (who !== undefined && typeof amount === "number") {
        out.push([String(who), amount]);
        return;
      }
      for (const [k, v] of Object.entries(value)) {
        if (typeof v === "number" && /^(player:)?[A-Za-z0-9][\w.-]*$/.test(k) && !/^(number|round|seq|amount|total|staked|paid|hand|count|at)$/.test(k) && label) out.push([k, v]);
        else visit(v, k);
      }
    } else if (Array.isArray(value)) {
      for (const v of value) visit(v, label);
    }
  };
  visit(event, "");
  return out;
}

/** the banking games' settlement lines (round_settled, round_voided, house_void; the 13-card
 * game's too): one per stake, as recorded ({player, position, bet, stake, result, paid,
 * carried, article}), or null when the event has none */
function payoutLines(event) {
  const lines = event.lines;
  if (!Array.isArray(lines) || !lines.length) return null;
  const isLine = (l) => l && typeof l === "object" && typeof l.stake === "number" && typeof l.paid === "number" && typeof l.result === "string";
  return lines.every(isLine) ? lines : null;
}

/** how a bet ended, in words (the record's result: win, lose, push, carry, half) */
const RESULTS = { win: "won", lose: "lost", push: "returned", carry: "carried over", half: "half lost" };

/** a line's net: paid + carried - stake (a carried stake is not lost: PayoutLine.net) */
function lineNet(line) {
  return line.paid + (typeof line.carried === "number" ? line.carried : 0) - line.stake;
}

function whoName(who) {
  return actorName(who.includes(":") ? who : `player:${who}`);
}

/** one row per stake: who, bet, place, stake, result, paid, net, article (the CLI's columns) */
function linesTable(event, lines, me) {
  const cols = ["Who", "Bet", "Place", "Stake", "Result", "Paid", "Net", "Article"];
  return el(
    "div",
    { class: "table-scroll" },
    el(
      "table",
      { class: "amounts settlement-lines" },
      el("caption", {}, humanize(event.type)),
      el("thead", {}, el("tr", {}, cols.map((h) => el("th", { scope: "col" }, h)))),
      el(
        "tbody",
        {},
        lines.map((line) => {
          const who = String(line.player ?? "");
          const net = lineNet(line);
          return el(
            "tr",
            { class: who === me || who === `player:${me}` ? "mine" : "" },
            el("th", { scope: "row" }, whoName(who)),
            el("td", { "data-label": "Bet" }, humanize(line.bet ?? "")),
            el("td", { "data-label": "Place" }, line.position ?? ""),
            el("td", { class: "num", "data-label": "Stake" }, money(line.stake)),
            el("td", { "data-label": "Result" }, RESULTS[line.result] || line.result),
            el("td", { class: "num", "data-label": "Paid" }, money(line.paid)),
            el("td", { class: `num ${net > 0 ? "gain" : net < 0 ? "loss" : ""}`, "data-label": "Net" }, signed(net)),
            el("td", { "data-label": "Article" }, line.article ?? ""),
          );
        }),
      ),
    ),
  );
}

/** five-card stud's pots (hand_settled): [{amount, eligible, winners, commission, paid:
 * [[seat, amount]], odd_to_house}], main pot first; or null when the event has none */
function studPots(event) {
  const pots = event.pots;
  if (!Array.isArray(pots) || !pots.length) return null;
  const isPot = (p) => p && typeof p === "object" && typeof p.amount === "number" && Array.isArray(p.winners);
  return pots.every(isPot) ? pots : null;
}

/** [[seat, amount]] (the event's paid and returned) or {seat: amount} (the view's) as pairs */
function seatPairs(value) {
  if (Array.isArray(value)) return value.filter((p) => Array.isArray(p) && p.length === 2).map(([s, a]) => [String(s), a]);
  if (value && typeof value === "object") return Object.entries(value).map(([s, a]) => [String(s), a]);
  return [];
}

/** one row per pot: the pot, its amount, who won it, what each was paid, the house's
 * commission of it (Art 4, 9, 11 a); then the uncalled bets returned (Art 9) and the house's
 * take. A seat is named by the player the view seats there ("seat N" when none is known). */
function potsTable(event, pots, me, seats) {
  let unnamed = 0;
  const name = (seat) => {
    const who = seats[String(seat)];
    if (who === undefined) unnamed += 1;
    return who === undefined ? `seat ${seat}` : whoName(who);
  };
  const isMe = (seat) => {
    const who = seats[String(seat)];
    return who !== undefined && me !== "" && (who === me || who === `player:${me}`);
  };
  const cols = ["Pot", "Amount", "Won by", "Paid", "House's commission"];
  const title = `${humanize(event.type)}${typeof event.number === "number" ? ` (hand ${event.number})` : ""}`;
  const table = el(
    "table",
    { class: "amounts settlement-pots" },
    el("caption", {}, title),
    el("thead", {}, el("tr", {}, cols.map((h) => el("th", { scope: "col" }, h)))),
    el(
      "tbody",
      {},
      pots.map((pot, i) => {
        const paid = seatPairs(pot.paid);
        const odd = typeof pot.odd_to_house === "number" ? pot.odd_to_house : 0;
        const commission = typeof pot.commission === "number" ? pot.commission : 0;
        return el(
          "tr",
          { class: pot.winners.some(isMe) ? "mine" : "" },
          el("th", { scope: "row" }, i === 0 ? "Main pot" : `Side pot ${i}`),
          el("td", { class: "num", "data-label": "Amount" }, money(pot.amount)),
          el("td", { "data-label": "Won by" }, pot.winners.length ? pot.winners.map(name).join(", ") : "nobody"),
          el(
            "td",
            { class: "num", "data-label": "Paid" },
            paid.length === 1 && pot.winners.length === 1 ? money(paid[0][1]) : paid.map(([s, a]) => `${name(s)}: ${money(a)}`).join(", "),
          ),
          el(
            "td",
            { class: "num", "data-label": "House's commission" },
            `${money(commission)}${odd ? ` + ${money(odd)} odd (the split's remainder)` : ""}`,
          ),
        );
      }),
    ),
  );
  const notes = [];
  for (const [seat, amount] of seatPairs(event.returned)) {
    notes.push(el("li", { class: isMe(seat) ? "mine" : "" }, `Uncalled bet returned to ${name(seat)}: ${money(amount)} (Art 9)`));
  }
  if (typeof event.initial_commission === "number") notes.push(el("li", {}, `Initial commission (Art 8): ${money(event.initial_commission)}`));
  if (typeof event.house === "number") notes.push(el("li", {}, `The house's take for the hand: ${money(event.house)}`));
  const node = el("div", { class: "settlement-stud" }, el("div", { class: "table-scroll" }, table), notes.length ? el("ul", { class: "settlement-notes" }, notes) : null);
  return { node, unnamed };
}

/** the settlement panel: the last settlement event with its amounts. ``seats``: seat -> the
 * player the view seats there (five-card stud's pots name seats). Returns how many times it
 * could not name a seat (shown "seat N"; 0: none): the table view draws it again once its
 * view names them. */
export function renderSettlement(root, entry, { kind = "cards", me = "", seats = {} } = {}) {
  root.replaceChildren();
  if (!entry) {
    root.append(el("h2", {}, "Settlement"), el("p", { class: "muted" }, "No round settled yet."));
    return 0;
  }
  const event = entry.event;
  root.append(el("h2", {}, `Settlement (#${entry.seq})`));
  const pots = studPots(event);
  const lines = pots ? null : payoutLines(event);
  const rows = lines || pots ? [] : amounts(event);
  let unnamed = 0;
  if (pots) {
    const drawn = potsTable(event, pots, me, seats || {});
    unnamed = drawn.unnamed;
    root.append(drawn.node);
  } else if (lines) root.append(linesTable(event, lines, me));
  else if (rows.length) {
    const table = el(
      "table",
      { class: "amounts" },
      el("caption", {}, humanize(event.type)),
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Who"), el("th", { scope: "col" }, "Amount"))),
      el(
        "tbody",
        {},
        rows.map(([who, amount]) =>
          el(
            "tr",
            { class: who === me || who === `player:${me}` ? "mine" : "" },
            el("th", { scope: "row" }, who === "commission" ? "the house's commission" : whoName(who)),
            el("td", { class: `num ${amount > 0 ? "gain" : amount < 0 ? "loss" : ""}` }, signed(amount)),
          ),
        ),
      ),
    );
    root.append(table);
  }
  const details = { ...event };
  delete details.type;
  if (pots || lines || rows.length) root.append(el("details", {}, el("summary", {}, "Every detail"), valueNode(details, { kind, depth: 1 })));
  else root.append(valueNode(details, { kind, depth: 1 }));
  return unnamed;
}

export { money, ROUND_OPEN };
