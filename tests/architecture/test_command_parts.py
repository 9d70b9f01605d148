"""The command line's part of each module (issue 30): one subclass of `Commands` in
`cli/<id>.py`, found by registration as every ring's part is (`rules/part.py`). Every module
with actions has its commands there, every field a module adds to `propose` or `mission` its
option, and nothing else is declared: leave a module's file out and these fail. Each check
proves itself on a planted fault.
"""

from __future__ import annotations

import pytest
import typer

from moderator.cli.app import BASE
from moderator.cli.part import Commands
from moderator.rules.module import Module
from moderator.rules.modules import MODULES


def declared() -> dict[str, Commands]:
    """Every module's part of the command line that it has, by module id."""
    return {part.module: part for part in Commands.every()}


def faults(modules: tuple[Module, ...], found: dict[str, Commands]) -> list[str]:
    """What is missing or stray in the command line's parts, one line each."""
    wrong = []
    for module in modules:
        part = found.get(module.id)
        fields = {*module.proposal_fields, *module.card_fields}
        if part is None:
            if module.actions or fields:
                wrong.append(f"{module.id}: no part of the command line")
            continue
        if module.actions and not part.commands:
            wrong.append(f"{module.id}: actions, but no command")
        if set(part.options) != fields:
            wrong.append(f"{module.id}: options {sorted(part.options)}, fields {sorted(fields)}")
        if part.part_of is not None and part.part_of not in BASE:
            wrong.append(f"{module.id}: part of {part.part_of}, not a base command")
    known = {module.id for module in modules}
    wrong += [f"{name}: a part of no module" for name in found if name not in known]
    return wrong


def test_every_module_has_its_part_of_the_command_line():
    assert faults(MODULES, declared()) == []


def test_a_missing_or_stray_part_is_caught():
    parts = declared()
    with_fields = next(m for m in MODULES if m.card_fields and not m.actions)
    with_actions = next(m for m in MODULES if m.actions)
    del parts[with_fields.id], parts[with_actions.id]
    parts["stray-for-the-test"] = Commands()  # a part under an id no module has
    assert faults(MODULES, parts) == [
        f"{m.id}: no part of the command line" for m in MODULES
        if m.id in (with_fields.id, with_actions.id)] + ["stray-for-the-test: a part of no module"]


@pytest.mark.parametrize("part", Commands.every(), ids=lambda p: p.module)
def test_a_part_adds_exactly_the_commands_it_declares(part):
    app = typer.Typer()
    part.register(app, "en")
    added = [c.name for c in app.registered_commands] + [g.name for g in app.registered_groups]
    assert added == list(part.commands)
