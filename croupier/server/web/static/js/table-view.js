// One table on a page: the game's layout of view(actor), the actions built from legal(actor),
// the countdown of the deadline, the event feed and the settlement of the last round.
//
// TableView knows nothing of the network: it is given states ({view, legal, waiting, seq,
// now}) and events, and calls ``send(command)`` when the person acts. The page (table.js)
// wires it to the server; the browser tests also drive it directly with states made by a
// real table.

import { byKey, el, kindOf, actorName, humanize, money } from "./dom.js";
import { Feed, isSettlement, renderSettlement } from "./feed.js";
import { layoutFor } from "./layouts/index.js";
import { renderOffers } from "./offers.js";

function formatLeft(ms) {
  if (ms <= 0) return "0:00";
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** seat -> the player seated there, as the view says (five-card stud: {seat: {player}}; the
 * banking games: {seat: name}) */
function seatNames(view) {
  const out = {};
  const seats = view?.seats;
  if (!seats || typeof seats !== "object" || Array.isArray(seats)) return out;
  for (const [seat, info] of Object.entries(seats)) {
    const name = typeof info === "string" ? info : info?.player;
    if (typeof name === "string" && name) out[seat] = name;
  }
  return out;
}

export class TableView {
  /**
   * @param {HTMLElement} root the page's table element (children are made here)
   * @param {object} ctx {game, table, me (a name), actor ("player:ana"), send, api, practice}
   */
  constructor(root, ctx) {
    this.root = root;
    this.ctx = { ...ctx, kind: kindOf(ctx.game) };
    this.layout = layoutFor(ctx.game);
    this.state = null;
    this.offersKey = null;
    this.busy = false;
    this.lastSettlement = null;
    // seat -> player from the player_seated events seen (the view names today's players: an
    // event names who sat there when it came), and the names the settlement was drawn with
    this.seatedBy = {};
    this.settlementSeats = {};
    this.settlementUnnamed = 0;
    this.clockOffset = 0;
    this.root.replaceChildren(
      (this.statusBar = el(
        "div",
        { class: "status-bar" },
        (this.connection = el("span", { class: "connection", role: "status" }, "Connecting…")),
        (this.timer = el("span", { class: "countdown", role: "timer", "aria-live": "off" })),
        (this.chips = el("span", { class: "my-chips" })),
      )),
      (this.presence = el("p", { class: "presence muted" })),
      (this.message = el("p", { class: "message", role: "alert" })),
      el(
        "section",
        { class: `felt felt-${ctx.game}`, "aria-labelledby": "felt-heading" },
        el("h2", { id: "felt-heading", class: "sr-only" }, "The table"),
        (this.felt = el("div", { class: "felt-body" })),
      ),
      (this.actions = el("div", { class: "actions-area" })),
      (this.settlement = el("section", { class: "settlement", "aria-label": "Settlement" })),
      (this.feedRoot = el("section", { class: "feed" })),
    );
    this.feed = new Feed(this.feedRoot, { kind: this.ctx.kind });
    renderSettlement(this.settlement, null);
    this.tick = setInterval(() => this.renderTimer(), 250);
  }

  setConnection(status) {
    const words = { open: "Connected", connecting: "Connecting…", reconnecting: "Connection lost: reconnecting…", closed: "Disconnected" };
    this.connection.textContent = words[status] || status;
    this.connection.dataset.status = status;
  }

  say(text, kind = "info") {
    this.message.textContent = text;
    this.message.dataset.kind = kind;
  }

  /**
   * A new state from the server: {view, legal, waiting, seq, now}. Kept at once (``state``);
   * drawn at the next frame, once for however many states came meanwhile (a busy table sends
   * many: only the last is worth drawing).
   */
  update(state) {
    if (typeof state.now === "number") this.clockOffset = state.now - Date.now();
    this.state = state;
    if (this.pending) return;
    this.pending = true;
    const draw = () => {
      this.pending = false;
      this.render(this.state);
    };
    if (document.hidden || typeof requestAnimationFrame !== "function") setTimeout(draw, 0);
    else requestAnimationFrame(draw);
  }

  /** draw ``state`` now */
  render(state) {
    const view = state.view || {};
    const offers = state.legal || [];
    const active = document.activeElement;
    const focusKey = active && this.root.contains(active) ? active.dataset.key : null;
    const wasInActions = active && this.actions.contains(active);
    const ctx = { ...this.ctx, offers, send: (c) => this.send(c) };
    this.layout.render(this.felt, view, ctx);
    const key = JSON.stringify(offers);
    let fresh = false;
    if (key !== this.offersKey) {
      this.offersKey = key;
      const hooks = this.layout.hooks ? this.layout.hooks(ctx) : {};
      // a setting in progress survives new offers of the same cards (another person's move
      // can change the offers while this one is arranging his tiers)
      const kept = this.setter ? { cards: [...this.setter.cards].sort().join(" "), tiers: this.setter.tiers() } : null;
      this.setter = renderOffers(this.actions, offers, (c) => this.send(c), { skip: this.layout.handles, hooks });
      if (kept && this.setter && [...this.setter.cards].sort().join(" ") === kept.cards && kept.tiers.some((t) => t.length)) {
        this.setter.setAll(kept.tiers);
      }
      fresh = true;
    }
    const again = byKey(this.root, focusKey);
    if (again && !again.disabled) again.focus();
    else if (fresh && offers.length && (wasInActions || !active || active === document.body)) {
      const first = this.root.querySelector(".actions button:not([disabled]), .actions input, .felt .tile-button");
      if (first && (wasInActions || this.ctx.autofocus)) first.focus();
    }
    const present = [];
    if (state.closed) present.push("This table is closed: it takes no more commands.");
    if (state.bots?.length) present.push(`Bots: ${state.bots.join(", ")}`);
    if (state.away?.length) present.push(`Away (their time runs): ${state.away.join(", ")}`);
    this.presence.textContent = present.join(" · ");
    this.presence.hidden = !present.length;
    if (state.chips !== undefined) this.chips.textContent = `Your chips: ${money(state.chips)}`;
    this.renderTimer();
    // a settlement drawn before the view named its seats: drawn again with their names
    if (this.lastSettlement && this.settlementUnnamed) {
      const names = this.seatNames();
      if (Object.keys(names).some((seat) => !(seat in this.settlementSeats))) this.drawSettlement();
    }
    this.root.dataset.drawnSeq = String(state.seq ?? "");
  }

  /** events from the server ({seq, at, actor, event}), in order */
  events(entries) {
    this.feed.add(entries);
    for (const entry of entries) {
      const event = entry.event || {};
      if (event.type === "player_seated" && event.seat !== undefined && typeof event.player === "string") {
        this.seatedBy[String(event.seat)] = event.player;
      }
      if (isSettlement(event)) {
        this.lastSettlement = entry;
        this.drawSettlement();
      }
    }
  }

  /** seat -> player: the view's, with the seatings seen in the events over it */
  seatNames() {
    return { ...seatNames(this.state?.view), ...this.seatedBy };
  }

  drawSettlement() {
    const seats = this.seatNames();
    this.settlementSeats = seats;
    this.settlementUnnamed = renderSettlement(this.settlement, this.lastSettlement, { kind: this.ctx.kind, me: this.ctx.me, seats });
  }

  async send(command) {
    if (this.busy) return null;
    this.busy = true;
    this.root.classList.add("busy");
    this.say("");
    try {
      const answer = await this.ctx.send(command);
      if (answer && answer.ok === false) {
        this.say(`Refused${answer.article ? ` (${answer.article})` : ""}: ${answer.message}`, "refused");
      }
      return answer;
    } catch (error) {
      this.say(`Not sent: ${error.message || error}`, "refused");
      return null;
    } finally {
      this.busy = false;
      this.root.classList.remove("busy");
    }
  }

  renderTimer() {
    const waits = (this.state?.waiting || []).filter((w) => typeof w.deadline === "number");
    if (!waits.length) {
      this.timer.textContent = "";
      this.timer.hidden = true;
      return;
    }
    const now = Date.now() + this.clockOffset;
    const mine = waits.filter((w) => w.actor === this.ctx.actor);
    const shown = (mine.length ? mine : waits).reduce((a, b) => (a.deadline <= b.deadline ? a : b));
    const who = shown.actor === this.ctx.actor ? "You" : actorName(shown.actor);
    const left = shown.deadline - now;
    this.timer.hidden = false;
    this.timer.textContent = `${who}: ${formatLeft(left)} to ${shown.what || "act"}${shown.rule ? ` (${shown.rule})` : ""}`;
    this.timer.classList.toggle("urgent", left < 15000);
    this.timer.dataset.deadline = String(shown.deadline);
  }

  destroy() {
    clearInterval(this.tick);
  }
}

export { humanize };
