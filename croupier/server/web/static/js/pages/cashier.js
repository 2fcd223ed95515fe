// The cashier: buy in at a table (join with its default buy-in) and cash out (leave).

import { post } from "../api.js";

const status = document.getElementById("cashier-status");

document.addEventListener("click", async (event) => {
  const button = event.target.closest("button.buy-in, button.cash-out");
  if (!button) return;
  const table = encodeURIComponent(button.dataset.table);
  const leaving = button.classList.contains("cash-out");
  button.disabled = true;
  try {
    await post(`/api/tables/${table}/${leaving ? "leave" : "join"}`);
    status.textContent = leaving ? `Cashed out of ${button.dataset.table}.` : `Bought in at ${button.dataset.table}.`;
    status.hidden = false;
    setTimeout(() => location.reload(), 600);
  } catch (failure) {
    status.textContent = `Refused: ${failure.message}${failure.article ? ` (${failure.article})` : ""}`;
    status.hidden = false;
    button.disabled = false;
  }
});
