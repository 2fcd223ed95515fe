// The lobby: a player joins a table with its default buy-in, then goes to its page. The list
// refreshes itself (htmx, every 5 s).

import { post } from "../api.js";
import { ready } from "../ready.js";

const error = document.getElementById("lobby-error");

document.addEventListener("click", async (event) => {
  const button = event.target.closest("button.join");
  if (!button) return;
  button.disabled = true;
  const table = button.dataset.table;
  try {
    await post(`/api/tables/${encodeURIComponent(table)}/join`);
    location.href = `/tables/${encodeURIComponent(table)}`;
  } catch (failure) {
    error.textContent = `Could not join ${table}: ${failure.message}${failure.article ? ` (${failure.article})` : ""}`;
    error.hidden = false;
    button.disabled = false;
  }
});

ready();
