// The inspector's recall: a table's last 10 rounds (or any round by number), stepped through
// event by event with the cards or tiles shown, the verification of the table's record (hash
// chain and replay by the rules), the provably-fair commitment checked against the revealed
// seed, and the export of the record up to the end of the round (a table log, JSONL).

import { get } from "../api.js";
import { actorName, el, fill, humanize, kindOf, valueNode } from "../dom.js";
import { ready } from "../ready.js";

const $ = (id) => document.getElementById(id);
const tableSelect = $("recall-table");
const roundSelect = $("recall-round");
const error = $("recall-error");
let events = [];
let index = 0;
let kind = "cards";

function fail(text) {
  error.textContent = text;
  error.hidden = !text;
}

async function loadRounds() {
  fail("");
  const table = tableSelect.value;
  if (!table) return;
  try {
    const { rounds } = await get(`/api/tables/${encodeURIComponent(table)}/rounds`);
    if (tableSelect.value !== table) return; // another table was picked meanwhile
    const kept = roundSelect.dataset.table === table ? roundSelect.value : "";
    fill(
      roundSelect,
      [...rounds].reverse().map((r) =>
        el("option", { value: r.number }, `Round ${r.number} (events ${r.first_seq} to ${r.last_seq ?? "…"})${r.closed ? "" : ", in play"}`),
      ),
    );
    if (!rounds.length) fill(roundSelect, el("option", { value: "" }, "No round yet"));
    if (kept && rounds.some((r) => String(r.number) === kept)) roundSelect.value = kept;
    roundSelect.dataset.table = table; // loaded (the tests wait for it)
  } catch (failure) {
    fail(`The rounds could not be read: ${failure.message}`);
  }
}

function describe(entry) {
  const event = entry.event || {};
  const details = { ...event };
  delete details.type;
  const when = typeof entry.at === "number" && entry.at > 1e11 ? new Date(entry.at).toLocaleString("en-GB") : `t=${entry.at}`;
  return el(
    "div",
    {},
    el("h3", {}, `#${entry.seq} ${humanize(event.type || "event")}`),
    el("p", { class: "muted" }, `${when} · by ${actorName(entry.actor || "")}${entry.article || event.rule || event.article ? ` · ${entry.article || event.rule || event.article}` : ""}`),
    valueNode(details, { kind, depth: 1 }),
  );
}

function show(at) {
  if (!events.length) return;
  index = Math.max(0, Math.min(events.length - 1, at));
  fill($("recall-event"), describe(events[index]));
  $("recall-position").textContent = `Event ${index + 1} of ${events.length}`;
  $("recall-prev").disabled = $("recall-first").disabled = index === 0;
  $("recall-next").disabled = $("recall-last").disabled = index === events.length - 1;
  for (const item of $("recall-list").children) {
    if (Number(item.dataset.index) === index) item.setAttribute("aria-current", "step");
    else item.removeAttribute("aria-current");
  }
}

async function sha256hex(hex) {
  if (!crypto.subtle) return null;
  const bytes = new Uint8Array(hex.match(/../g).map((h) => parseInt(h, 16)));
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

// the server's list: every commitment whose shuffle dealt the round (one made before it too,
// when the deck or shoe was shuffled earlier), with its seed once revealed; the browser checks
// sha256(seed) = commitment again by itself
async function fairness(list) {
  const box = $("recall-fairness");
  if (!list.length) {
    fill(box, el("p", { class: "muted" }, "No provably-fair commitment dealt this round (the table shuffles with the house's live source)."));
    return;
  }
  const items = [];
  for (const [i, c] of list.entries()) {
    let check = "not revealed yet";
    if (c.server_seed) {
      const digest = await sha256hex(c.server_seed);
      check = digest === null ? (c.verified ? "the server found the seed matches the commitment" : "the seed does NOT match the commitment") : digest === c.commitment ? "the revealed seed matches the commitment" : "the revealed seed does NOT match the commitment";
    }
    items.push(
      el(
        "li",
        {},
        el("strong", {}, `Shuffle ${i + 1}: `),
        `commitment ${c.commitment} (#${c.committed_seq}), client seed "${c.client_seed}", nonce ${c.nonce}; `,
        c.server_seed ? `server seed ${c.server_seed} (#${c.revealed_seq}): ` : "",
        el("span", { class: check.startsWith("the revealed seed matches") || check.startsWith("the server found") ? "verified" : "unverified" }, check),
      ),
    );
  }
  fill(box, el("h3", {}, "Provably fair"), el("ul", {}, items));
}

async function recall(event) {
  event?.preventDefault();
  fail("");
  const table = tableSelect.value;
  const number = $("recall-number").value || roundSelect.value;
  if (!table || !number) return fail("Pick a table and a round.");
  kind = kindOf(tableSelect.selectedOptions[0]?.dataset.game);
  const t = encodeURIComponent(table);
  let round;
  try {
    round = await get(`/api/tables/${t}/rounds/${encodeURIComponent(number)}`);
  } catch (failure) {
    return fail(`Round ${number} could not be recalled: ${failure.message}`);
  }
  events = round.events;
  $("recall-result").hidden = false;
  $("recall-heading").textContent = `Table ${table}, round ${round.number} (events ${round.first_seq} to ${round.last_seq ?? "…"})${round.closed ? "" : ": in play, shown as the public sees it"}`;
  fill(
    $("recall-list"),
    events.map((e, i) => {
      const item = el("li", { dataset: { index: i } }, el("button", { type: "button", class: "link" }, `#${e.seq} ${humanize(e.event?.type || "")}`));
      item.firstChild.addEventListener("click", () => show(i));
      return item;
    }),
  );
  const exportLink = $("recall-export");
  exportLink.href = `/web/tables/${t}/export?round=${round.number}`;
  exportLink.setAttribute("download", `${table}-round-${round.number}.jsonl`);
  exportLink.hidden = !round.closed;
  show(0);
  await fairness(round.fairness || []);
  const verdict = $("recall-verify");
  verdict.textContent = "Verifying the record…";
  try {
    const result = await get(`/web/tables/${t}/verify`);
    verdict.className = result.ok ? "verified" : "unverified";
    verdict.textContent = `${result.ok ? "Verified" : "NOT verified"}: ${result.message}`;
  } catch (failure) {
    verdict.className = "unverified";
    verdict.textContent = `Verification failed to run: ${failure.message}`;
  }
}

tableSelect.addEventListener("change", loadRounds);
$("recall-pick").addEventListener("submit", recall);
$("recall-first").addEventListener("click", () => show(0));
$("recall-prev").addEventListener("click", () => show(index - 1));
$("recall-next").addEventListener("click", () => show(index + 1));
$("recall-last").addEventListener("click", () => show(events.length - 1));
$("recall-event").addEventListener("keydown", (e) => {
  if (e.key === "ArrowRight") show(index + 1);
  if (e.key === "ArrowLeft") show(index - 1);
});
ready();
loadRounds();
