"""Analysis files: CSV and JSON carry the seed, version and parameters; figures are written as
PNG or SVG and bad file names are refused before anything is computed."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

import pytest

from croupier import __version__
from croupier.analysis.output import OutputError, write_output
from croupier.analysis.plots import PlotError, plot_house_ways, plot_stud_classes
from croupier.analysis.runner import Plan, run
from croupier.games.thirteen.options import ThirteenOptions
from croupier.odds.thirteen_edge import edge_chunk, edge_plan, report_from_run

WAYS = [
    {"house_way": "a", "house_edge": 0.08, "ci95_low": 0.07, "ci95_high": 0.09, "rounds": 10},
    {"house_way": "b", "house_edge": -0.05, "ci95_low": -0.06, "ci95_high": -0.04, "rounds": 10},
]


def _report() -> object:
    plan = edge_plan(4, "files", ThirteenOptions())
    small = Plan(plan.analysis, plan.seed, 4, 2, plan.params)
    return report_from_run(run(small, edge_chunk), ThirteenOptions())


def test_json_and_csv_name_the_seed_version_and_parameters(tmp_path: Path) -> None:
    report = _report()
    info = report.run.run_info()  # type: ignore[attr-defined]
    write_output(tmp_path / "e.json", info, {"house_edge": report.to_dict()}, report.rows())  # type: ignore[attr-defined]
    data = json.loads((tmp_path / "e.json").read_text())
    assert data["run"]["seed"] == "files" and data["run"]["croupier"] == __version__
    assert data["run"]["params"]["house_way"] == "expected-points"
    write_output(tmp_path / "e.csv", info, {}, report.rows())  # type: ignore[attr-defined]
    rows = list(csv.DictReader((tmp_path / "e.csv").open()))
    assert [r["strategy"] for r in rows] == ["optimal", "expected-points"]
    assert all(r["seed"] == "files" and r["croupier"] == __version__ for r in rows)
    assert json.loads(rows[0]["params"])["win_net"] == "49/100"


def test_bad_output_and_figure_names_are_refused(tmp_path: Path) -> None:
    with pytest.raises(OutputError, match=r"e\.xlsx'"):
        write_output(tmp_path / "e.xlsx", {}, {}, [])
    with pytest.raises(PlotError, match=r"w\.jpg'"):
        plot_house_ways(WAYS, tmp_path / "w.jpg")
    assert not (tmp_path / "w.jpg").exists()


@pytest.mark.parametrize("suffix", [".png", ".svg"])
def test_figures_are_written(tmp_path: Path, suffix: str) -> None:
    path = plot_house_ways(WAYS, tmp_path / f"ways{suffix}")
    head = path.read_bytes()[:200]
    assert head.startswith(b"\x89PNG") if suffix == ".png" else b"<svg" in path.read_bytes()
    stud = plot_stud_classes({"pair": 0.4, "high_card": 0.5}, tmp_path / f"stud{suffix}")
    assert stud.stat().st_size > 1000


def test_convergence_figure_from_a_run(tmp_path: Path) -> None:
    from croupier.analysis.plots import plot_convergence

    report = _report()
    points = report.convergence()  # type: ignore[attr-defined]
    assert [p[0] for p in points] == [2, 4]
    assert plot_convergence([report], tmp_path / "c.png").stat().st_size > 1000  # type: ignore[list-item]


def test_a_plot_without_matplotlib_is_a_typed_error_naming_the_extra(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After scripts/demo (a plain install) ``--plot`` must say what to install, not raise a
    traceback from the import."""
    import sys

    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib -> ImportError
    with pytest.raises(PlotError, match=r"croupier\[analysis\]"):
        plot_house_ways(WAYS, tmp_path / "w.png")


def test_the_removal_panel_names_the_cards_out_of_the_shoe(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """``odds three-card-baccarat --removed ... --plot``: the effects are the shoe's less those
    cards, and the panel says so (it said "(8-deck shoe)" alone: the review of issue 22)."""
    from croupier.analysis import plots

    titles: list[str] = []

    def keep(fig: Any, path: Path) -> Path:
        titles.extend(ax.get_title() for ax in fig.axes)
        plots._pyplot().close(fig)
        return path

    monkeypatch.setattr(plots, "_save", keep)
    ev = {1: {"main": -0.02}, 8: {"main": -0.024}}
    effects = {"A": {"main": 0.0001}}
    plots.plot_banking("t", ev, effects, tmp_path / "a.png", shoe=8, removed=("5h", "6c"))
    assert "effect of removing one card (8-deck shoe less 5h 6c)" in titles
    titles.clear()
    plots.plot_banking("t", ev, effects, tmp_path / "b.png", shoe=8)
    assert "effect of removing one card (8-deck shoe)" in titles
    titles.clear()
    many = tuple(f"{r}h" for r in "A23456789")
    plots.plot_banking("t", ev, effects, tmp_path / "c.png", shoe=8, removed=many)
    assert "effect of removing one card (8-deck shoe less 9 cards)" in titles
