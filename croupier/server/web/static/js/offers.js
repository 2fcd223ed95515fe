// Controls built from a table's legal(actor) offers, for any game (docs/table.md, offers.py).
//
// An offer is {"type": "raise_to", "amount": {"min": 40, "max": 400}, "label": "..."}; each
// field's domain is one of
//   {"is": value}                  exactly this value (nothing to choose)
//   {"one_of": [v, ...]}           one button per value (cards and tiles drawn as such)
//   {"min": a, "max": b}           an input bounded to a..b; a money field (``amount``,
//                                  ``buy_in``: MONEY_FIELDS) is typed and shown in the house
//                                  currency ("100.50") and sent as whole smallest units (10050)
//   {"split": [cards], "sizes": [3, 5, 5]}   the cards into tiers (the 13-card setting)
//   {"text": n}                    free text of 1 to n characters
// The controls make exactly the commands the offers admit: a person cannot build a command the
// table would refuse for its shape or bounds (the server still checks everything).

import { cardImg, isCard, isTile, tileImg, cardName, tileName } from "./cards.js";
import { TierSetter } from "./tiers.js";
import { count, money, parseAmount } from "./dom.js";

/** the offers' fields that are money (``Between`` domains of the tables' offers: a stake, a
 * buy-in, a top-up, a raise); every other bounded field is a count (the 13-card game's bet
 * ``units``, stud's cut ``cards``) */
export const MONEY_FIELDS = new Set(["amount", "buy_in"]);

/** a bounded field's value shown as a person reads it: money in the currency, else a count */
export function boundText(name, value) {
  return MONEY_FIELDS.has(name) ? money(value) : count(value);
}

export function domainKind(domain) {
  if (domain && typeof domain === "object" && !Array.isArray(domain)) {
    if ("is" in domain) return "exactly";
    if ("one_of" in domain) return "one_of";
    if ("min" in domain && "max" in domain) return "between";
    if ("split" in domain) return "split";
    if ("text" in domain) return "text";
  }
  return "unknown";
}

/** the fields of an offer (everything but its type and label), with their kinds */
export function offerFields(offer) {
  return Object.entries(offer)
    .filter(([name]) => name !== "type" && name !== "label")
    .map(([name, domain]) => ({ name, domain, kind: domainKind(domain) }));
}

export function humanize(text) {
  const words = String(text).replace(/[_-]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** the command with every fixed field filled in and the given values */
export function commandOf(offer, values = {}) {
  const command = { type: offer.type };
  for (const { name, domain, kind } of offerFields(offer)) {
    if (name in values) command[name] = values[name];
    else if (kind === "exactly") command[name] = domain.is;
    else if (kind === "one_of" && domain.one_of.length === 1) command[name] = domain.one_of[0];
  }
  return command;
}

/** true when the offer admits the command (the same test as Offer.admits) */
export function admits(offer, command) {
  if (command.type !== offer.type) return false;
  for (const { name, domain, kind } of offerFields(offer)) {
    const value = command[name];
    if (kind === "exactly" && JSON.stringify(value) !== JSON.stringify(domain.is)) return false;
    if (kind === "one_of" && !domain.one_of.some((v) => JSON.stringify(v) === JSON.stringify(value)))
      return false;
    if (kind === "between" && !(Number.isInteger(value) && value >= domain.min && value <= domain.max))
      return false;
    if (kind === "text" && !(typeof value === "string" && value.length >= 1 && value.length <= domain.text))
      return false;
    if (kind === "split") {
      if (!Array.isArray(value) || value.length !== domain.sizes.length) return false;
      const flat = value.flat();
      if (value.some((g, i) => g.length !== domain.sizes[i])) return false;
      if (new Set(flat).size !== flat.length || flat.length !== domain.split.length) return false;
      if (!flat.every((c) => domain.split.includes(c))) return false;
    }
  }
  return true;
}

/** a value shown in words (and, for a card or a tile, its picture) */
function valueContent(value, field) {
  const span = document.createElement("span");
  if (isCard(value) && field !== "seat") {
    span.append(cardImg(value, "small"));
    return { node: span, text: cardName(value) };
  }
  if (isTile(value) && (field === "tile" || field === "tiles" || value.length === 2)) {
    span.append(tileImg(value, "small"));
    return { node: span, text: tileName(value) };
  }
  const text = typeof value === "string" ? humanize(value) : JSON.stringify(value);
  span.textContent = text;
  return { node: span, text };
}

function button(text, onClick, { className = "action", key = "" } = {}) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = className;
  b.textContent = text;
  if (key) b.dataset.key = key;
  b.addEventListener("click", onClick);
  return b;
}

let inputCounter = 0;
function uniqueId(prefix) {
  inputCounter += 1;
  return `${prefix}-${inputCounter}`;
}

/**
 * Build the controls of one offer. ``send(command)`` is called with a command the offer admits.
 * ``hooks.split`` gives the TierSetter its foul check and hint (the 13-card game).
 */
export function offerControl(offer, send, hooks = {}) {
  const fields = offerFields(offer);
  const free = fields.filter((f) => f.kind !== "exactly" && !(f.kind === "one_of" && f.domain.one_of.length === 1));
  // an offer without a label is named by its type and its fixed values ("Bet, position 2")
  const fixed = fields.filter((f) => f.kind === "exactly" && typeof f.domain.is !== "boolean");
  const title = offer.label || [humanize(offer.type), ...fixed.map((f) => `${f.name.replace(/_/g, " ")} ${f.domain.is}`)].join(", ");
  const box = document.createElement("div");
  box.className = `offer offer-${offer.type}`;
  box.dataset.offer = offer.type;

  if (free.length === 0) {
    box.classList.add("simple");
    box.append(button(title, () => send(commandOf(offer)), { key: `offer:${offer.type}` }));
    return box;
  }
  if (free.length === 1 && free[0].kind === "one_of") {
    const { name, domain } = free[0];
    const group = document.createElement("div");
    group.setAttribute("role", "group");
    group.setAttribute("aria-label", title);
    const heading = document.createElement("span");
    heading.className = "offer-title";
    heading.textContent = title;
    group.append(heading);
    for (const value of domain.one_of) {
      const { node, text } = valueContent(value, name);
      const b = button("", () => send(commandOf(offer, { [name]: value })), {
        key: `offer:${offer.type}:${JSON.stringify(value)}`,
      });
      b.append(node);
      b.setAttribute("aria-label", `${title}: ${text}`);
      b.dataset.value = JSON.stringify(value);
      group.append(b);
    }
    box.append(group);
    return box;
  }
  if (free.length === 1 && free[0].kind === "split") {
    // several offers of one setting (an ascending one, a fouled one confirmed as such) share
    // one setter; the engine's check of the tiers picks the offer that admits them
    const group = [offer, ...(hooks.alike || [])];
    const field = free[0].name;
    const marked = group.filter((o) => "fouled" in o[field]);
    const allowFoul = !marked.length || marked.some((o) => o[field].fouled === true);
    const setter = new TierSetter(free[0].domain, {
      title,
      check: hooks.split?.check,
      hint: hooks.split?.hint,
      allowFoul,
      submit: (tiers) => {
        let chosen = group[0];
        if (marked.length) {
          const fouled = Boolean(setter.checked?.fouled);
          chosen = marked.find((o) => o[field].fouled === fouled) || group[0];
        }
        send(commandOf(chosen, { [field]: tiers }));
      },
    });
    box.append(setter.element);
    box.tierSetter = setter;
    return box;
  }
  // a form: amounts, several choices, text
  const form = document.createElement("form");
  form.className = "offer-form";
  form.noValidate = true; // our own message names the bounds (role=alert)
  const readers = {};
  for (const { name, domain, kind } of free) {
    const id = uniqueId(`f-${offer.type}-${name}`);
    const label = document.createElement("label");
    label.htmlFor = id;
    label.textContent = humanize(name);
    let input;
    if (kind === "between") {
      input = document.createElement("input");
      const isMoney = MONEY_FIELDS.has(name);
      if (isMoney) {
        // text: "1,000.25" is typed as read; the page parses it exactly (parseAmount)
        input.type = "text";
        input.inputMode = "decimal";
        input.autocomplete = "off";
        input.value = money(domain.min);
        readers[name] = () => {
          const parsed = parseAmount(input.value);
          if (parsed.error) throw new RangeError(parsed.error);
          return parsed.value;
        };
      } else {
        input.type = "number";
        input.inputMode = "numeric";
        input.min = String(domain.min);
        input.max = String(domain.max);
        input.step = "1";
        input.value = String(domain.min);
        readers[name] = () => Number(input.value);
      }
      input.required = true;
      const range = document.createElement("span");
      range.className = "range";
      range.id = `${id}-range`;
      range.textContent = `${boundText(name, domain.min)} to ${boundText(name, domain.max)}`;
      input.setAttribute("aria-describedby", range.id);
      form.append(label, input, range);
      if (domain.max > domain.min) {
        const quick = document.createElement("span");
        quick.className = "quick";
        for (const [word, v] of [["min", domain.min], ["max", domain.max]]) {
          const shown = isMoney ? money(v) : String(v);
          const q = button(word, () => {
            input.value = shown;
            input.focus();
          }, { className: "quick-amount" });
          q.setAttribute("aria-label", `${humanize(name)}: ${word} ${boundText(name, v)}`);
          quick.append(q);
        }
        form.append(quick);
      }
    } else if (kind === "one_of") {
      input = document.createElement("select");
      for (const value of domain.one_of) {
        const option = document.createElement("option");
        option.value = JSON.stringify(value);
        option.textContent = valueContent(value, name).text;
        input.append(option);
      }
      readers[name] = () => JSON.parse(input.value);
      form.append(label, input);
    } else if (kind === "text") {
      input = document.createElement("input");
      input.type = "text";
      input.maxLength = domain.text;
      input.required = true;
      readers[name] = () => input.value.trim();
      form.append(label, input);
    } else {
      const note = document.createElement("span");
      note.textContent = `${humanize(name)}: this browser cannot offer this choice`;
      form.append(note);
      continue;
    }
    input.id = id;
    input.name = name;
    input.dataset.key = `offer:${offer.type}:${name}`;
  }
  const submit = document.createElement("button");
  submit.type = "submit";
  submit.className = "action";
  submit.textContent = title;
  submit.dataset.key = `offer:${offer.type}:submit`;
  form.append(submit);
  const error = document.createElement("span");
  error.className = "form-error";
  error.setAttribute("role", "alert");
  form.append(error);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const values = {};
    for (const [name, read] of Object.entries(readers)) {
      try {
        values[name] = read();
      } catch (refusal) {
        if (!(refusal instanceof RangeError)) throw refusal;
        // an amount that is not one, or with more decimals than the currency: nothing sent
        error.textContent = `${humanize(name)}: ${refusal.message}; nothing was sent`;
        return;
      }
    }
    const command = commandOf(offer, values);
    if (!admits(offer, command)) {
      error.textContent = "Out of bounds: " + free
        .filter((f) => f.kind === "between")
        .map((f) => `${humanize(f.name)} ${boundText(f.name, f.domain.min)} to ${boundText(f.name, f.domain.max)}`)
        .join(", ");
      return;
    }
    error.textContent = "";
    send(command);
  });
  box.append(form);
  return box;
}

/**
 * Render every offer into ``container``: a labelled group of actions. Offers that a layout
 * handles itself (by type) are left out. Returns the TierSetter if one was built.
 */
export function renderOffers(container, offers, send, { skip = [], hooks = {}, title = "Your actions" } = {}) {
  container.replaceChildren();
  const section = document.createElement("section");
  section.className = "actions";
  section.setAttribute("aria-label", title);
  const heading = document.createElement("h2");
  heading.textContent = title;
  section.append(heading);
  let setter = null;
  const shown = (offers || []).filter((o) => !skip.includes(o.type));
  // offers of one type splitting the same cards are one setting (one setter for them all)
  const alike = new Map();
  const splitKey = (o) => {
    const field = offerFields(o).find((f) => f.kind === "split");
    return field ? `${o.type}|${[...field.domain.split].sort().join(" ")}` : null;
  };
  for (const o of shown) {
    const key = splitKey(o);
    if (key) alike.set(key, [...(alike.get(key) || []), o]);
  }
  if (!shown.length) {
    const p = document.createElement("p");
    p.className = "muted";
    p.textContent = (offers || []).length ? "Choose on the table above." : "Nothing to do now.";
    section.append(p);
  }
  for (const offer of shown) {
    const key = splitKey(offer);
    const same = key ? alike.get(key) : null;
    if (same && same[0] !== offer) continue; // shown with the first offer of its setting
    const control = offerControl(offer, send, same ? { ...hooks, alike: same.slice(1) } : hooks);
    if (control.tierSetter) setter = control.tierSetter;
    section.append(control);
  }
  container.append(section);
  return setter;
}
