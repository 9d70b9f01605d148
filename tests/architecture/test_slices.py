"""A module is one slice (design.md §1): its rules in `rules/modules/<id>.py`, one file per
ring that shows it (`narration/<id>.py`, `ui/steps/<id>.py`, …), found by the rings through
their part classes (test_parts.py), never by a chain of `if kind == …`; and seats are
numbered from 1 in one module.

The checks read the package's source, so they hold for the next module too; each proves
itself on a planted fault.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from moderator.rules.actions import Action
from moderator.rules.modules import MODULES

PACKAGE = Path(__file__).resolve().parents[2] / "moderator"

#: The registry: the one file besides its own that lists every module.
REGISTRY = "rules/modules/__init__.py"

#: The files besides its own and the registry that may name a module (issue 21: at most two),
#: and why each must.
ALLOWED = {
    "rules/setup.py": "the setup contract's lists: modules, characters, combinations",
    "reference/topics.py": "its rules topic, found by the lookup before any module is loaded",
}

#: Words a file uses that spell a module's action but mean something else, and what they mean.
HOMONYMS = {
    ("rules/modules/defector.py", "switch"):
        "the Loyalty deck's Switch card (rules.md §5.2), not the Sergeant's switch",
    ("rules/modules/inquisitor.py", "loyalty"):
        "an examination shows the Inquisitor Loyalty card (rules.md §2.3), not a Defector step",
    ("rules/modules/plot.py", "loyalty"):
        "a revealing Plot card shows the Loyalty card (rules.md §3.4), not a Defector step",
}


def sources() -> dict[str, ast.Module]:
    return {str(p.relative_to(PACKAGE)): ast.parse(p.read_text(encoding="utf-8"))
            for p in sorted(PACKAGE.rglob("*.py"))}


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring constants of a tree (prose, not a reference)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def references(tree: ast.AST) -> tuple[set[str], set[str], set[str]]:
    """What a file names: its string constants (not docstrings), the names and attributes it
    uses, and the modules it imports (with the names imported from them)."""
    prose = _docstrings(tree)
    strings, names, imported = set(), set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and \
                id(node) not in prose:
            strings.add(node.value)
        elif isinstance(node, ast.Name):
            names.add(node.id)
        elif isinstance(node, ast.Attribute):
            names.add(node.attr)
        elif isinstance(node, ast.ImportFrom):
            imported.add(node.module or "")
            imported.update(f"{node.module}.{a.name}" for a in node.names)
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.Import):
            imported.update(a.name for a in node.names)
    return strings, names, imported


def naming(module_id: str, actions: tuple[type[Action], ...],
           files: dict[str, ast.Module]) -> list[str]:
    """The files that name a module (its id as a string or an imported module, its actions'
    names or kinds), other than its own files and the registry."""
    kinds = {a.kind for a in actions}
    classes = {a.__name__ for a in actions}
    found = []
    for path, tree in files.items():
        if Path(path).stem == module_id or path == REGISTRY:
            continue
        strings, names, imported = references(tree)
        strings -= {word for (where, word) in HOMONYMS if where == path}
        if (module_id in strings or strings & kinds or names & classes
                or any(i.split(".")[-1] == module_id for i in imported)):
            found.append(path)
    return found


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.id)
def test_a_module_is_named_only_in_its_own_files(module):
    found = naming(module.id, module.actions, sources())
    assert set(found) <= set(ALLOWED), found


def test_the_count_sees_a_planted_reference():
    files = sources()
    module = MODULES[0]
    files["planted.py"] = ast.parse(f"if {module.id!r} in game.modules: pass")
    assert "planted.py" in naming(module.id, module.actions, files)
    files = sources()
    action = next(m for m in MODULES if m.actions).actions[0]
    files["planted.py"] = ast.parse(f"from x import {action.__name__}")
    assert "planted.py" in naming(action.__module__.rsplit(".", 1)[-1], (action,), files)


def test_every_homonym_is_still_there():
    """An entry for a word a file no longer uses would hide the next real reference."""
    files = sources()
    for path, word in HOMONYMS:
        assert word in references(files[path])[0], (path, word)


# -- seats change numbering in one module ---------------------------------------------------

#: The one module that numbers seats from 1 (and reads those numbers back).
CODEC = "codec.py"
#: Names that hold a seat or a player's number in this package.
SEATISH = frozenset({
    "seat", "seats", "s", "p", "leader", "first_leader", "holder", "by", "to", "target",
    "player", "claimant", "accused", "deep_agent", "blamed", "commander", "inquisitor",
    "investigator", "sergeant", "switched", "trapped", "spies", "team", "approve", "next_leaders",
    "number", "examined", "value",
})


def _seatish(node: ast.AST) -> bool:
    return any(isinstance(n, ast.Name) and n.id in SEATISH or
               isinstance(n, ast.Attribute) and n.attr in SEATISH or
               isinstance(n, ast.Constant) and n.value in SEATISH
               for n in ast.walk(node))


def _from_one(loop: ast.AST) -> bool:
    """A loop whose seat is counted from 1: `for seat, name in enumerate(names, start=1)`,
    `for seat in range(1, count + 1)`."""
    target, source = getattr(loop, "target", None), getattr(loop, "iter", None)
    if isinstance(target, ast.Tuple) and target.elts:
        target = target.elts[0]
    if not (isinstance(target, ast.Name) and target.id in ("seat", "s")
            and isinstance(source, ast.Call) and isinstance(source.func, ast.Name)):
        return False
    one = ast.Constant(1)
    starts = [k.value for k in source.keywords if k.arg == "start"]
    if source.func.id == "enumerate":
        starts += source.args[1:2]
    elif source.func.id == "range" and len(source.args) > 1:
        starts.append(source.args[0])
    return any(ast.dump(start) == ast.dump(one) for start in starts)


def conversions(tree: ast.AST) -> list[int]:
    """Lines that add or take 1 to or from a seat, index names by a number less 1, or count
    seats from 1."""
    lines = []
    clockwise = {id(side) for node in ast.walk(tree)  # (seat + 1) % players: the next seat
                 if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod)
                 for side in (node.left, node.right)}
    for node in ast.walk(tree):
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)) and \
                id(node) not in clockwise:
            one = [side for side in (node.left, node.right)
                   if isinstance(side, ast.Constant) and side.value == 1]
            other = node.left if node.right in one else node.right
            if one and _seatish(other):
                lines.append(node.lineno)
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and \
                node.value.id == "names" and isinstance(node.slice, ast.BinOp) and \
                isinstance(node.slice.right, ast.Constant) and node.slice.right.value == 1:
            lines.append(node.lineno)
        if isinstance(node, (ast.For, ast.comprehension)) and _from_one(node):
            lines.append(getattr(node, "lineno", getattr(node.target, "lineno", 0)))
    return lines


def test_seats_are_numbered_from_one_in_the_codec_alone():
    found = {path: lines for path, tree in sources().items()
             if path != CODEC and (lines := conversions(tree))}
    assert found == {}


def test_the_seat_check_sees_a_planted_conversion():
    assert conversions(ast.parse("shown = [seat + 1 for seat in game.team]"))
    assert conversions(ast.parse("who = names[status['leader'] - 1]"))
    assert conversions(ast.parse("x = game.leader + 1"))
    assert not conversions(ast.parse("after = (seat + 1) % players"))
    assert conversions(ast.parse("for seat, name in enumerate(names, start=1): pass"))
    assert conversions(ast.parse("shown = [f(s) for s in range(1, count + 1)]"))
    assert not conversions(ast.parse("for number, line in enumerate(lines, start=1): pass"))
    assert conversions(sources()[CODEC])  # the codec does convert
