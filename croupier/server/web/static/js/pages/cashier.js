// The cashier: buy in at a table (join with its default buy-in) and cash out (leave). The row
// changes in place: the button becomes the other one and the seated list follows. A cashier's
// desk (deposits and withdrawals, each with an idempotency key kept until it succeeds or is
// refused) and a
// player's limits (daily loss limit, session reminder). Amounts are typed and shown in the
// house currency ("100.50") and sent as whole smallest units (10050): a bad one is refused
// here, named, and nothing is sent.

import { ApiError, post } from "../api.js";
import { money, parseAmount } from "../dom.js";
import { ready } from "../ready.js";

const status = document.getElementById("cashier-status");
const me = document.querySelector(".who span")?.textContent.split(" (")[0] || "";

function say(text) {
  status.textContent = text;
  status.hidden = !text;
}

document.addEventListener("click", async (event) => {
  const button = event.target.closest("button.buy-in, button.cash-out");
  if (!button) return;
  const table = button.dataset.table;
  const leaving = button.classList.contains("cash-out");
  button.disabled = true;
  try {
    await post(`/api/tables/${encodeURIComponent(table)}/${leaving ? "leave" : "join"}`);
    say(leaving ? `Cashed out of ${table}.` : `Bought in at ${table}.`);
    button.classList.toggle("cash-out", !leaving);
    button.classList.toggle("buy-in", leaving);
    button.textContent = leaving ? `Buy in at ${table}` : `Cash out of ${table}`;
    const seated = button.closest("tr")?.querySelector('td[data-label="Seated"]');
    if (seated && me) {
      const names = seated.textContent.split(",").map((n) => n.trim()).filter((n) => n && n !== me);
      if (!leaving) names.push(me);
      seated.textContent = names.sort().join(", ");
    }
    button.focus();
  } catch (failure) {
    say(`Refused: ${failure.message}${failure.article ? ` (${failure.article})` : ""}`);
  } finally {
    button.disabled = false;
  }
});

function newKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `web-${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

const desk = document.getElementById("desk");
if (desk) {
  desk.elements.key.value = newKey();
  desk.addEventListener("submit", async (event) => {
    event.preventDefault();
    const form = event.target;
    const kind = form.elements.kind.value;
    const error = document.getElementById("desk-error");
    const amount = parseAmount(form.elements.amount.value);
    error.textContent = amount.error ? `Amount: ${amount.error}; nothing was sent` : "";
    if (amount.error) {
      form.elements.amount.focus();
      return;
    }
    const body = { name: form.elements.name.value.trim(), amount: amount.value, key: form.elements.key.value };
    try {
      const done = await post(`/api/cashier/${kind}`, body);
      say(`${done.duplicate ? "Already recorded" : "Recorded"}: ${kind} of ${money(done.amount)} for ${done.name}; balance ${money(done.balance)}.`);
      form.reset();
      form.elements.key.value = newKey(); // a new movement, a new key
    } catch (failure) {
      say(`Refused: ${failure.message}${failure.article ? ` (${failure.article})` : ""}`);
      // answered and refused (4xx: nothing moved, or the key names another movement): the next
      // try is a new movement, with a new key; no answer or a server error: the same key, so a
      // retry of a movement that may have been recorded moves the money once
      if (failure instanceof ApiError && failure.status >= 400 && failure.status < 500) {
        form.elements.key.value = newKey();
      }
    }
  });
}

const limits = document.getElementById("limits");
if (limits) {
  // what the page was given: only a field changed from it is sent (a field left out keeps its
  // value, so a change made meanwhile elsewhere, of the other limit, is not written back over)
  // (the HTML's values: a field may have been typed in before this script ran)
  const given = {
    daily_loss_limit: limits.elements.daily_loss_limit.defaultValue.trim(),
    session_reminder_minutes: limits.elements.session_reminder_minutes.defaultValue.trim(),
  };
  limits.addEventListener("submit", async (event) => {
    event.preventDefault();
    const value = (name) => (limits.elements[name].value.trim() ? Number(limits.elements[name].value) : null);
    const error = document.getElementById("limits-error");
    const typed = limits.elements.daily_loss_limit.value.trim();
    const loss = typed ? parseAmount(typed) : { value: null };
    error.textContent = loss.error ? `Daily loss limit: ${loss.error}; nothing was sent` : "";
    if (loss.error) {
      limits.elements.daily_loss_limit.focus();
      return;
    }
    const body = {};
    if (typed !== given.daily_loss_limit) body.daily_loss_limit = loss.value;
    const minutes = limits.elements.session_reminder_minutes.value.trim();
    if (minutes !== given.session_reminder_minutes) body.session_reminder_minutes = value("session_reminder_minutes");
    if (!Object.keys(body).length) {
      say("Your limits are set. (They were these already: nothing was sent.)");
      return;
    }
    try {
      await post("/api/limits", body);
      given.daily_loss_limit = typed;
      given.session_reminder_minutes = minutes;
      say("Your limits are set.");
    } catch (failure) {
      say(`Refused: ${failure.message}`);
    }
  });
}

ready();
