"""The analyses' figures (matplotlib on its Agg backend: no display needed), PNG or SVG.

* :func:`plot_convergence`: an edge estimate with its 95% band against rounds;
* :func:`plot_house_ways`: the 13-card house ways' edges with their 95% intervals, side by side;
* :func:`plot_banking`: a banking game's EV per bet against the number of decks, and the effect
  of removing one card of each rank on each bet;
* :func:`plot_stud_classes`: five-card stud's hand-class frequencies.

Every function takes plain figures (no game object), writes ``path`` (the format by its suffix)
and returns it. matplotlib is imported inside each function, so importing this module is cheap.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from croupier.errors import CroupierError

if TYPE_CHECKING:
    from croupier.odds.thirteen_edge import EdgeReport

__all__ = [
    "PlotError",
    "plot_banking",
    "plot_convergence",
    "plot_house_ways",
    "plot_stud_classes",
]

SUFFIXES = (".png", ".svg")


class PlotError(CroupierError, ValueError):
    """A figure file whose suffix is neither .png nor .svg, or that cannot be written, or
    matplotlib missing (the ``analysis`` extra)."""


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:  # a plain install (scripts/demo): the figures are the analysis extra's
        raise PlotError("--plot needs matplotlib: pip install 'croupier[analysis]'") from None

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _save(fig: Any, path: Path) -> Path:
    if path.suffix.lower() not in SUFFIXES:
        raise PlotError(f"figure file {str(path)!r} must end in .png or .svg")
    plt = _pyplot()
    try:
        fig.tight_layout()
        fig.savefig(path, dpi=110)
    except OSError as exc:
        raise PlotError(f"cannot write {path}: {exc.strerror}") from None
    finally:
        plt.close(fig)
    return path


def plot_convergence(reports: Sequence[EdgeReport], path: Path) -> Path:
    """The edge against optimal players after each chunk, with its 95% band, one line per
    report (each house way run, say)."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7.5, 4.2))
    for report in reports:
        points = report.convergence()
        if not points:
            continue
        rounds = [p[0] for p in points]
        edge = [100 * p[1] for p in points]
        lo = [100 * p[2] for p in points]
        hi = [100 * p[3] for p in points]
        (line,) = ax.plot(rounds, edge, label=f"banker by {report.house_way}")
        ax.fill_between(rounds, lo, hi, alpha=0.2, color=line.get_color())
    ax.axhline(0, color="grey", lw=0.8)
    ax.set_xlabel("rounds simulated")
    ax.set_ylabel("house edge, % of the stake")
    seed = reports[0].seed if reports else ""
    ax.set_title(f"13-card game: edge against best-responding players, 95% band (seed {seed!r})")
    ax.legend(loc="best", fontsize="small")
    return _save(fig, path)


def plot_house_ways(ways: Sequence[Mapping[str, Any]], path: Path, title: str = "") -> Path:
    """Each house way's edge (``ways``: dicts with ``house_way``, ``house_edge``, ``ci95_low``,
    ``ci95_high``, ``rounds``) as a bar with its 95% interval."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7.5, 4.2))
    names = [str(w["house_way"]) for w in ways]
    edges = [100 * float(w["house_edge"]) for w in ways]
    lo = [e - 100 * float(w["ci95_low"]) for e, w in zip(edges, ways, strict=True)]
    hi = [100 * float(w["ci95_high"]) - e for e, w in zip(edges, ways, strict=True)]
    colors = ["tab:green" if e > 0 else "tab:red" for e in edges]
    ax.bar(names, edges, yerr=[lo, hi], capsize=6, color=colors, alpha=0.8)
    for i, (e, w) in enumerate(zip(edges, ways, strict=True)):
        up = e >= 0  # the label beyond the interval's end, clear of the bar, title and ticks
        ax.annotate(
            f"{e:+.2f}%\n{int(w['rounds']):,} rounds",
            (i, e + hi[i] if up else e - lo[i]),
            textcoords="offset points",
            xytext=(0, 4 if up else -4),
            ha="center",
            va="bottom" if up else "top",
            fontsize="small",
        )
    ax.margins(y=0.3)
    ax.axhline(0, color="grey", lw=0.8)
    ax.set_ylabel("house edge against best response, %")
    ax.set_title(title or "13-card game: house ways against best-responding players (95% CI)")
    return _save(fig, path)


def plot_banking(
    title: str,
    ev_by_decks: Mapping[int, Mapping[str, float]],
    removal: Mapping[str, Mapping[str, float]],
    path: Path,
    *,
    shoe: int | None = None,
    removed: Sequence[str] = (),
) -> Path:
    """Left: EV per unit staked of each bet against decks (``ev_by_decks[decks][bet]``).
    Right: the change in each bet's EV, in basis points, when one card of each rank is removed
    (``removal[rank][bet]``) from the shoe of ``shoe`` decks (marked on the left, named on the
    right) less the cards ``removed`` already (named on the right: the effects are that
    shoe's)."""
    plt = _pyplot()
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.4))
    decks = sorted(ev_by_decks)
    bets = list(ev_by_decks[decks[0]])
    palette = plt.get_cmap("tab20")
    color = {bet: palette(i % 20) for i, bet in enumerate(bets)}
    for bet in bets:
        ev = [100 * ev_by_decks[d][bet] for d in decks]
        left.plot(decks, ev, marker="o", label=bet, color=color[bet])
    left.set_xlabel("decks in the shoe")
    left.set_ylabel("EV per unit staked, %")
    left.set_xticks(decks)
    left.axhline(0, color="grey", lw=0.8)
    if shoe is not None:
        left.axvline(shoe, color="grey", lw=0.8, ls=":")
    left.legend(fontsize="x-small", ncol=2)
    left.set_title("EV per bet against decks")
    ranks = list(removal)
    width = 0.8 / max(len(bets), 1)
    for i, bet in enumerate(bets):
        xs = [r + (i - len(bets) / 2) * width for r in range(len(ranks))]
        effects = [removal[rank][bet] * 10_000 for rank in ranks]
        right.bar(xs, effects, width=width, label=bet, color=color[bet])
    right.set_xticks(range(len(ranks)))
    right.set_xticklabels(ranks)
    right.axhline(0, color="grey", lw=0.8)
    right.set_xlabel("rank of the card removed")
    right.set_ylabel("change in EV, basis points")
    shoe_text = "" if shoe is None else f"{shoe}-deck shoe"
    if removed:
        gone = " ".join(removed) if len(removed) <= 6 else f"{len(removed)} cards"
        shoe_text = f"{shoe_text or 'the shoe'} less {gone}"
    shoe_text = f" ({shoe_text})" if shoe_text else ""
    right.set_title(f"effect of removing one card{shoe_text}")
    fig.suptitle(title)
    return _save(fig, path)


def plot_stud_classes(probabilities: Mapping[str, float], path: Path, title: str = "") -> Path:
    """Each hand class's probability (log scale), strongest first."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7.5, 4.2))
    names = [n.replace("_", " ") for n in probabilities]
    values = list(probabilities.values())
    ax.barh(names[::-1], values[::-1], color="tab:blue")
    ax.set_xscale("log")
    for y, v in enumerate(values[::-1]):
        ax.annotate(
            f"{v:.3%}" if v >= 1e-4 else f"1 in {1 / v:,.0f}",
            (v, y),
            xytext=(3, -3),
            textcoords="offset points",
            fontsize="x-small",
        )
    ax.set_xlabel("probability (log scale)")
    ax.set_title(title or "Five-card stud (40-card deck): hand classes of five cards, exact")
    return _save(fig, path)
