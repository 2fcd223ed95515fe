// The cashier: buy in at a table (join with its default buy-in) and cash out (leave). The row
// changes in place: the button becomes the other one and the seated list follows.

import { post } from "../api.js";
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

ready();
