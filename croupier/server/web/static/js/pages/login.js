// The login page: a browser session (HttpOnly cookie + CSRF token), then the page asked for.
// A one-time password (the first admin's) must be changed before anything else.

import { ApiError, post } from "../api.js";
import { ready } from "../ready.js";

const form = document.getElementById("login-form");
const error = document.getElementById("login-error");
const passwordForm = document.getElementById("password-form");
const passwordError = document.getElementById("password-error");
let oldPassword = "";

function show(node, text) {
  node.textContent = text;
  node.hidden = !text;
}

function go() {
  const next = form.dataset.next || "/";
  location.href = next.startsWith("/") && !next.startsWith("//") ? next : "/";
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  show(error, "");
  const name = form.elements.name.value.trim();
  const password = form.elements.password.value;
  try {
    const session = await post("/api/login", { name, password, cookie: true });
    sessionStorage.setItem("croupier-csrf", session.csrf);
    sessionStorage.setItem("croupier-last-login", JSON.stringify({ previous: session.previous_login, failed: session.failed_since }));
    if (session.must_change_password) {
      oldPassword = password;
      form.hidden = true;
      passwordForm.hidden = false;
      passwordForm.elements.new.focus();
      return;
    }
    go();
  } catch (failure) {
    const text = failure instanceof ApiError && failure.status === 423 ? `Locked: ${failure.message}` : `Not logged in: ${failure.message}`;
    show(error, text);
    form.elements.password.select();
  }
});

passwordForm.addEventListener("submit", async (event) => {
  event.preventDefault();
  show(passwordError, "");
  try {
    await post("/api/password", { old: oldPassword, new: passwordForm.elements.new.value });
    go();
  } catch (failure) {
    show(passwordError, failure.message);
  }
});

ready();
