// Small DOM helpers shared by the pages (no framework, no build step).

import { HIDDEN, cardImg, handRow, isCard, isTile, tileImg } from "./cards.js";

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

/** a whole amount of the smallest unit, grouped: 12,345 */
export function money(amount) {
  if (typeof amount !== "number") return String(amount ?? "");
  return amount.toLocaleString("en");
}

/** a signed amount: +1,200 / −300 / 0 */
export function signed(amount) {
  if (typeof amount !== "number") return String(amount ?? "");
  if (amount > 0) return `+${money(amount)}`;
  if (amount < 0) return `−${money(-amount)}`;
  return "0";
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
 * event feed, the recall and the fallback layout.
 */
export function valueNode(value, { kind = "cards", depth = 0 } = {}) {
  if (value === null || value === undefined) return el("span", { class: "muted" }, "—");
  if (typeof value === "string") {
    if (value === HIDDEN) return kind === "tiles" ? tileImg(value, "small") : cardImg(value, "small");
    if (kind === "cards" && isCard(value)) return cardImg(value, "small");
    if (kind === "tiles" && isTile(value)) return tileImg(value, "small");
    return el("span", {}, value);
  }
  if (typeof value === "number") return el("span", { class: "num" }, money(value));
  if (typeof value === "boolean") return el("span", {}, value ? "yes" : "no");
  if (Array.isArray(value)) {
    if (value.length && value.every((v) => typeof v === "string" && (kind === "cards" ? isCard(v) || v === "##" : isTile(v) || v === "##"))) {
      return handRow(value, { kind, size: "small" });
    }
    if (!value.length) return el("span", { class: "muted" }, "none");
    if (value.every((v) => typeof v !== "object" || v === null)) {
      return el("span", {}, ...value.map((v, i) => [i ? ", " : "", valueNode(v, { kind, depth: depth + 1 })]));
    }
    return el("ol", { class: "json-list" }, ...value.map((v) => el("li", {}, valueNode(v, { kind, depth: depth + 1 }))));
  }
  if (typeof value === "string" && isCard(value)) return cardImg(value, "small");
  const dl = el("dl", { class: "json" });
  for (const [key, v] of Object.entries(value)) {
    if (key === "type" && depth === 0) continue;
    dl.append(el("dt", {}, humanize(key)), el("dd", {}, valueNode(v, { kind, depth: depth + 1 })));
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
