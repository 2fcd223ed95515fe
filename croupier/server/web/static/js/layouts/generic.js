// Any game: the view as a person reads it (cards and tiles drawn), for a game without a layout
// of its own.

import { el, valueNode, fill } from "./common.js";

export const generic = {
  handles: [],
  render(felt, view, ctx) {
    fill(felt, el("div", { class: "generic-view" }, valueNode(view, { kind: ctx.kind })));
  },
};
