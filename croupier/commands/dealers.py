"""One round of each game dealt from a given shuffler, as data and as a picture: what
``croupier deal`` shows and ``croupier verify`` recomputes.

Each dealer draws from the shuffler exactly as the game's engine does at a real table, so a
provably fair deal recomputed from its seeds is the deal the table would have made:

* thirteen: :func:`~croupier.games.thirteen.deal.deal_thirteen` (cut, dice, the four hands);
* three-card-baccarat: the box or shoe prepared and the first round dealt to every place;
* football-poker: the shoe shuffled and cut by the round engine, and the first round dealt as if
  every place held a stake (a hand is dealt only to a place with a stake, Art 5.4);
* five-card-stud: the hand dealt by the round engine to every seat of the table as if the
  first to speak opened at the pot money, everyone called and then checked to the end (the
  cards each seat receives depend only on who is still in; Art 10);
* mahjong: :func:`~croupier.games.mahjong.wall.deal_mahjong` (the wall, the dice, the hands).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from croupier.commands.output import by_rank, cards_text

if TYPE_CHECKING:
    from rich.console import Console

    from croupier.shuffle import Shuffler

__all__ = ["DEALERS", "Dealt"]


@dataclass(frozen=True)
class Dealt:
    """A dealt round, ready to print: its JSON data and a Rich renderer."""

    data: dict[str, Any]
    render: Callable[[Console], None]


def _thirteen(shuffler: Shuffler, options: Any, cut: int | None) -> Dealt:
    from rich.table import Table
    from rich.text import Text

    from croupier.games.thirteen.deal import deal_thirteen
    from croupier.games.thirteen.rules import BANKER, POSITIONS, REGULATION

    deal = deal_thirteen(shuffler, cut=cut, options=options)

    def render(console: Console) -> None:
        console.print(f"[bold]13-card game[/bold] · {REGULATION}")
        console.print(f"Cut: {deal.cut} cards from the top to the bottom (Art 2 a)")
        counting = "banker = 1" if options.count_banker_as_one else "banker's next = 1"
        dice = " + ".join(str(d) for d in deal.dice)
        console.print(
            f"Dice: {dice} = [bold]{deal.dice_total}[/bold] → first card to position "
            f"[bold]{deal.first_position}[/bold]\n"
            f"  (the total counted counterclockwise from the banker, {counting}; Art 2 b)"
        )
        grid = Table(title="Hands: 13 cards each, one at a time counterclockwise", show_lines=True)
        grid.add_column("Position")
        grid.add_column("Cards (as received / by rank)")
        for p in POSITIONS:
            label = f"{p} banker" if p == BANKER else str(p)
            if p == deal.first_position:
                label += "\n(first card)"
            cards = Text("received ").append_text(cards_text(deal.hands[p]))
            cards.append("\nby rank  ").append_text(cards_text(by_rank(deal.hands[p])))
            grid.add_row(label, cards)
        console.print(grid)

    return Dealt(deal.to_dict(), render)


def _baccarat(shuffler: Shuffler, options: Any, cut: int | None) -> Dealt:
    from rich.table import Table

    from croupier.games.three_card_baccarat.deal import deal_three_card_baccarat, prepare_shoe
    from croupier.games.three_card_baccarat.rules import REGULATION, describe_hand, position_label

    shoe, setup = prepare_shoe(options, shuffler, cut=cut)
    deal = deal_three_card_baccarat(shoe, options, first_round=True)
    data = deal.to_dict()
    data["shoe"] = setup.to_dict()

    def render(console: Console) -> None:
        console.print(f"[bold]3-card baccarat[/bold] · {REGULATION}")
        if options.is_box:
            console.print("Box: 1 deck, one round per shuffle (Art 2.2, 4.2)")
        else:
            console.print(
                f"Shoe: {options.decks} decks; second cut card {setup.cut_card_depth} cards "
                "from the end (Art 3.1)"
            )
        console.print(f"Cut: {setup.cut} cards from the top to the bottom (Art 3.1)")
        console.print(
            f"Burned: {len(deal.burns)} card(s) before the first round (Art 3.2):",
            cards_text(deal.burns),
        )
        grid = Table(title="Hands (3 cards each, from place 1 clockwise, banker last)")
        for column in ("Place", "Cards", "Points", "Figures", "Hand"):
            grid.add_column(column, justify="right" if column in ("Points", "Figures") else "left")
        for p in deal.positions:
            cards = deal.hands[p]
            grid.add_row(
                position_label(p),
                cards_text(cards),
                str(deal.points(p)),
                str(deal.figures(p)),
                describe_hand(cards),
                style="bold" if deal.three_figures(p) else None,
            )
        console.print(grid)
        if options.is_box:
            console.print("Last round: yes, a box deals one round per shuffle (Art 4.2)")
        elif deal.cut_card_out:
            console.print("[bold]Cut card out: this is the last round of the shoe (Art 4.1)[/bold]")
        else:
            console.print(f"Cut card out: no; {shoe.remaining} cards left in the shoe")

    return Dealt(data, render)


def _football(shuffler: Shuffler, options: Any, cut: int | None) -> Dealt:
    from rich.table import Table

    from croupier.events import CardBurned
    from croupier.games.football_poker.round import FootballPokerGame
    from croupier.games.football_poker.rules import REGULATION, BetKind, hand_total

    game = FootballPokerGame(options)
    shuffled = game.shuffle(shuffler, cut=cut)
    game.open_round()
    bet = BetKind.POST
    for place in range(1, options.positions + 1):
        game.place_bet("deal", place, bet, options.limits.limit(bet.value).minimum)
    game.close_bets()
    events = game.deal()
    burns = [e.card for e in events if isinstance(e, CardBurned)]
    hands = {p: game.hands[p] for p in sorted(game.hands)}
    data: dict[str, Any] = {
        "game": "football-poker",
        "regulation": REGULATION,
        "table": options.to_dict(),
        "cut": shuffled.cut,
        "cut_card_depth": shuffled.cut_card_depth,
        "commitment": shuffled.commitment,
        "burns": [str(c) for c in burns],
        "hands": {str(p): [str(c) for c in cards] for p, cards in hands.items()},
        "totals": {str(p): hand_total(cards) for p, cards in hands.items()},
    }

    def render(console: Console) -> None:
        console.print(f"[bold]Football Poker[/bold] · {REGULATION}")
        console.print(
            f"Shoe: {options.decks} decks, cut {shuffled.cut} cards from the top to the bottom "
            f"(Art 5.1); cut card {shuffled.cut_card_depth} cards from the end"
        )
        console.print(f"Burned: {len(burns)} card(s) (Art 5.2):", cards_text(burns))
        grid = Table(title="Hands of the first round, every place in play (Art 5.4, 8.1)")
        for column in ("Place", "Cards", "Total"):
            grid.add_column(column, justify="right" if column == "Total" else "left")
        for place, cards in hands.items():
            grid.add_row(str(place), cards_text(cards), str(hand_total(cards)))
        console.print(grid)

    return Dealt(data, render)


def _stud(shuffler: Shuffler, options: Any, cut: int | None) -> Dealt:
    from rich.table import Table

    from croupier.games.five_card_stud.events import Act, CardsDealt
    from croupier.games.five_card_stud.round import StudGame, StudPhase
    from croupier.games.five_card_stud.rules import REGULATION

    game = StudGame(options)
    seats = list(range(1, options.seats + 1))
    for seat in seats:
        game.seat_player(seat, f"seat{seat}", options.min_buy_in)
    if game.needs_new_deck:
        game.new_deck()
    game.start_hand()
    shuffled = game.shuffle(shuffler)
    burned = game.burn()
    dealings: list[CardsDealt] = []
    while game.phase is not StudPhase.SHOWDOWN:
        if game.phase is StudPhase.DEALING:
            dealings.append(game.deal())
            continue
        turn = game.to_act
        assert turn is not None
        if game.can_act(turn, Act.CHECK):
            game.act(turn, Act.CHECK)
        elif game.can_act(turn, Act.CALL):
            game.act(turn, Act.CALL)
        else:
            game.act(turn, Act.BET, options.pot_money)
    data: dict[str, Any] = {
        "game": "five-card-stud",
        "regulation": REGULATION,
        "table": options.to_dict(),
        "cut": shuffled.cut,
        "commitment": shuffled.commitment,
        "burned": str(burned.card),
        "dealings": [[[seat, str(card)] for seat, card in d.cards] for d in dealings],
        "hands": {
            str(seat): {
                "key": str(game.key_card(seat)),
                "up": [str(c) for c in game.up_cards(seat)],
            }
            for seat in seats
        },
    }

    def render(console: Console) -> None:
        console.print(f"[bold]Five-card stud[/bold] · {REGULATION}")
        console.print(
            f"Deck of 40 cards (Art 1 a), cut {shuffled.cut}; the first card burned (Art 2, 10 a):",
            cards_text([burned.card]),
        )
        console.print(
            "Every seat stays in to the end (the first to speak opens at the pot money, the "
            "rest call, then everyone checks): the cards each seat would receive (Art 10)."
        )
        grid = Table(title="Hands: the key card (face down) and the four up cards")
        for column in ("Seat", "Key card", "Up cards, as dealt"):
            grid.add_column(column)
        for seat in seats:
            key = game.key_card(seat)
            grid.add_row(
                str(seat), cards_text([key] if key else []), cards_text(game.up_cards(seat))
            )
        console.print(grid)
        order = "; ".join(", ".join(f"{seat}:{card}" for seat, card in d.cards) for d in dealings)
        console.print(f"Dealing order (seat:card, one dealing per street): {order}", soft_wrap=True)

    return Dealt(data, render)


def _mahjong(shuffler: Shuffler, options: Any, cut: int | None) -> Dealt:
    from rich.table import Table

    from croupier.games.mahjong.rules import REGULATION, MahjongTable, Seat
    from croupier.games.mahjong.wall import deal_mahjong
    from croupier.tiles import format_tiles

    # the wall options: the options themselves, or the field of the game's options holding them
    table = options
    if not isinstance(table, MahjongTable):
        held = [getattr(options, f.name) for f in dataclasses.fields(options)]
        table = next((v for v in held if isinstance(v, MahjongTable)), MahjongTable())
    deal = deal_mahjong(shuffler, table)

    def render(console: Console) -> None:
        console.print(f"[bold]Mah-Jong[/bold] · {REGULATION}")
        wall, stack = deal.first_stack
        dice = " + ".join(str(d) for d in deal.dice)
        console.print(
            f"Dice: {dice} = [bold]{deal.dice_total}[/bold] → {deal.wall.name.title()}'s wall; "
            f"the deal starts at {wall.name.title()}'s stack {stack} (counted from the right; "
            "Art 2)"
        )
        grid = Table(title="Hands: 2 stacks three times round, then the banker's two (Art 2)")
        for column in ("Seat", "Tiles (as taken)", "Sorted"):
            grid.add_column(column)
        for seat in Seat:
            tiles = deal.hands[seat]
            label = f"{seat.name.title()}" + (
                " (banker, discards first)" if seat is deal.first_to_discard else ""
            )
            grid.add_row(label, format_tiles(tiles), format_tiles(sorted(tiles)))
        console.print(grid)
        console.print(f"Live wall: {len(deal.live)} tiles; replacements from its other end")

    return Dealt(deal.to_dict(), render)


#: each game's dealer: ``(shuffler, options, cut) -> Dealt``
DEALERS: dict[str, Callable[[Shuffler, Any, int | None], Dealt]] = {
    "thirteen": _thirteen,
    "mahjong": _mahjong,
    "football-poker": _football,
    "three-card-baccarat": _baccarat,
    "five-card-stud": _stud,
}
