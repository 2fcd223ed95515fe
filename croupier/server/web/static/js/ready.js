// The controls a page's script drives are sent disabled (a form submitted before its script is
// there would go to the server as a plain GET, a password in its address): each page's script
// enables them once its handlers are in place, and again after htmx swaps a part of the page.

function enable(root = document) {
  for (const node of root.querySelectorAll("[data-needs-js]")) node.disabled = false;
}

/** the page's handlers are in place: enable its controls (and those htmx brings later) */
export function ready() {
  enable();
  document.body.addEventListener("htmx:afterSwap", () => enable());
  document.documentElement.dataset.ready = "yes";
}
