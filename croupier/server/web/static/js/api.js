// The REST API as the pages use it: JSON in and out, the session cookie sent by the browser,
// and on every change the session's CSRF token (from the page's <meta name="csrf-token">).

export class ApiError extends Error {
  constructor(status, body) {
    super(body?.message || `HTTP ${status}`);
    this.status = status;
    this.code = body?.error || "";
    this.article = body?.article || "";
    this.body = body;
  }
}

export function csrfToken() {
  return document.querySelector('meta[name="csrf-token"]')?.content || sessionStorage.getItem("croupier-csrf") || "";
}

export async function call(method, path, body = undefined) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (method !== "GET") headers["X-CSRF-Token"] = csrfToken();
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "same-origin",
  });
  let data = null;
  const text = await response.text();
  if (text) {
    try {
      data = JSON.parse(text);
    } catch (error) {
      data = { message: text };
    }
  }
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

export const get = (path) => call("GET", path);
export const post = (path, body = {}) => call("POST", path, body);

/** the page's API for a table: state, events, commands, and the 13-card helpers */
export function tableApi(table) {
  const t = encodeURIComponent(table);
  return {
    state: () => get(`/api/tables/${t}`),
    events: (since = 0) => get(`/api/tables/${t}/events?since=${since}`),
    command: (command, commandId) => post(`/api/tables/${t}/commands`, { command, command_id: commandId }),
    join: () => post(`/api/tables/${t}/join`),
    leave: () => post(`/api/tables/${t}/leave`),
    dealerOffers: () => get(`/web/tables/${t}/dealer`),
    checkSetting: (tiers) => post("/web/thirteen/check", { front: tiers[0], middle: tiers[1], back: tiers[2] }),
    hintSetting: async (_table, cards, banker = null) => (await post(`/web/tables/${t}/hint`, { cards, banker })).tiers,
  };
}

/** the WebSocket URL of this site */
export function socketUrl() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}/ws`;
}
