"""The one shape a module's part of a ring takes: the rings' counterpart of `Module`.

A ring (the sentences, the public view, the terminal's table and guided steps, the table
display, the ruling of "what now", the written-out records, the simulator, the reveal script)
declares one part class, a subclass of `Part`, whose methods and attributes are what a module
may add to the ring, each with a default that changes nothing. A module's file in the ring
(`narration/hunter.py`) defines one subclass of it that names its module, and overrides what
the module changes:

    class HunterSentences(Narration, module="hunter"):
        def now(self, game, names, lang): ...

The ring finds a module's part by the module's id: the first time it is asked for one, it
imports the module's file of the ring by name (a frozen build has no folder to list), so a
ring loads the parts it is asked for and no others; a module with no file in a ring has the
ring's defaults.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, ClassVar, cast

from moderator.rules.setup import MODULES  # their ids, in the contract's order

if TYPE_CHECKING:
    from typing import Self


class Part:
    """A module's part of a ring; a ring's part class is a direct subclass, a module's part
    a subclass of that, with `module=` its module's id."""

    #: The id of the module this part is of ("" for a ring's own class: the defaults).
    module: ClassVar[str] = ""
    #: The package that holds the ring's module files (`moderator.narration`).
    package: ClassVar[str] = ""
    _parts: ClassVar[dict[str, Part]]  # the ring's parts found so far, by module id
    _tried: ClassVar[set[str]]  # the module ids whose file the ring has looked for
    _none: ClassVar[Part]  # the ring's defaults

    def __init_subclass__(cls, module: str = "", **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if Part in cls.__bases__:  # a ring's part class
            if module:
                raise TypeError(f"{cls.__name__}: a ring's part class is no module's")
            cls._parts, cls._tried = {}, set()
            cls._none = cls()
            return
        if not module:
            raise TypeError(f"{cls.__name__}: a module's part names its module")
        if module in cls._parts:
            raise TypeError(f"{cls.__name__}: {module} has a part in this ring already")
        cls.module = module
        cls._parts[module] = cls()

    @classmethod
    def of(cls, module: str) -> Self:
        """The module's part of this ring, or the ring's defaults where it has none."""
        if module not in cls._tried:
            cls._tried.add(module)
            load(cls.package, module)
        return cast("Self", cls._parts.get(module, cls._none))

    @classmethod
    def in_play(cls, modules: Iterable[str]) -> list[Self]:
        """The parts of `modules` (the defaults for a module without one), in the order of
        the modules of the contract."""
        chosen = frozenset(modules)
        return [cls.of(module) for module in MODULES if module in chosen]

    @classmethod
    def every(cls) -> list[Self]:
        """Every module's part of this ring that it has, in the order of the modules."""
        return [part for part in map(cls.of, MODULES) if part.module]


def load(package: str, module: str) -> None:
    """Import the module's file of the ring, where it has one."""
    try:
        importlib.import_module(f"{package}.{module}")
    except ModuleNotFoundError as missing:
        if missing.name != f"{package}.{module}":
            raise
