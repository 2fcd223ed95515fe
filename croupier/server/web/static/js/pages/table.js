// The table page: the table as this person may see it, live over the WebSocket (reconnect
// and catch-up included), with the actions the table offers them now. A dealer's page is the
// dealer console: the public table and the dealer's own offers.

import { socketUrl, tableApi } from "../api.js";
import { TableSocket } from "../protocol.js";
import { TableView } from "../table-view.js";
import { ready } from "../ready.js";

const root = document.getElementById("table-root");
const config = root.dataset;
const api = tableApi(config.table);
const dealer = config.mode === "dealer";
let socket = null;
let latest = null;

/** every frame in and out goes to window.croupierSpy when a test installed one */
function spy(direction, frame) {
  if (typeof window.croupierSpy === "function") window.croupierSpy(direction, frame);
}

const view = new TableView(root, {
  game: config.game,
  table: config.table,
  me: config.me,
  actor: config.actor,
  practice: config.practice === "yes",
  autofocus: true,
  api: {
    checkSetting: (tiers) => api.checkSetting(tiers),
    hintSetting: (table, cards) => api.hintSetting(table, cards, latest?.view?.banker?.setting || null),
  },
  send: (command) => socket.command(command),
});

async function show(frame) {
  latest = frame;
  if (dealer) {
    try {
      const offers = await api.dealerOffers();
      if (latest !== frame) return; // a newer frame came meanwhile
      frame = { ...frame, legal: offers.legal };
    } catch (error) {
      view.say(`The dealer's actions could not be read: ${error.message}`, "refused");
    }
  }
  view.update(frame);
}

async function start() {
  let state;
  try {
    state = await api.state();
  } catch (error) {
    view.say(`The table could not be read: ${error.message}`, "refused");
    return;
  }
  await show(state);
  try {
    const recent = await api.events(Math.max(0, state.seq - 80));
    view.events(recent.events);
  } catch (error) {
    view.say(`The events could not be read: ${error.message}`, "refused");
  }
  socket = new TableSocket({ url: socketUrl(), table: config.table, since: state.seq, spy });
  socket
    .on("status", (status) => view.setConnection(status))
    .on("events", (events) => view.events(events))
    .on("state", (frame) => show(frame))
    .on("error", (frame) => view.say(`${frame.message || frame.code}`, "refused"))
    .connect();
  window.croupierTable = { socket, view };
}

ready();
start();
