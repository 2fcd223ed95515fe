"""Issue 15 item 22: no import circles in croupier, and each layer imports only those below.

The layers, lowest first: material (cards, tiles, dice, shuffle, shoe, money, records, errors)
-> ranking -> protocol/events (protocol, card events, events, offers, settlement, the banking
engine) -> the games -> the table interface -> odds/analysis (and ``tables``, the banking games
for the simulator) -> server -> the CLI. Inside the CLI layer, :mod:`croupier.commands.app` and
:mod:`croupier.commands.output` are below the command modules, which are below
:mod:`croupier.cli`.

Every ``import`` of a croupier module is read from the source (at module level, inside a
function, or under ``TYPE_CHECKING``): a layer may import its own layer and those below, never
one above. Circles are looked for among the imports that run when a module is imported (module
level, outside ``TYPE_CHECKING``). A failure names the offending import: file, line, and the
layers of both ends.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

import croupier

ROOT = Path(croupier.__file__).parent

#: the modules of the CLI layer below the command modules
CLI_BASE = ("croupier.commands", "croupier.commands.app", "croupier.commands.output")

#: (layer name, module prefixes), lowest first; the longest matching prefix decides
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "material",
        (
            "croupier",
            "croupier.errors",
            "croupier.records",
            "croupier.money",
            "croupier.cards",
            "croupier.tiles",
            "croupier.dice",
            "croupier.shuffle",
            "croupier.shoe",
            "croupier.seeds",
        ),
    ),
    ("ranking", ("croupier.rank",)),
    (
        "protocol",
        (
            "croupier.protocol",
            "croupier.frozen",
            "croupier.card_events",
            "croupier.events",
            "croupier.offers",
            "croupier.settlement",
            "croupier.banking",
        ),
    ),
    ("games", ("croupier.games",)),
    ("table", ("croupier.table",)),
    ("analysis", ("croupier.odds", "croupier.analysis", "croupier.tables")),
    ("server", ("croupier.server",)),
    ("cli-base", CLI_BASE),
    ("commands", ()),  # every other module of croupier.commands (see layer_of)
    ("cli", ("croupier.cli",)),
)
LEVEL = {name: i for i, (name, _) in enumerate(LAYERS)}


def layer_of(module: str) -> str:
    """The layer of ``module``: its longest matching prefix in :data:`LAYERS`."""
    if module.startswith("croupier.commands.") and module not in CLI_BASE:
        return "commands"
    best, best_len = None, -1
    for name, prefixes in LAYERS:
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > best_len:
                best, best_len = name, len(prefix)
    if best is None:
        raise AssertionError(f"{module} is in no layer: add it to LAYERS in {__file__}")
    return best


def modules() -> dict[str, Path]:
    out = {}
    for path in sorted(ROOT.rglob("*.py")):
        parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


@dataclass(frozen=True)
class Import:
    source: str
    target: str
    #: "module" (runs on import), "function" (runs when called) or "typing" (TYPE_CHECKING)
    when: str
    path: Path
    line: int

    def __str__(self) -> str:
        where = self.path.relative_to(ROOT.parent)
        return (
            f"{where}:{self.line}: {self.source} ({layer_of(self.source)}) imports "
            f"{self.target} ({layer_of(self.target)}) [{self.when}]"
        )


def imports() -> list[Import]:
    known = modules()

    def resolve(name: str) -> str:
        while name and name not in known:
            name = name.rpartition(".")[0]
        return name

    found: list[Import] = []
    for module, path in known.items():
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]

        def add(target: str, when: str, line: int, module: str = module, path: Path = path) -> None:
            if target.split(".")[0] == "croupier":
                found.append(Import(module, resolve(target), when, path, line))

        def visit(node: ast.AST, when: str, package: str = package) -> None:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                    for stmt in child.body:
                        visit(ast.Module([stmt], []), "typing")
                    for stmt in child.orelse:
                        visit(ast.Module([stmt], []), when)
                elif isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                    visit(child, "function" if when == "module" else when)
                elif isinstance(child, ast.Import):
                    for alias in child.names:
                        add(alias.name, when, child.lineno)
                elif isinstance(child, ast.ImportFrom):
                    base = child.module or ""
                    if child.level:
                        parts = package.split(".")[: len(package.split(".")) - child.level + 1]
                        base = ".".join([*parts, base] if base else parts)
                    for alias in child.names:
                        full = f"{base}.{alias.name}"
                        add(full if full in known else base, when, child.lineno)
                else:
                    visit(child, when)

        visit(ast.parse(path.read_text(encoding="utf-8")), "module")
    return found


def test_issue15_item22_every_module_is_in_a_layer() -> None:
    for module in modules():
        layer_of(module)


def test_issue15_item22_each_layer_imports_only_its_own_and_those_below() -> None:
    bad = sorted(
        {str(i) for i in imports() if LEVEL[layer_of(i.target)] > LEVEL[layer_of(i.source)]}
    )
    assert not bad, "imports of a layer above:\n" + "\n".join(bad)


def test_issue15_item22_no_command_imports_the_cli_entry_point() -> None:
    bad = sorted({str(i) for i in imports() if i.target == "croupier.cli" != i.source})
    assert not bad, "\n".join(bad)


def find_circle(edges: dict[str, list[Import]]) -> list[Import] | None:
    """One import circle (the imports around it), or None."""
    state: dict[str, int] = {}  # 1: on the path, 2: done
    path: list[Import] = []

    def walk(node: str) -> list[Import] | None:
        state[node] = 1
        for edge in edges.get(node, []):
            if state.get(edge.target) == 1:
                start = next((i for i, e in enumerate(path) if e.source == edge.target), len(path))
                return [*path[start:], edge]
            if edge.target not in state:
                path.append(edge)
                found = walk(edge.target)
                if found:
                    return found
                path.pop()
        state[node] = 2
        return None

    for node in sorted(edges):
        if node not in state:
            found = walk(node)
            if found:
                return found
    return None


def test_issue15_item22_no_import_circles() -> None:
    edges: dict[str, list[Import]] = {}
    for i in imports():
        if i.when == "module" and i.source != i.target:
            edges.setdefault(i.source, []).append(i)
    circle = find_circle(edges)
    assert circle is None, "an import circle:\n" + "\n".join(str(e) for e in circle or [])


@pytest.mark.parametrize(
    ("edges", "has_circle"),
    [
        ({"a": ["b"], "b": ["c"]}, False),
        ({"a": ["b"], "b": ["c"], "c": ["a"]}, True),
        ({"a": ["b", "c"], "c": ["b"]}, False),
    ],
)
def test_the_circle_finder_finds_circles(edges: dict[str, list[str]], has_circle: bool) -> None:
    graph = {
        s: [Import(s, t, "module", ROOT / "x.py", 1) for t in targets]
        for s, targets in edges.items()
    }
    assert (find_circle(graph) is not None) is has_circle


def test_the_layer_check_sees_an_upward_import() -> None:
    upward = Import("croupier.games.thirteen.rules", "croupier.cli", "function", ROOT, 1)
    assert LEVEL[layer_of(upward.target)] > LEVEL[layer_of(upward.source)]
    assert layer_of("croupier.commands.play") == "commands"
    assert layer_of("croupier.commands.output") == "cli-base"


#: "no module over ~800 lines" (the developers' guide; issue 15 item 23): ~ allows a little
MAX_MODULE_LINES = 850


@pytest.mark.parametrize("path", sorted(ROOT.rglob("*.py")), ids=lambda p: str(p.relative_to(ROOT)))
def test_issue15_item23_no_module_over_about_800_lines(path: Path) -> None:
    lines = path.read_text(encoding="utf-8").count("\n")
    assert lines <= MAX_MODULE_LINES, f"{path.relative_to(ROOT)} has {lines} lines"
