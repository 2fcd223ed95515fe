// Small DOM helpers shared by the pages (no framework, no build step).

import { HIDDEN, cardImg, handRow, isCard, isTile, tileImg } from "./cards.js";
import { formatMoney, parseMoney } from "./money.js";

/** el("p", {class: "x", "aria-label": "y"}, "text", child, ...) */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "class") node.className = value;
    else if (name === "text") node.textContent = value;
    else if (name.startsWith("on") && typeof value === "function") node.addEventListener(name.slice(2), value);
    else if (name === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

/** replace the children of ``node`` with ``children`` (null, undefined and false left out) */
export function fill(node, ...children) {
  node.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
  return node;
}

/** the house currency's decimals, as the server gave the page (``<body data-decimals>``; 0
 * when a page names none: amounts then read as whole units) */
export function houseDecimals() {
  const given = Number(globalThis.document?.body?.dataset?.decimals);
  return Number.isInteger(given) && given >= 0 ? given : 0;
}

/** an amount of the smallest unit shown in the house currency: 1234567 -> 12,345.67 */
export function money(amount) {
  return formatMoney(amount, houseDecimals());
}

/** a signed amount in the house currency: +12.00 / −3.00 / 0.00 (+1,200 / −300 / 0 at 0) */
export function signed(amount) {
  return formatMoney(amount, houseDecimals(), { sign: true });
}

/** typed text as the whole number of the smallest unit ({value}) or a refusal ({error}) */
export function parseAmount(text) {
  return parseMoney(text, houseDecimals());
}

/** a count that is not money (seats, rounds, faan, cards), grouped: 12,345 */
export function count(value) {
  return typeof value === "number" ? value.toLocaleString("en") : String(value ?? "");
}

// the fields whose numbers are money wherever a record shows them (feed, recall, fallback
// layout): stakes, chips, pots, payouts, commissions, limits
const MONEY_KEYS = new Set([
  "amount", "buy_in", "cash_out", "stake", "paid", "net", "nets", "amounts", "chips", "stack",
  "capital", "stacks", "pot", "pot_money", "bets", "put_in", "returned", "odd_to_house", "top_up",
  "commission", "initial_commission",
  "initial_commission_amount", "house", "prize", "owed", "balance", "carried", "staked",
  "on_layout", "bet", "min_bet", "min_buy_in", "top_up_below", "minimum",
  "maximum", "loss_today", "daily_loss_limit",
]);
// fields never money, even inside a money field ({paid: {seat: ..}} is, a place is not)
const COUNT_KEYS = new Set([
  "seat", "seats", "place", "position", "number", "round", "seq", "count", "hand", "at", "faan",
  "to", // the place or seat a card reached (card_dealt, deal_card), never money
  "points", "units", "cards", "deck", "decks", "wind", "winners", "eligible", "total", "dice",
]);

/** is a number under ``key`` money, its parent's being ``parentMoney``? */
function isMoneyKey(key, parentMoney) {
  if (MONEY_KEYS.has(key)) return true;
  return parentMoney && !COUNT_KEYS.has(key);
}

export function humanize(text) {
  const words = String(text).replace(/[_-]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** the player's name of an actor text ("player:ana" -> "ana"), or the text itself */
export function actorName(actor) {
  if (typeof actor !== "string") return "";
  const [role, name] = actor.split(":");
  if (!name) return role;
  return role === "player" ? name : `${name} (${role})`;
}

/**
 * Any JSON value shown as a person reads it: cards and tiles as pictures (in the given
 * ``kind``'s context), lists of them as a row, objects as a definition list. Used by the
 * event feed, the recall and the fallback layout. A number is money (the house currency)
 * under a money field (``amount``, ``chips``, ``paid``...: MONEY_KEYS, and what a money field
 * holds but its seats and places), anything else a plain count (a seat, a round, faan).
 */
export function valueNode(value, { kind = "cards", depth = 0, isMoney = false } = {}) {
  if (value === null || value === undefined) return el("span", { class: "muted" }, "—");
  if (typeof value === "string") {
    if (value === HIDDEN) return kind === "tiles" ? tileImg(value, "small") : cardImg(value, "small");
    if (kind === "cards" && isCard(value)) return cardImg(value, "small");
    if (kind === "tiles" && isTile(value)) return tileImg(value, "small");
    return el("span", {}, value);
  }
  // a number is money under a money field (MONEY_KEYS), anything else a count
  if (typeof value === "number") return el("span", { class: "num" }, isMoney ? money(value) : count(value));
  if (typeof value === "boolean") return el("span", {}, value ? "yes" : "no");
  const inner = { kind, depth: depth + 1, isMoney };
  if (Array.isArray(value)) {
    if (value.length && value.every((v) => typeof v === "string" && (kind === "cards" ? isCard(v) || v === "##" : isTile(v) || v === "##"))) {
      return handRow(value, { kind, size: "small" });
    }
    if (!value.length) return el("span", { class: "muted" }, "none");
    // [[seat, amount], ...] under a money field: the seat, then the amount
    if (isMoney && value.every((v) => Array.isArray(v) && v.length === 2 && typeof v[1] === "number")) {
      return el("span", {}, ...value.map(([who, amount], i) => [i ? ", " : "", `${who}: `, el("span", { class: "num" }, money(amount))]));
    }
    if (value.every((v) => typeof v !== "object" || v === null)) {
      return el("span", {}, ...value.map((v, i) => [i ? ", " : "", valueNode(v, inner)]));
    }
    return el("ol", { class: "json-list" }, ...value.map((v) => el("li", {}, valueNode(v, inner))));
  }
  const dl = el("dl", { class: "json" });
  for (const [key, v] of Object.entries(value)) {
    if (key === "type" && depth === 0) continue;
    dl.append(el("dt", {}, humanize(key)), el("dd", {}, valueNode(v, { kind, depth: depth + 1, isMoney: isMoneyKey(key, isMoney) })));
  }
  return dl;
}

/** is this game played with tiles? */
export function kindOf(game) {
  return game === "mahjong" ? "tiles" : "cards";
}

/** the element whose data-key is ``key`` inside ``root`` */
export function byKey(root, key) {
  if (!key) return null;
  return root.querySelector(`[data-key="${CSS.escape(key)}"]`);
}
