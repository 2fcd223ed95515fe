// Every page with a session: the logout button and, once after a login, when the previous
// login was and how many attempts failed since (issue 19: shown at each login).

import { post } from "../api.js";

const logout = document.getElementById("logout");
if (logout) {
  logout.addEventListener("click", async () => {
    try {
      await post("/api/logout");
    } finally {
      sessionStorage.removeItem("croupier-csrf");
      location.href = "/login";
    }
  });
  logout.disabled = false;
}

const notice = document.getElementById("last-login");
const last = sessionStorage.getItem("croupier-last-login");
if (notice && last) {
  sessionStorage.removeItem("croupier-last-login");
  const { previous, failed } = JSON.parse(last);
  notice.textContent = `${previous ? `Your previous login: ${new Date(previous).toLocaleString("en-GB")}.` : "This is your first login."} Failed attempts since: ${failed}.`;
  notice.hidden = false;
}
