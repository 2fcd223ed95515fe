// The admin pages: accounts (create one with a role, change a role, reset a forgotten password)
// and tables (open one with its options, the limits among them, and bots).

import { post } from "../api.js";
import { ready } from "../ready.js";

const status = document.getElementById("admin-status");

function say(text, bad = false) {
  status.textContent = text;
  status.hidden = !text;
  status.classList.toggle("error", bad);
  status.setAttribute("role", bad ? "alert" : "status");
}

/** "name = value" lines as an object (values as JSON when they parse, else text) */
export function pairs(text) {
  const out = {};
  for (const [n, raw] of text.split("\n").entries()) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const at = line.indexOf("=");
    if (at < 1) throw new Error(`line ${n + 1}: "${line}" is not name = value`);
    const name = line.slice(0, at).trim();
    const value = line.slice(at + 1).trim();
    try {
      out[name] = JSON.parse(value);
    } catch (error) {
      out[name] = value;
    }
  }
  return out;
}

document.getElementById("create-user").addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = event.target;
  const body = { name: form.elements.name.value.trim(), role: form.elements.role.value, password: form.elements.password.value };
  try {
    await post("/api/users", body);
    say(`Account ${body.name} (${body.role}) created.`);
    form.reset();
  } catch (failure) {
    say(`Not created: ${failure.message}`, true);
  }
});

document.getElementById("open-table").addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = event.target;
  let options;
  let bots;
  try {
    options = pairs(form.elements.options.value);
    bots = pairs(form.elements.bots.value);
  } catch (failure) {
    return say(failure.message, true);
  }
  const dealers = form.elements.dealers.value.split(",").map((n) => n.trim()).filter(Boolean);
  const body = { table: form.elements.table.value.trim(), game: form.elements.game.value, options, bots, dealers };
  try {
    await post("/api/tables", body);
    say(`Table ${body.table} opened.`);
    setTimeout(() => location.reload(), 600);
  } catch (failure) {
    say(`Not opened: ${failure.message}${failure.article ? ` (${failure.article})` : ""}`, true);
  }
});

document.getElementById("set-role").addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = event.target;
  const name = form.elements.name.value.trim();
  try {
    await post(`/api/users/${encodeURIComponent(name)}/role`, { role: form.elements.role.value });
    say(`${name} is now ${form.elements.role.value}.`);
    form.reset();
  } catch (failure) {
    say(`Not changed: ${failure.message}`, true);
  }
});

document.addEventListener("click", async (event) => {
  const button = event.target.closest("button.close-table");
  if (!button) return;
  const table = button.dataset.table;
  button.disabled = true;
  try {
    await post(`/api/tables/${encodeURIComponent(table)}/close`);
    say(`Table ${table} closed.`);
    button.replaceWith("closed");
  } catch (failure) {
    say(`Not closed: ${failure.message}`, true);
    button.disabled = false;
  }
});

document.getElementById("reset-password").addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = event.target;
  const name = form.elements.name.value.trim();
  try {
    const done = await post(`/api/users/${encodeURIComponent(name)}/password`, {});
    const ended = `${done.sessions_revoked} session${done.sessions_revoked === 1 ? "" : "s"} ended`;
    say(`${name}'s one-time password: ${done.password} (to be changed at the next login; ${ended}).`);
    form.reset();
  } catch (failure) {
    say(`Not reset: ${failure.message}`, true);
  }
});

ready();
