"""The rings of design.md §1, enforced: what each part of the package may import, and no
import circles between modules.

Every import counts, also one inside a function (a lazy import is still a dependency), except
those under `if TYPE_CHECKING:` (types only, never run). The checks prove themselves: a planted
bad import and a planted circle must be caught.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "moderator"

#: Each ring and the rings it may import (design.md §1, with the shared public view and
#: sentences that the terminal, the command line and the display all use).
RINGS: dict[str, frozenset[str]] = {
    "rules": frozenset(),
    "i18n": frozenset({"kept", "resources"}),
    "store": frozenset(),
    "voice": frozenset({"kept"}),
    "live": frozenset({"store"}),
    "scripts": frozenset({"rules"}),
    "codec": frozenset({"rules"}),
    "simulate": frozenset({"rules", "scripts"}),  # the players see the reveal, ask the rules
    "session": frozenset({"rules", "store", "codec"}),
    "public": frozenset({"rules", "codec", "session", "store"}),
    "narration": frozenset({"rules", "codec", "session", "store", "i18n"}),
    "reference": frozenset({"rules", "codec", "i18n", "narration", "session", "store", "kept",
                            "resources"}),
    "records": frozenset({"rules", "codec", "store", "session", "i18n", "narration", "public",
                          "kept", "resources"}),
    # the table's page, and the host's, whose answers are the host ring's; between games the
    # table's page shows what the records work out from the saved games (the review of the
    # game, as `review`; the night's tally, as `night --json`): it asks them, as the command
    # line does, rather than working a proof or a tally out again
    "display": frozenset({"rules", "codec", "store", "session", "i18n", "narration", "public",
                          "live", "voice", "kept", "resources", "host", "records"}),
    # the host's remote: guided play's steps (ui) run with a page's taps as answers, the rules
    # lookup and the reveal as guided play has them; it knows nothing of HTTP (display)
    "host": frozenset({"rules", "codec", "store", "session", "i18n", "narration", "live",
                       "ui", "reference", "scripts", "voice"}),
    "ui": frozenset({"rules", "codec", "store", "session", "i18n", "narration", "public", "live",
                     "reference", "records", "scripts", "voice"}),
    "cli": frozenset({"rules", "codec", "store", "session", "i18n", "narration", "public", "live",
                      "reference", "records", "scripts", "voice", "ui", "display", "kept",
                      "simulate"}),
    "kept": frozenset(),
    "resources": frozenset(),
    "__init__": frozenset(),
    "__main__": frozenset({"cli"}),
}


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, ast.Module]:
    return {module_name(p): ast.parse(p.read_text(encoding="utf-8"))
            for p in sorted(PACKAGE.rglob("*.py"))}


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imports(tree: ast.AST, known: set[str]) -> set[str]:
    """The moderator modules `tree` imports, resolved to modules where they are ones."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _type_checking(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.split(".")[0] == "moderator")
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0 \
                and node.module.split(".")[0] == "moderator":
            for alias in node.names:
                whole = f"{node.module}.{alias.name}"
                found.add(whole if whole in known else node.module)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def ring(name: str) -> str:
    parts = name.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def violations(trees: dict[str, ast.Module]) -> list[str]:
    known = set(trees)
    wrong = []
    for name, tree in trees.items():
        here = ring(name)
        for target in sorted(imports(tree, known)):
            there = ring(target)
            if there == here or target == "moderator":
                continue  # within a ring, and `from moderator import __version__`
            if there not in RINGS.get(here, frozenset()):
                wrong.append(f"{name} imports {target}")
    return wrong


def circles(trees: dict[str, ast.Module]) -> list[tuple[str, ...]]:
    """Every import circle between modules, each once, smallest first."""
    known = set(trees)
    edges = {name: {t for t in imports(tree, known) if t in known and t != name}
             for name, tree in trees.items()}
    found: set[tuple[str, ...]] = set()

    def walk(start: str, node: str, path: list[str]) -> None:
        for target in edges.get(node, ()):
            if target == start:
                low = path.index(min(path))
                found.add(tuple(path[low:] + path[:low]))
            elif target not in path and target > start and len(path) < 8:
                walk(start, target, [*path, target])

    for name in sorted(edges):
        walk(name, name, [name])
    return sorted(found, key=len)


def test_every_import_stays_inside_its_ring():
    assert violations(modules()) == []


def test_no_module_imports_itself_round_a_circle():
    assert circles(modules()) == []


def test_a_planted_bad_import_is_caught():
    trees = modules()
    trees["moderator.rules.planted"] = ast.parse("def f():\n    from moderator import store\n")
    trees["moderator.ui.planted"] = ast.parse("from moderator.cli.common import Out\n")
    assert violations(trees) == [
        "moderator.rules.planted imports moderator.store",
        "moderator.ui.planted imports moderator.cli.common",
    ]


def test_a_planted_circle_is_caught_and_types_only_imports_are_not():
    trees = modules()
    trees["moderator.ui.one"] = ast.parse("from moderator.ui import two\n")
    trees["moderator.ui.two"] = ast.parse("def f():\n    from moderator.ui import one\n")
    trees["moderator.ui.three"] = ast.parse(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from moderator.ui import one\n")
    trees["moderator.ui.four"] = ast.parse("from moderator.ui import three\n")
    assert circles(trees) == [("moderator.ui.one", "moderator.ui.two")]


def private_typer(trees: dict[str, ast.Module]) -> list[str]:
    """Where the package reaches into typer's private modules (`typer._click`, the click it
    vendors), by import or by attribute: issue 30 puts the command line on typer's public API,
    which a new typer keeps."""
    found = []
    for name, tree in trees.items():
        for node in ast.walk(tree):
            used = []
            if isinstance(node, ast.Import):
                used = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                used = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
            elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
                used = [f"{node.value.id}.{node.attr}"]
            found += [f"{name} uses {u}" for u in used
                      if u.split(".")[0] in ("typer", "click")
                      and (u.split(".")[0] == "click" or any(p.startswith("_") for p in
                                                                u.split(".")[1:2]))]
    return sorted(set(found))


def test_the_command_line_uses_typers_public_api_only():
    trees = modules()
    assert private_typer(trees) == []
    trees["moderator.cli.planted"] = ast.parse(
        "import typer\nfrom typer._click import core\ndef f():\n    return typer._click\n")
    assert private_typer(trees) == ["moderator.cli.planted uses typer._click",
                                    "moderator.cli.planted uses typer._click.core"]
