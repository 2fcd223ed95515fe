// The tier setter: a Split offer's cards into tiers of given sizes (the 13-card setting, Art 7:
// front 3, middle 5, back 5), by click, by drag or by keyboard alone.
//
// Click (or Enter/Space on) cards to select them, then "Place in front" (middle, back) moves
// the selection into that tier; a card in a tier goes back to the hand the same way ("Back to
// hand"). Cards can also be dragged onto a tier. With a card focused, the keys 1, 2, 3 place it
// in the first, second, third tier and 0 takes it back (the focus goes on to the next card of
// the row it left); the arrow keys move along a row. When every tier is full, the setting is
// checked (the server's own rules: check(tiers) -> {fouled, explanation}) and a foul is warned
// of before it can be confirmed: Art 7 lets a player confirm a fouled setting, and lose.

import { cardImg, cardName } from "./cards.js";

const TIER_NAMES = { "3,5,5": ["front", "middle", "back"] };
const RANK_ORDER = "23456789TJQKA";

function byRank(a, b) {
  return RANK_ORDER.indexOf(b[0]) - RANK_ORDER.indexOf(a[0]) || a[1].localeCompare(b[1]);
}

export class TierSetter {
  /**
   * @param {{split: string[], sizes: number[]}} domain
   * @param {object} options
   * @param {(tiers: string[][]) => void} options.submit
   * @param {(tiers: string[][]) => Promise<{fouled: boolean, explanation?: string}>} [options.check]
   * @param {(cards: string[]) => Promise<string[][]>} [options.hint] the best setting (practice)
   */
  constructor(domain, { submit, check = null, hint = null, title = "Set your cards", allowFoul = true }) {
    this.allowFoul = allowFoul;
    this.cards = [...domain.split].sort(byRank);
    this.sizes = domain.sizes;
    this.names = TIER_NAMES[this.sizes.join(",")] || this.sizes.map((_, i) => `tier ${i + 1}`);
    this.where = new Map(this.cards.map((c) => [c, -1])); // card -> tier index, -1: in hand
    this.selected = new Set();
    this.submitTo = submit;
    this.check = check;
    this.hint = hint;
    this.checked = null; // the last check's answer for the current full setting
    this.checkSerial = 0;
    this.element = document.createElement("div");
    this.element.className = "tier-setter";
    this.element.setAttribute("role", "group");
    this.element.setAttribute("aria-label", title);
    this.title = title;
    this.render();
  }

  /** the tiers as lists of cards (in the tier's order) */
  tiers() {
    return this.sizes.map((_, i) => this.cards.filter((c) => this.where.get(c) === i));
  }

  /** the cards of tier ``index`` (-1: the hand), in their order on the page */
  rowCards(index) {
    return this.cards.filter((c) => this.where.get(c) === index);
  }

  complete() {
    return this.tiers().every((t, i) => t.length === this.sizes[i]);
  }

  /** move cards into tier ``index`` (-1: the hand) as far as it has room */
  place(cards, index) {
    const moved = [];
    for (const card of cards) {
      if (this.where.get(card) === index) continue;
      if (index >= 0 && this.tiers()[index].length >= this.sizes[index]) break;
      this.where.set(card, index);
      moved.push(card);
    }
    this.selected.clear();
    this.checked = null;
    this.render();
    this.announce(
      moved.length
        ? `${moved.map(cardName).join(", ")} ${index < 0 ? "back in your hand" : `placed in the ${this.names[index]}`}`
        : index >= 0
          ? `The ${this.names[index]} is full`
          : "",
    );
    return moved;
  }

  /** set every tier at once (the hint, or a setting restored) */
  setAll(tiers) {
    this.where = new Map(this.cards.map((c) => [c, -1]));
    tiers.forEach((tier, i) => tier.forEach((c) => this.where.set(c, i)));
    this.selected.clear();
    this.checked = null;
    this.render();
  }

  announce(text) {
    if (this.status) this.status.textContent = text;
  }

  toggle(card) {
    if (this.selected.has(card)) this.selected.delete(card);
    else this.selected.add(card);
    this.render(card);
  }

  cardButton(card) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "card-button";
    b.dataset.card = card;
    b.dataset.key = `tier-card:${card}`;
    b.setAttribute("aria-pressed", String(this.selected.has(card)));
    const tier = this.where.get(card);
    b.setAttribute("aria-label", `${cardName(card)}${tier >= 0 ? `, in the ${this.names[tier]}` : ""}`);
    b.title = "Select; keys 1, 2, 3 place it, 0 takes it back; arrows move along the row";
    b.append(cardImg(card));
    b.draggable = true;
    b.addEventListener("click", () => this.toggle(card));
    b.addEventListener("keydown", (event) => {
      const digit = /^[0-9]$/.test(event.key) ? Number(event.key) : -1;
      if (digit >= 0 && digit <= this.sizes.length) {
        event.preventDefault();
        const from = this.where.get(card);
        const row = this.rowCards(from);
        const next = row[row.indexOf(card) + 1] || row[row.indexOf(card) - 1];
        this.place([card], digit - 1);
        // keep going along the row the card left (the hand, usually), else stay with it
        this.focusCard(next && this.where.get(next) === from ? next : card);
      } else if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
        event.preventDefault();
        const row = this.rowCards(this.where.get(card));
        const step = event.key === "ArrowRight" ? 1 : -1;
        const to = row[(row.indexOf(card) + step + row.length) % row.length];
        this.focusCard(to);
      }
    });
    b.addEventListener("dragstart", (event) => {
      const cards = this.selected.has(card) ? [...this.selected] : [card];
      event.dataTransfer.setData("text/plain", cards.join(" "));
      event.dataTransfer.effectAllowed = "move";
    });
    return b;
  }

  focusCard(card) {
    const b = this.element.querySelector(`[data-card="${card}"]`);
    if (b) b.focus();
  }

  dropZone(node, index) {
    node.addEventListener("dragover", (event) => {
      event.preventDefault();
      node.classList.add("drop-target");
    });
    node.addEventListener("dragleave", () => node.classList.remove("drop-target"));
    node.addEventListener("drop", (event) => {
      event.preventDefault();
      node.classList.remove("drop-target");
      const cards = event.dataTransfer.getData("text/plain").split(" ").filter((c) => this.where.has(c));
      this.place(cards, index);
    });
  }

  row(index) {
    const section = document.createElement("div");
    section.className = `tier tier-${index < 0 ? "hand" : this.names[index]}`;
    section.dataset.tier = index < 0 ? "hand" : this.names[index];
    const head = document.createElement("div");
    head.className = "tier-head";
    const label = document.createElement("span");
    label.className = "tier-name";
    const cards = index < 0 ? this.cards.filter((c) => this.where.get(c) === -1) : this.tiers()[index];
    label.textContent = index < 0
      ? `Your hand (${cards.length})`
      : `${this.names[index][0].toUpperCase()}${this.names[index].slice(1)} (${cards.length}/${this.sizes[index]})`;
    head.append(label);
    const move = document.createElement("button");
    move.type = "button";
    move.className = "place";
    move.dataset.key = `tier-place:${index}`;
    move.textContent = index < 0 ? "Back to hand" : `Place in ${this.names[index]}`;
    const room = index < 0 ? Infinity : this.sizes[index] - cards.length;
    move.disabled = this.selected.size === 0 || (index >= 0 && room < 1);
    move.addEventListener("click", () => this.place([...this.selected], index));
    head.append(move);
    const list = document.createElement("div");
    list.className = "tier-cards";
    list.setAttribute("role", "list");
    list.setAttribute("aria-label", label.textContent);
    for (const card of cards) {
      const item = document.createElement("div");
      item.setAttribute("role", "listitem");
      item.append(this.cardButton(card));
      list.append(item);
    }
    for (let i = cards.length; index >= 0 && i < this.sizes[index]; i += 1) {
      const slot = document.createElement("div");
      slot.className = "slot";
      slot.setAttribute("aria-hidden", "true");
      list.append(slot);
    }
    section.append(head, list);
    this.dropZone(section, index);
    return section;
  }

  render(focus = null) {
    const active = document.activeElement;
    const activeKey = active && this.element.contains(active) ? active.dataset.key : null;
    this.element.replaceChildren();
    const heading = document.createElement("h3");
    heading.textContent = this.title;
    this.element.append(heading);
    this.sizes.forEach((_, i) => this.element.append(this.row(i)));
    this.element.append(this.row(-1));
    const tools = document.createElement("div");
    tools.className = "tier-tools";
    const clear = document.createElement("button");
    clear.type = "button";
    clear.textContent = "Clear";
    clear.dataset.key = "tier-clear";
    clear.addEventListener("click", () => this.setAll(this.sizes.map(() => [])));
    tools.append(clear);
    if (this.hint) {
      const hint = document.createElement("button");
      hint.type = "button";
      hint.textContent = "Hint: best setting";
      hint.dataset.key = "tier-hint";
      hint.addEventListener("click", async () => {
        this.announce("Looking for the best setting…");
        try {
          this.setAll(await this.hint(this.cards));
          this.announce("The best setting is placed: check it, then confirm");
        } catch (error) {
          this.announce(`No hint: ${error.message || error}`);
        }
      });
      tools.append(hint);
    }
    const submit = document.createElement("button");
    submit.type = "button";
    submit.className = "action confirm";
    submit.dataset.key = "tier-submit";
    const full = this.complete();
    const fouled = full && this.checked && this.checked.fouled;
    submit.textContent = fouled ? "Confirm this fouled setting" : "Confirm setting";
    submit.disabled = !full || (this.check && !this.checked) || (fouled && !this.allowFoul);
    submit.addEventListener("click", () => this.submitTo(this.tiers()));
    tools.append(submit);
    this.element.append(tools);
    const warning = document.createElement("p");
    warning.className = "foul-warning";
    warning.setAttribute("role", "alert");
    if (fouled) {
      warning.textContent = `Foul (Art 7): ${this.checked.explanation || "the tiers are out of order"}. ${this.allowFoul ? "A fouled setting loses." : "This setting cannot be fouled: set the tiers in order."}`;
    }
    this.element.append(warning);
    this.status = document.createElement("p");
    this.status.className = "sr-status";
    this.status.setAttribute("role", "status");
    this.element.append(this.status);
    if (full && this.check && !this.checked) this.runCheck();
    const key = focus ? `tier-card:${focus}` : activeKey;
    if (key) {
      const again = this.element.querySelector(`[data-key="${CSS.escape(key)}"]`);
      if (again && !again.disabled) again.focus();
    }
  }

  async runCheck() {
    const serial = ++this.checkSerial;
    const tiers = this.tiers();
    try {
      const answer = await this.check(tiers);
      if (serial !== this.checkSerial) return;
      this.checked = answer;
    } catch (error) {
      if (serial !== this.checkSerial) return;
      this.checked = { fouled: false, explanation: "", unchecked: true };
    }
    this.render();
  }
}
