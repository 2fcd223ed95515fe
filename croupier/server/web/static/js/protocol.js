// The table server's WebSocket protocol, client side (docs/server.md, docs/web.md).
//
// Every frame is a JSON object with a version field "v". The client says hello with the last
// sequence number it has seen; the server answers with the events missed since (or a full
// redacted snapshot when too far behind), then pushes each new event, redacted for this client,
// in sequence order, each batch followed by a "view" frame (the view, the offers, who is waited
// on). A command goes out with a command_id and comes back accepted (with the
// seq of its events) or refused (the article and the message). When the connection drops, the
// client reconnects with backoff, says hello again with its last seq, and sends again every
// command still unanswered under the same command_id (the server never applies one twice).
//
// Sequence numbers make gaps visible: an event whose seq is not the next one is not applied;
// the client asks for the missing ones with a new hello instead. Events already seen are
// dropped. A spy (a function of the direction "in"/"out" and the parsed frame) sees every frame:
// the browser tests record frames with it.

export const VERSION = 1;

/** a fresh command id (random, 128 bits, hex); works outside secure contexts too */
export function newCommandId() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** the events of a frame, whatever form it carries them in */
function eventsOf(frame) {
  if (Array.isArray(frame.events)) return frame.events;
  if (frame.event && typeof frame.seq === "number") return [frame];
  return [];
}

export class TableSocket {
  /**
   * @param {object} options
   * @param {string} options.url the WebSocket URL (ws://host/ws)
   * @param {string} options.table the table id
   * @param {number} [options.since] the last seq already known (0: none)
   * @param {(dir: string, frame: object) => void} [options.spy]
   * @param {(url: string) => WebSocket} [options.open] makes the socket (tests may wrap it)
   * @param {number} [options.firstDelay] the first reconnect delay, ms (doubles up to maxDelay)
   * @param {number} [options.maxDelay]
   */
  constructor({ url, table, since = 0, spy = null, open = null, firstDelay = 300, maxDelay = 8000 }) {
    this.url = url;
    this.table = table;
    this.lastSeq = since;
    this.spy = spy;
    this.open = open || ((u) => new WebSocket(u));
    this.firstDelay = firstDelay;
    this.maxDelay = maxDelay;
    this.delay = firstDelay;
    this.status = "closed";
    this.pending = new Map(); // command_id -> {frame, resolve}
    this.listeners = new Map();
    this.socket = null;
    this.stopped = false;
    this.timer = null;
    this.catchingUp = false;
  }

  /** listen to "status", "events", "snapshot", "state", "answer", "error", "frame" */
  on(type, listener) {
    if (!this.listeners.has(type)) this.listeners.set(type, []);
    this.listeners.get(type).push(listener);
    return this;
  }

  emit(type, detail) {
    for (const listener of this.listeners.get(type) || []) {
      try {
        listener(detail);
      } catch (error) {
        console.error(error);
      }
    }
  }

  setStatus(status) {
    if (this.status !== status) {
      this.status = status;
      this.emit("status", status);
    }
  }

  connect() {
    this.stopped = false;
    clearTimeout(this.timer);
    this.setStatus(this.status === "closed" ? "connecting" : "reconnecting");
    let socket;
    try {
      socket = this.open(this.url);
    } catch (error) {
      this.retry();
      return this;
    }
    this.socket = socket;
    socket.addEventListener("open", () => {
      if (socket !== this.socket) return;
      this.delay = this.firstDelay;
      this.setStatus("open");
      this.hello();
      for (const { frame } of this.pending.values()) this.write(frame);
    });
    socket.addEventListener("message", (message) => {
      if (socket !== this.socket) return;
      let frame;
      try {
        frame = JSON.parse(message.data);
      } catch (error) {
        this.emit("error", { message: "the server sent a frame that is not JSON" });
        return;
      }
      this.receive(frame);
    });
    socket.addEventListener("close", () => {
      if (socket !== this.socket) return;
      this.socket = null;
      if (this.stopped) this.setStatus("closed");
      else this.retry();
    });
    return this;
  }

  retry() {
    this.setStatus("reconnecting");
    const wait = this.delay * (0.75 + Math.random() * 0.5);
    this.delay = Math.min(this.delay * 2, this.maxDelay);
    this.timer = setTimeout(() => this.connect(), wait);
  }

  /** close for good (no reconnect) */
  close() {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.socket) this.socket.close();
    else this.setStatus("closed");
  }

  /** drop the connection as a network fault would (the client reconnects): for tests */
  drop() {
    if (this.socket) this.socket.close();
  }

  write(frame) {
    if (!this.socket || this.socket.readyState !== 1) return false;
    if (this.spy) this.spy("out", frame);
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  hello() {
    this.catchingUp = true;
    this.write({ v: VERSION, type: "hello", table: this.table, since: this.lastSeq });
  }

  /**
   * Send a command; resolves with {ok: true, seq} when accepted or {ok: false, article,
   * message} when refused. Kept and sent again after a reconnect until answered.
   */
  command(command, commandId = newCommandId()) {
    const frame = {
      v: VERSION,
      type: "command",
      table: this.table,
      command_id: commandId,
      command,
    };
    return new Promise((resolve) => {
      this.pending.set(commandId, { frame, resolve });
      this.write(frame);
    });
  }

  receive(frame) {
    if (this.spy) this.spy("in", frame);
    this.emit("frame", frame);
    if (frame.v !== undefined && frame.v !== VERSION) {
      this.emit("error", { message: `protocol version ${frame.v} is not ${VERSION}` });
      return;
    }
    if (frame.table !== undefined && frame.table !== this.table) return;
    const type = frame.type;
    if (type === "accepted" || type === "refused") {
      const waiting = this.pending.get(frame.command_id);
      this.pending.delete(frame.command_id);
      const answer =
        type === "accepted"
          ? { ok: true, seq: frame.seq, command_id: frame.command_id }
          : {
              ok: false,
              command_id: frame.command_id,
              article: frame.article || frame.rule || "",
              message: frame.message || frame.detail || "refused",
            };
      this.emit("answer", answer);
      if (waiting) waiting.resolve(answer);
      return;
    }
    if (type === "snapshot") {
      if (typeof frame.seq === "number") this.lastSeq = frame.seq;
      this.catchingUp = false;
      this.emit("snapshot", frame);
      return;
    }
    if (type === "view" || type === "state") {
      // the table as this client may see it now, after the events it follows (or instead of
      // them, when the client was too far behind): its seq is where the client now stands
      if (typeof frame.seq === "number" && frame.seq > this.lastSeq) this.lastSeq = frame.seq;
      this.catchingUp = false;
      this.emit("state", frame);
      return;
    }
    if (type === "error") {
      this.emit("error", frame);
      // the server's database is out of reach for now: come back with backoff (a hello with
      // the last seq, every unanswered command again), as after a dropped connection
      if (frame.code === "unavailable" && this.socket) this.socket.close();
      return;
    }
    const events = eventsOf(frame);
    if (events.length) this.accept(events);
    if (type === "caught_up" || type === "welcome") {
      this.catchingUp = false;
      this.emit("caught_up", frame);
    }
  }

  accept(events) {
    const fresh = [];
    for (const event of events) {
      if (typeof event.seq !== "number" || event.seq <= this.lastSeq) continue; // seen
      if (event.seq !== this.lastSeq + 1) {
        // a gap: ask for what is missing (the events after it come again)
        this.emit("gap", { from: this.lastSeq + 1, to: event.seq - 1 });
        this.hello();
        break;
      }
      this.lastSeq = event.seq;
      fresh.push(event);
    }
    if (fresh.length) this.emit("events", fresh);
  }
}
