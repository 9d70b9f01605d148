"""Spoken sequences as data: each line an i18n key and the pause that follows it (seconds).

The reveal for the base game (rules.md §9.1), the Blind Spies variant (§9.2) and the
Commander module's base form (§9.4). Text comes from the i18n files; nothing here speaks.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple


class Line(NamedTuple):
    key: str
    pause: float = 0.0


BASE = (
    Line("script.base.close"),
    Line("script.base.spies_open", 8),
    Line("script.base.spies_close", 2),
    Line("script.base.everyone_open"),
)

COMMANDER = (
    Line("script.commander.close_fist"),
    Line("script.commander.spies_open", 8),
    Line("script.commander.spies_close", 2),
    Line("script.commander.check", 2),
    Line("script.commander.spies_thumb", 2),
    Line("script.commander.commander_open", 8),
    Line("script.commander.commander_close", 2),
    Line("script.commander.everyone_open"),
)


def reveal(modules: Iterable[str] = (), variants: Iterable[str] = ()) -> tuple[Line, ...]:
    """The lines of the spies' reveal for this configuration."""
    if "blind-spies" in set(variants):
        return (Line("script.blind_spies"),)
    if "commander" in set(modules):
        return COMMANDER
    return BASE
