"""A module's part of the command line: its commands, and its options of the base game's
actions (`propose --sergeant`, `mission --trap`).

A module's file here (`cli/hunter.py`) defines one subclass of `Commands` that names its
module (`class HunterCommands(Commands, module="hunter")`), as every ring does
(`rules/part.py`). The command line asks for the parts only where it needs them (`--help`,
a module's command, the options of `propose` and `mission`): a base command loads none of
them, and `stats` no part of the rules at all.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

from moderator.rules.part import Part

if TYPE_CHECKING:
    import typer


class Commands(Part):
    """A module's part of the command line; the defaults are a module that adds nothing."""

    package = "moderator.cli"
    #: The commands its `register` adds, in the order `--help` lists them.
    commands: ClassVar[tuple[str, ...]] = ()
    #: The base command of which its commands record a part on their own (the Sergeant's
    #: `switch`, of `mission`): `--help` lists them right after it, before the modules' own
    #: steps, which come after `mission`.
    part_of: ClassVar[str | None] = None
    #: Its options of the base game's actions (`propose --sergeant`, `mission --trap`): by the
    #: action's field each gives, the option and its help key (`help.<key>`).
    options: ClassVar[Mapping[str, tuple[str, str]]] = {}

    def register(self, app: typer.Typer, lang: str) -> None:
        """Add its commands to `app`, their help in `lang`."""
