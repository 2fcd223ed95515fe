"""The one interface a program drives any of the five games through: :class:`Table`.

A :class:`Table` wraps one game's state machine (``croupier.games.<game>``) with what a table
run by a house needs, the same for every game and with no I/O and no clock:

* **commands as data** (:class:`~croupier.protocol.Command`, one class per action, JSON Schema
  from :func:`~croupier.offers.commands_schema`), sent by an :class:`~croupier.table.actor.Actor`;
* :meth:`Table.legal`: the :class:`~croupier.offers.Offer` s open to an actor now, with bounds;
* :meth:`Table.apply`: validate and apply a command under a ``command_id``; a command outside
  ``legal`` is refused with the typed error naming the article and changes nothing; the same
  ``command_id`` applied again returns the first result and changes nothing (safe retries);
* :meth:`Table.waiting_on` (who must act, until when) and :meth:`Table.timeout` (the rule's
  default when that time has passed: the caller says when time is up);
* :meth:`Table.step_house`: the dealer's next automatic action (shuffle, burn, deal, dice, the
  banker's house way, settle), so a table runs itself between people's decisions;
* :meth:`Table.view` and :meth:`Table.events_for`: what an actor may see now, and the log
  redacted for him, each event as he was allowed to see it when it happened; :meth:`Table.seen`:
  the view as an object (:class:`~croupier.table.view.View`), its JSON made when read, with the
  game's typed reading of the same facts for a bot in the process;
* the table's cashier :attr:`Table.ledger` (double-entry, every transaction sums to zero, no
  player's balance ever negative), posted from the events as they happen;
* the record: :class:`~croupier.table.log.Entry` s with a hash chain, :meth:`Table.to_record`,
  :meth:`Table.replay` (every event checked again by the game's rules) and the JSONL table log.

A game's adapter (``croupier/table/<game>.py``) subclasses :class:`Table` and supplies the
methods marked *adapter* below. Contract for adapters:

* ``_execute`` either raises before changing anything, or applies the command and returns the
  events it produced (at least one);
* ``_replay_event`` applies one recorded event, checked by the rules, exactly as ``_execute``
  did when it produced it; the table state is a fold over the events;
* ``_shown`` and ``_money`` are called right after each event is applied, so they may read the
  state at that moment;
* nothing reads a clock or a global random generator: time is ``at`` (milliseconds of the table
  clock, never going back) and chance comes from :attr:`Table.source`.
"""

from __future__ import annotations

import abc
import hashlib
from collections.abc import Iterable, Mapping, Sequence
from functools import partial
from typing import Any, ClassVar, Final, Generic, Literal, Self, TypeVar

from croupier.errors import CroupierError, RecordError, RuleViolation
from croupier.offers import Offer, commands_schema
from croupier.protocol import Command, Event, TableOptions
from croupier.records import is_int
from croupier.table.actor import Actor, Role
from croupier.table.events import TABLE_EVENTS, ChipsIn, ChipsOut, FairnessCommitted, TableClosed
from croupier.table.ledger import Ledger, Tx
from croupier.table.log import DEALER, Entry, Shown, chain, entry_json, genesis, line_of, link
from croupier.table.results import Applied, RoundSpan, Wait
from croupier.table.sources import LiveSource, ShuffleSource
from croupier.table.view import View

__all__ = ["Applied", "RoundSpan", "Table", "Wait"]

OptionsT = TypeVar("OptionsT", bound=TableOptions)

#: the longest command id accepted
MAX_COMMAND_ID = 100


class Table(abc.ABC, Generic[OptionsT]):
    """One table of one game (see the module docstring)."""

    #: the game's name (``three-card-baccarat``, ``football-poker``, ``thirteen``,
    #: ``five-card-stud``, ``mahjong``)
    GAME: ClassVar[str]
    #: every command class of the game (their ``TYPE`` s are distinct)
    COMMANDS: ClassVar[tuple[type[Command], ...]]
    #: every event class the table's log may hold (the game's and the table layer's)
    EVENTS: ClassVar[tuple[type[Event], ...]]
    #: the fewest players a round of the game needs (Mah-Jong: four, Art 2); a runner seats at
    #: least this many
    MIN_PLAYERS: ClassVar[int] = 1
    #: True when the adapter's :meth:`_house_command` is always among the dealer's offers
    #: (``legal(Actor.HOUSE)``), as its tests check: :meth:`step_house` then applies it without
    #: working the dealer's offers out again to find it there. False (the default): checked.
    HOUSE_STEPS_OFFERED: ClassVar[bool] = False
    #: :attr:`COMMANDS` as a set, each class its own (made when the class is defined)
    _COMMAND_SET: ClassVar[frozenset[type[Command]]] = frozenset()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._COMMAND_SET = frozenset(getattr(cls, "COMMANDS", ()))

    def __init__(
        self, options: OptionsT, *, table_id: str = "table", source: ShuffleSource | None = None
    ) -> None:
        if not isinstance(table_id, str) or not table_id or len(table_id) > 64:
            raise RuleViolation("tables", f"a table id is 1 to 64 characters, got {table_id!r}")
        self._options = options
        self.table_id = table_id
        #: where the shuffles come from
        self.source: ShuffleSource = source if source is not None else LiveSource()
        self._reset()

    def _reset(self) -> None:
        self._entries: list[Entry] = []
        self._visibility: list[Shown] = []
        self._hashes: list[str] = []
        self._results: dict[str, Applied] = {}
        self._ledger = Ledger()
        self._rounds: list[RoundSpan] = []
        self._round_of: list[int] = []  # index into _rounds of each entry's round, -1: none
        self._rounds_closed = 0
        self._closed = False
        #: the views handed out for the table as it stands at entry ``_seen_at``
        self._views_at = -1
        #: by the actor's text (a str keeps its hash: an Actor's is a Python call)
        self._views: dict[str, View] = {}
        self._setup()

    # -- adapter: state -------------------------------------------------------------------------

    @abc.abstractmethod
    def _setup(self) -> None:
        """*adapter*: build the initial state from ``self.options`` (a new, empty table)."""

    @abc.abstractmethod
    def _fold_size(self) -> int:
        """*adapter*: how many events the game state has folded (grows with every event), so a
        failed command can be told from one that changed the state."""

    @classmethod
    @abc.abstractmethod
    def options_from_dict(cls, data: Mapping[str, Any]) -> OptionsT:
        """*adapter*: the options from their ``to_dict`` form."""

    @classmethod
    def event_from_dict(cls, data: Mapping[str, Any]) -> Event:
        """One event of this table's log from its ``to_dict`` form."""
        if not isinstance(data, Mapping):
            raise RecordError("event", f"an event must be an object, got {data!r}")
        kind = data.get("type")
        for event_type in cls.EVENTS:
            if kind == event_type.TYPE:
                return event_type.from_dict(data)
        raise RecordError("type", f"unknown {cls.GAME} event type {kind!r}")

    # -- adapter: commands ---------------------------------------------------------------------

    @abc.abstractmethod
    def legal(self, actor: Actor) -> tuple[Offer, ...]:
        """*adapter*: the commands ``actor`` may send now (empty: none)."""

    @abc.abstractmethod
    def _verify(self, actor: Actor, command: Command, at: int) -> None:
        """*adapter*: raise the typed error (naming the article) that refuses ``command``; called
        only for a command no offer admits, to explain why."""

    @abc.abstractmethod
    def _execute(self, actor: Actor, command: Command, at: int) -> list[Event]:
        """*adapter*: apply an admitted command; the events it produced, in order."""

    @abc.abstractmethod
    def _replay_event(self, event: Event, entry: Entry) -> None:
        """*adapter*: apply one recorded event, checked by the rules."""

    @abc.abstractmethod
    def waiting_on(self) -> tuple[Wait, ...]:
        """*adapter*: who must act now, with each deadline (empty: nobody; the house may step)."""

    @abc.abstractmethod
    def _timeout(self, actor: Actor, at: int) -> list[Event]:
        """*adapter*: apply the rule's default for ``actor``, whose deadline has passed."""

    @abc.abstractmethod
    def _house_command(self, at: int) -> Command | None:
        """*adapter*: the dealer's next automatic command (None: nothing to do now)."""

    @abc.abstractmethod
    def join_commands(self, player: str) -> tuple[Command, ...]:
        """*adapter*: the commands with which ``player`` takes the next free place with the
        table's default buy-in (for runners and demos; empty when he is seated already or the
        table is full)."""

    # -- adapter: what people see, and money -------------------------------------------------

    @abc.abstractmethod
    def view(self, actor: Actor) -> dict[str, Any]:
        """*adapter*: the table now as ``actor`` may see it, as JSON."""

    def _facts(self, actor: Actor) -> object | None:
        """*adapter* (optional): the game's typed reading of what ``actor`` may see now (the
        facts of :meth:`view`), for :meth:`seen`; None (the default): none."""
        return None

    def seen(self, actor: Actor) -> View:
        """What ``actor`` may see now as a :class:`~croupier.table.view.View`: the JSON of
        :meth:`view` made when first read, and the game's typed :meth:`_facts` for a bot in
        this process. The same view object is handed out until the next entry."""
        seq = len(self._entries)
        if self._views_at != seq:
            self._views_at = seq
            self._views = {}
        found = self._views.get(actor.text)
        if found is None:
            found = self._views[actor.text] = View(self, actor, self._facts(actor))
        return found

    @abc.abstractmethod
    def _shown(self, event: Event) -> Shown:
        """*adapter*: who may see what of ``event`` (just applied)."""

    @abc.abstractmethod
    def _money(self, event: Event, seq: int) -> Sequence[Tx]:
        """*adapter*: the ledger transactions ``event`` (just applied) causes; ids must be
        unique at the table (use the ``seq``)."""

    @abc.abstractmethod
    def _round_edge(self, event: Event) -> Literal["open", "close"] | None:
        """*adapter*: whether ``event`` (just applied) opens or closes a round."""

    @abc.abstractmethod
    def chips(self) -> Mapping[str, int]:
        """*adapter*: each player's chips at the table as the game's own state says (checked
        against the ledger by :meth:`books_agree`)."""

    def at_stake(self, player: str) -> bool:
        """*adapter* (optional): whether ``player`` has money in the round in play that his
        :meth:`chips` do not show (in a pot, on the layout): the house may not, say, change
        his role then (he could not be paid what the round gives back). The default: a round
        is open and he is among :meth:`chips`' players (a game whose players stay there after
        leaving, or whose stakes say whose they are, reads it more closely)."""
        rounds = self._rounds
        return bool(rounds) and not rounds[-1].closed and player in self.chips()

    # -- the shared events -------------------------------------------------------------------

    def _apply_table_event(self, event: Event) -> None:
        """Fold a table-layer event; an adapter that records other table-layer events extends
        this. Chips in and out need no state beyond the ledger."""
        if isinstance(event, TableClosed):
            self._closed = True
        elif isinstance(event, FairnessCommitted):
            self.source.observe(event.commitment, event.nonce)

    def _chips_money(self, event: Event, seq: int) -> list[Tx]:
        """The ledger transactions of a :class:`ChipsIn` / :class:`ChipsOut`."""
        if isinstance(event, ChipsIn):
            return [
                Tx.move(f"{seq}", "chips_in", "cashier", f"player:{event.player}", event.amount)
            ]
        if isinstance(event, ChipsOut) and event.amount:
            return [
                Tx.move(f"{seq}", "chips_out", f"player:{event.player}", "cashier", event.amount)
            ]
        return []

    # -- reading -------------------------------------------------------------------------------

    @property
    def options(self) -> OptionsT:
        return self._options

    @property
    def seq(self) -> int:
        """The sequence number of the last entry (0: none yet)."""
        return len(self._entries)

    @property
    def entries(self) -> tuple[Entry, ...]:
        return tuple(self._entries)

    @property
    def ledger(self) -> Ledger:
        return self._ledger

    @property
    def rounds(self) -> tuple[RoundSpan, ...]:
        return tuple(self._rounds)

    @property
    def rounds_closed(self) -> int:
        """How many rounds have closed (without copying :attr:`rounds`)."""
        return self._rounds_closed

    @property
    def closed(self) -> bool:
        """True once the table was closed (sealed); it takes no more commands."""
        return self._closed

    @property
    def last_at(self) -> int:
        """The table clock of the last entry (0: none yet)."""
        return self._entries[-1].at if self._entries else 0

    def genesis(self) -> str:
        return genesis(self.GAME, self.table_id, self._options.to_dict())

    def _chained(self) -> list[str]:
        """The hash of every entry, the new entries' computed now (the kept list: not a copy)."""
        done = len(self._hashes)
        if done < len(self._entries):
            start = self._hashes[-1] if self._hashes else self.genesis()
            self._hashes.extend(chain(start, self._entries[done:]))
        return self._hashes

    def hashes(self) -> tuple[str, ...]:
        """The hash of every entry (computed when first asked for, then kept)."""
        return tuple(self._chained())

    def head(self) -> str:
        """The hash of the last entry (the genesis when there is none); asked after every
        command, so it copies nothing and hashes only the entries not hashed yet."""
        hashes = self._chained()
        return hashes[-1] if hashes else self.genesis()

    def log_lines(self, since: int = 0) -> list[bytes]:
        """The table-log lines (:func:`~croupier.table.log.entry_line`) of the entries after
        ``since``: each entry not hashed yet is encoded once for both its hash and its line."""
        if not is_int(since) or since < 0:
            raise RecordError("since", f"since is a sequence number >= 0, got {since!r}")
        if since >= len(self._entries):
            return []
        hashes = self._hashes
        if len(hashes) < since:
            self._chained()
        lines: list[bytes] = []
        previous = hashes[since - 1] if since else self.genesis()
        for index in range(since, len(self._entries)):
            text = entry_json(self._entries[index])
            if index < len(hashes):
                digest = hashes[index]
            else:
                digest = hashlib.sha256(previous.encode() + text).hexdigest()
                hashes.append(digest)
            lines.append(line_of(text, digest))
            previous = digest
        return lines

    def books_agree(self) -> bool:
        """True when the ledger balances and every player's chips in it equal the game's."""
        ledger = {p: v for p, v in self._ledger.players().items() if v}
        game = {p: v for p, v in self.chips().items() if v}
        return self._ledger.total() == 0 and ledger == game

    @classmethod
    def schema(cls) -> dict[str, Any]:
        """The JSON Schema of this game's commands."""
        return commands_schema(cls.GAME, cls.COMMANDS)

    def parse_command(self, data: Mapping[str, Any] | Command) -> Command:
        """A command of this game from JSON (or as is); RecordError naming the bad field."""
        if type(data) in self._COMMAND_SET:  # a typed command of this game: nothing to parse
            return data  # type: ignore[return-value]
        if isinstance(data, Command):
            if type(data) not in self.COMMANDS:
                raise RecordError("type", f"{data.TYPE!r} is not a {self.GAME} command")
            return data
        if not isinstance(data, Mapping):
            raise RecordError("command", f"a command must be a JSON object, got {data!r}")
        kind = data.get("type")
        for command_type in self.COMMANDS:
            if kind == command_type.TYPE:
                return command_type.from_dict(data)
        known = ", ".join(c.TYPE for c in self.COMMANDS)
        raise RecordError("type", f"unknown {self.GAME} command {kind!r} (the commands: {known})")

    # -- acting --------------------------------------------------------------------------------

    def apply(
        self, actor: Actor, command: Mapping[str, Any] | Command, command_id: str, *, at: int
    ) -> Applied:
        """Validate and apply ``command`` from ``actor`` at table time ``at``.

        Returns the entries it produced. A ``command_id`` seen before returns the first result
        (when actor and command are the same; otherwise it is refused). A refused command raises
        a :class:`~croupier.errors.CroupierError` (a :class:`RuleViolation` naming the article,
        or a :class:`RecordError` naming the bad field) and changes nothing."""
        if not isinstance(command_id, str) or not 1 <= len(command_id) <= MAX_COMMAND_ID:
            raise RecordError(
                "command_id",
                f"a command_id is 1 to {MAX_COMMAND_ID} characters, got {command_id!r}",
            )
        # a typed command of this game needs no parsing (parse_command's first test, written
        # out: at every command)
        parsed: Command = (
            command  # type: ignore[assignment]
            if type(command) in self._COMMAND_SET
            else self.parse_command(command)
        )
        prior = self._results.get(command_id)
        if prior is not None:
            if prior.actor != actor or dict(prior.command) != parsed.to_dict():
                raise RuleViolation(
                    "protocol", f"command_id {command_id!r} was already used for another command"
                )
            return prior
        entries = self._entries
        if type(at) is not int or at < 0 or (entries and at < entries[-1].at):
            self._check_time(at)  # refuses it (the test that passes it, written out)
        if self._closed:
            raise RuleViolation("tables", "the table is closed")
        if actor.role in _WATCHERS:
            raise RuleViolation("tables", f"{actor} may watch but never act")
        offers = self.legal(actor)
        kind = type(parsed)
        for offer in offers:  # find_offer, written out (at every command)
            # an offer of another command admits nothing (admits' first test, written out)
            if offer.command is kind and offer.admits(parsed):
                return self._run(actor, parsed, command_id, at)
        # no offer admits it: the article that refuses it, else the protocol's refusal
        self._verify(actor, parsed, at)
        open_now = sorted({o.type for o in offers})
        raise RuleViolation(
            "protocol",
            f"{parsed.TYPE!r} with these values is not open to {actor} now "
            f"(open: {', '.join(open_now) or 'nothing'})",
        )

    def answered(self, command_id: str) -> Applied | None:
        """The result :meth:`apply` gave the command ``command_id`` (None: no command of that id
        in this table's memory): what a retry of it is answered with."""
        return self._results.get(command_id)

    def timeout(self, actor: Actor, *, at: int) -> Applied:
        """Apply the rule's default for ``actor``, whose deadline has passed at ``at``; refused
        before the deadline, or when ``actor`` is not waited on. Recorded as the house's, under
        the command id ``timeout:<seq>:<actor>``, so it cannot happen twice."""
        self._check_time(at)
        waits = [w for w in self.waiting_on() if w.actor == actor]
        if not waits:
            raise RuleViolation("timing", f"{actor} is not being waited on")
        deadline = min((w.deadline for w in waits if w.deadline is not None), default=None)
        if deadline is None:
            raise RuleViolation(waits[0].rule, f"{actor} has no time limit here")
        if at < deadline:
            raise RuleViolation(waits[0].rule, f"{actor} still has {deadline - at} ms")
        command_id = f"timeout:{self.seq}:{actor}"
        prior = self._results.get(command_id)
        if prior is not None:
            return prior
        return self._run(Actor.HOUSE, None, command_id, at, timed_out=actor)

    def step_house(self, *, at: int) -> Applied | None:
        """Apply the dealer's next automatic command (None: nothing to do now)."""
        self._check_time(at)
        if self._closed:
            return None
        command = self._house_command(at)
        if command is None:
            return None
        command_id = f"house:{self.seq}"
        if not self.HOUSE_STEPS_OFFERED or command_id in self._results:
            return self.apply(Actor.HOUSE, command, command_id, at=at)
        # what apply does, less the offer check (the house's own step is among its offers)
        return self._run(Actor.HOUSE, self.parse_command(command), command_id, at)

    def close(self, *, at: int) -> Applied:
        """Seal the table: a final :class:`TableClosed` with the count and the last hash."""
        self._check_time(at)
        if self._closed:
            raise RuleViolation("tables", "the table is already closed")
        self._check_closable()
        event = TableClosed(self.seq, self.head())
        self._apply_table_event(event)
        entry = self._append(event, Actor.HOUSE, f"close:{self.seq}", {"type": "close"}, at)
        applied = Applied(entry.command_id or "", Actor.HOUSE, {"type": "close"}, (entry,))
        self._results[applied.command_id] = applied
        return applied

    def _check_closable(self) -> None:
        """*adapter* may refuse to close mid-round (default: always closable)."""

    def _check_time(self, at: int) -> None:
        entries = self._entries
        if type(at) is int and at >= 0 and (not entries or at >= entries[-1].at):
            return
        if not is_int(at) or at < 0:
            raise RecordError("at", f"the table clock is whole milliseconds >= 0, got {at!r}")
        if at < self.last_at:
            raise RuleViolation("clock", f"time {at} is before the last entry's {self.last_at}")

    def _run(
        self,
        actor: Actor,
        command: Command | None,
        command_id: str,
        at: int,
        *,
        timed_out: Actor | None = None,
    ) -> Applied:
        start_entries = len(self._entries)
        start_fold = self._fold_size()
        try:
            if command is None:
                assert timed_out is not None
                events = self._timeout(timed_out, at)
                sent: dict[str, Any] = {"type": "timeout", "actor": str(timed_out)}
            else:
                events = self._execute(actor, command, at)
                sent = command.to_dict()
            if not events:
                raise RuleViolation("protocol", f"{sent['type']!r} produced no event")
            if len(events) == 1:  # most commands: one event
                event = events[0]
                if isinstance(event, TABLE_EVENTS):
                    self._apply_table_event(event)
                entries: tuple[Entry, ...] = (self._append(event, actor, command_id, sent, at),)
            else:
                for event in events:
                    if isinstance(event, TABLE_EVENTS):
                        self._apply_table_event(event)
                append = self._append
                made = [append(events[0], actor, command_id, sent, at)]
                for event in events[1:]:
                    made.append(append(event, actor, command_id, None, at))
                entries = tuple(made)
        except CroupierError:
            if len(self._entries) != start_entries or self._fold_size() != start_fold:
                self._rebuild(start_entries)
            raise
        applied = Applied(command_id, actor, sent, entries)
        self._results[command_id] = applied
        return applied

    def _append(
        self,
        event: Event,
        actor: Actor,
        command_id: str | None,
        command: Mapping[str, Any] | None,
        at: int,
    ) -> Entry:
        """Record an applied event: entry, visibility, money, rounds."""
        seq = len(self._entries) + 1
        entry = Entry(seq, at, actor.text, command_id, command, event)
        table_event = isinstance(event, TABLE_EVENTS)
        money: Sequence[Tx] = self._chips_money(event, seq) if table_event else ()
        more = self._money(event, seq)
        if more:
            money = [*money, *more] if money else more
        if money:
            # a transaction that moves nothing (a drawn Mah-Jong game's settlement) is not
            # posted; a refusal here is undone by the caller's rebuild
            post = self._ledger.post
            for tx in money:
                for _, amount in tx.entries:
                    if amount:
                        post(tx)
                        break
        self._entries.append(entry)
        self._visibility.append(Shown.PUBLIC if table_event else self._shown(event))
        edge = self._round_edge(event)
        rounds = self._rounds
        if edge == "open":
            rounds.append(RoundSpan(len(rounds) + 1, seq))
        current = len(rounds) - 1 if rounds and rounds[-1].last_seq is None else -1
        self._round_of.append(current)
        if edge == "close" and current >= 0:
            rounds[current].last_seq = seq
            self._rounds_closed += 1
        return entry

    def _append_quiet(
        self,
        event: Event,
        actor: Actor,
        command_id: str | None,
        command: Mapping[str, Any] | None,
        at: int,
        shown: Shown,
    ) -> Entry:
        """:meth:`_append` for an event of the game that neither opens nor closes a round and
        moves no money, or whose money the adapter has just posted (an adapter's many cards
        dealt, stud's players acting), seen as ``shown``: what :meth:`_append` records of it,
        without asking the adapter what it knows already."""
        seq = len(self._entries) + 1
        entry = Entry(seq, at, actor.text, command_id, command, event)
        self._entries.append(entry)
        self._visibility.append(shown)
        rounds = self._rounds
        self._round_of.append(len(rounds) - 1 if rounds and rounds[-1].last_seq is None else -1)
        return entry

    def _shown_of(self, event: Event) -> Shown:
        if isinstance(event, TABLE_EVENTS):
            return Shown.PUBLIC
        return self._shown(event)

    def _rebuild(self, keep: int) -> None:
        """Fold the first ``keep`` entries again into a fresh state (undoing a failed command)."""
        kept = self._entries[:keep]
        results = self._results
        self._reset()
        for group in _by_command(kept):
            self._replay_group(group)
        self._results = {k: v for k, v in results.items() if v.last_seq <= keep}

    def _replay_group(self, group: Sequence[Entry]) -> None:
        """Apply the recorded entries of one command, then record them, as :meth:`apply` did
        (visibility and money are decided with the state after the whole command)."""
        for offset, entry in enumerate(group):
            due = len(self._entries) + offset + 1
            if entry.seq != due:
                raise RecordError("seq", f"entry seq {entry.seq} where {due} is due")
            self._check_time(entry.at)
            event = entry.event
            try:
                if isinstance(event, TABLE_EVENTS):
                    self._apply_table_event(event)
                else:
                    self._replay_event(event, entry)
            except RuleViolation as exc:
                raise RuleViolation(
                    exc.rule, f"entry {entry.seq} ({event.TYPE}) refused: {exc.detail}"
                ) from None
        for entry in group:
            self._append(
                entry.event, Actor.parse(entry.actor), entry.command_id, entry.command, entry.at
            )

    # -- what people see -----------------------------------------------------------------------

    def events_for(
        self, actor: Actor, since: int = 0, *, forms: dict[int, dict[str, Any]] | None = None
    ) -> list[dict[str, Any]]:
        """The entries after ``since`` as ``actor`` may see them: ``{"seq", "at", "actor",
        "event"}``. A player sees his private forms, a dealer the dealers' forms (``DEALER``),
        everyone else the public ones; an
        inspector sees every event of a finished round whole, the round in play as the public.
        ``forms``: shared by calls at the same entries (:meth:`Shown.kept`)."""
        if not is_int(since) or since < 0:
            raise RecordError("since", f"since is a sequence number >= 0, got {since!r}")
        viewer = (
            actor.name
            if actor.role is Role.PLAYER
            else DEALER
            if actor.role is Role.DEALER
            else None
        )
        inspector = actor.role is Role.INSPECTOR
        out: list[dict[str, Any]] = []
        for index in range(since, len(self._entries)):
            entry = self._entries[index]
            shown = self._visibility[index]
            event = entry.event
            whole = event.to_dict if forms is None else partial(Shown.kept, forms, index, event)
            form = whole() if inspector and self._finished(index) else shown.form(viewer, whole)
            out.append({"seq": entry.seq, "at": entry.at, "actor": entry.actor, "event": form})
        return out

    def _finished(self, index: int) -> bool:
        round_index = self._round_of[index]
        return round_index < 0 or self._rounds[round_index].closed

    def round_entries(self, number: int) -> tuple[Entry, ...]:
        """Every entry of round ``number`` (1 is the first), whole: the inspector's recall."""
        if not is_int(number) or not 1 <= number <= len(self._rounds):
            raise RecordError("round", f"no round {number!r} at this table")
        span = self._rounds[number - 1]
        last = span.last_seq if span.last_seq is not None else len(self._entries)
        return tuple(self._entries[span.first_seq - 1 : last])

    # -- records -------------------------------------------------------------------------------

    def to_record(self) -> dict[str, Any]:
        """``{"format", "game", "table", "options", "entries"}`` with each entry's hash."""
        hashes = self.hashes()
        return {
            "format": "croupier-table-record",
            "game": self.GAME,
            "table": self.table_id,
            "options": self._options.to_dict(),
            "entries": [
                {**e.to_dict(), "hash": h} for e, h in zip(self._entries, hashes, strict=True)
            ],
        }

    @classmethod
    def replay(
        cls,
        options: OptionsT,
        entries: Iterable[Entry | Mapping[str, Any]],
        *,
        table_id: str = "table",
        source: ShuffleSource | None = None,
        check_hashes: bool = True,
    ) -> Self:
        """A table rebuilt from its entries (objects or their JSON with ``hash``), each event
        checked again by the rules and, for JSON entries, each hash against the chain."""
        table = cls(options, table_id=table_id, source=source)
        table.extend(entries, check_hashes=check_hashes)
        return table

    def extend(
        self, entries: Iterable[Entry | Mapping[str, Any]], *, check_hashes: bool = True
    ) -> None:
        """Fold entries that follow this table's last one (written by another process, say),
        each event checked by the rules and, for JSON entries, each hash against the chain
        from :meth:`head`: O(new entries), not a fold from the start. The entries of one
        command must come together. On any fault nothing is applied."""
        keep = len(self._entries)
        previous = self.head() if check_hashes else ""
        parsed: list[Entry] = []
        digests: list[str] = []
        for item in entries:
            if isinstance(item, Entry):
                parsed.append(item)
                continue
            entry = self._entry_from_dict(item)
            if check_hashes:
                body = {k: v for k, v in item.items() if k != "hash"}
                digest = link(previous, body)
                if item.get("hash") != digest:
                    raise RecordError(
                        "hash",
                        f"entry {item.get('seq')!r} ({entry.event.TYPE}): its hash does not "
                        "follow from the entries before it (changed, removed or reordered)",
                    )
                previous = digest
                digests.append(digest)
            parsed.append(entry)
        try:
            for group in _by_command(parsed):
                self._replay_group(group)
                for entry in group:
                    if entry.command_id is not None:
                        self._remember(entry)
        except CroupierError:
            self._rebuild(keep)
            raise
        if len(digests) == len(parsed) and len(self._hashes) == keep:
            self._hashes.extend(digests)

    def _remember(self, entry: Entry) -> None:
        """Rebuild the result of the command an entry belongs to (for idempotent retries)."""
        assert entry.command_id is not None
        prior = self._results.get(entry.command_id)
        if prior is None or entry.command is not None:
            command = entry.command if entry.command is not None else {}
            self._results[entry.command_id] = Applied(
                entry.command_id, Actor.parse(entry.actor), command, (entry,)
            )
        else:
            self._results[entry.command_id] = Applied(
                prior.command_id, prior.actor, prior.command, (*prior.entries, entry)
            )

    def _entry_from_dict(self, data: Mapping[str, Any]) -> Entry:
        if not isinstance(data, Mapping):
            raise RecordError("entry", f"an entry must be an object, got {data!r}")
        seq, at, actor = data.get("seq"), data.get("at"), data.get("actor")
        command_id, command = data.get("command_id"), data.get("command")
        if not is_int(seq) or not is_int(at) or not isinstance(actor, str):
            raise RecordError("entry", f"entry {seq!r}: seq, at and actor are required")
        if command_id is not None and not isinstance(command_id, str):
            raise RecordError("command_id", f"entry {seq}: command_id must be text")
        if command is not None and not isinstance(command, Mapping):
            raise RecordError("command", f"entry {seq}: command must be an object")
        try:
            event = self.event_from_dict(data.get("event"))  # type: ignore[arg-type]
        except RecordError as exc:
            raw = data.get("event")
            kind = raw.get("type") if isinstance(raw, Mapping) else None
            named = f" ({kind})" if isinstance(kind, str) and kind.isidentifier() else ""
            raise RecordError(exc.field, f"entry {seq}{named}: {exc}") from None
        Actor.parse(actor)
        return Entry(seq, at, actor, command_id, command, event)

    @classmethod
    def from_record(cls, data: Mapping[str, Any], *, source: ShuffleSource | None = None) -> Self:
        if not isinstance(data, Mapping) or data.get("game") != cls.GAME:
            got = data.get("game") if isinstance(data, Mapping) else data
            raise RecordError("game", f"not a {cls.GAME} record: game {got!r}")
        options = data.get("options")
        entries = data.get("entries")
        table_id = data.get("table", "table")
        if not isinstance(options, Mapping) or not isinstance(entries, list):
            raise RecordError("record", "a table record needs its options and a list of entries")
        if not isinstance(table_id, str):
            raise RecordError("table", "the table id must be text")
        return cls.replay(cls.options_from_dict(options), entries, table_id=table_id, source=source)


#: the roles that may watch but never act
_WATCHERS: Final = frozenset({Role.OBSERVER, Role.INSPECTOR})


def _by_command(entries: Sequence[Entry]) -> Iterable[list[Entry]]:
    """Consecutive entries grouped by the command that produced them."""
    group: list[Entry] = []
    for entry in entries:
        if group and (entry.command_id is None or entry.command_id != group[-1].command_id):
            yield group
            group = []
        group.append(entry)
    if group:
        yield group
