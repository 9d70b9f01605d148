"""Actions as values: what the host reports, typed, frozen, with 0-based seats.

Each module declares its own actions in its file (`Investigate`, `Accuse`, `Blame` in
`rules/modules/hunter.py`), the base game its own here and in `rules/modules/__init__.py`;
`game.apply(action)` hands an action to its owner. A field typed `Seat` holds a seat: the
codec at the boundary (`moderator/codec.py`) is the one place that numbers it from 1 for a
person or a file.
"""

from __future__ import annotations

import inspect
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, dataclass_transform

from moderator.rules.deals import Allegiance, Fact, Holds, holds_refusal, mask
from moderator.rules.errors import ImpossibleRecord, RuleError
from moderator.rules.flow import GAME_OVER, VOTE, check_seats

if TYPE_CHECKING:
    from moderator.rules.modules import Game

#: A seat: 0-based and clockwise in the engine.
Seat = Annotated[int, "seat"]

#: The default of a field that has none.
REQUIRED: Any = object()


@dataclass_transform(frozen_default=True)
class Action:
    """Something the table did, reported by the host; `apply` is its rules.

    A subclass declares its fields as annotations, with defaults for the optional ones, as a
    frozen dataclass does (and the type checker reads it as one); made here rather than by
    `dataclasses`, whose generated code costs every command's start-up a millisecond per
    action."""

    #: The action's name in a game file (`"investigate"`): never changes once written.
    kind: ClassVar[str] = ""
    #: The step (phase) whose inputs this action answers, if it is one's answer.
    step: ClassVar[str | None] = None
    #: The fields in order, each with its default (REQUIRED for none).
    fields: ClassVar[tuple[tuple[str, Any], ...]] = ()
    _names: ClassVar[tuple[str, ...]] = ()  # the fields' names, in order
    _defaults: ClassVar[dict[str, Any]] = {}  # every field with its default, in order
    _required: ClassVar[frozenset[str]] = frozenset()  # the fields without a default

    def __init_subclass__(cls) -> None:
        own = inspect.get_annotations(cls)
        cls.fields = cls.fields + tuple(
            (name, cls.__dict__.get(name, REQUIRED)) for name, hint in own.items()
            if not str(hint).startswith("ClassVar"))
        cls._names = tuple(name for name, _ in cls.fields)
        cls._defaults = dict(cls.fields)
        cls._required = frozenset(name for name, default in cls.fields if default is REQUIRED)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        if not kwargs and len(args) == len(self._names):  # every field, in order: the engine's
            self.__dict__.update(zip(self._names, args, strict=False))  # own calls, on its hot path
            return
        if not args and kwargs.keys() <= self._defaults.keys() and self._required <= kwargs.keys():
            # by name, every one a field and none missing (`game.action`, the simulator's
            # every step): the defaults in the fields' order, then what was given
            state = self.__dict__
            state.update(self._defaults)
            state.update(kwargs)
            return
        fields = self.fields
        if len(args) > len(fields):
            raise TypeError(f"{type(self).__name__} takes {len(fields)} fields")
        values = {name: value for (name, _), value in zip(fields, args, strict=False)}
        for name, value in kwargs.items():
            if name in values or all(name != known for known, _ in fields):
                raise TypeError(f"{type(self).__name__}: unexpected or repeated {name!r}")
            values[name] = value
        for name, default in fields:
            if name not in values:
                if default is REQUIRED:
                    raise TypeError(f"{type(self).__name__}: missing {name!r}")
                values[name] = default
        self.__dict__.update((name, values[name]) for name, _ in fields)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("an action never changes")

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.__dict__ == self.__dict__

    def __hash__(self) -> int:
        return hash((type(self), *self.__dict__.values()))

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={value!r}" for name, value in self.__dict__.items())
        return f"{type(self).__name__}({shown})"

    def apply(self, game: Game) -> Game:
        raise NotImplementedError


class Vote(Action):
    """Everyone's open vote: the seats that approved; every other seat rejected (§1.4)."""

    kind, step = "vote", VOTE
    approve: tuple[Seat, ...]

    def apply(self, game: Game) -> Game:
        return game.vote(self.approve)


class Sides(Action):
    """Who was a spy, entered once the game is over for the season's statistics. Never
    before: the tool never asks for a hidden role during play (rules.md §1.3). The game
    itself is unchanged."""

    kind = "sides"
    spies: tuple[Seat, ...]
    #: Each seat's Character card where the table said it (`roles emil:commander`), "" where
    #: it said only the side; empty when it said only the sides.
    characters: tuple[str, ...] = ()

    def apply(self, game: Game) -> Game:
        if game.phase != GAME_OVER:
            raise RuleError("records.errors.sides_too_early")
        check_seats(game.players, self.spies)
        if len(self.spies) != game.spies:  # rules.md §1.1
            raise RuleError("records.errors.sides_count", spies=game.spies, given=len(self.spies))
        if self.characters:
            check_characters(game, self.spies, self.characters)
        check_deal(game, self.spies, self.characters)
        return game


def check_deal(game: Game, spies: tuple[int, ...], characters: tuple[str, ...]) -> None:
    """The sides each player ended on, and the cards said, must be a deal the record allows
    (rules.md §1.5): a card the record speaks of where it was said, and a player said to
    hold another card none of those (one Character card a player, §1.1). They prove nothing
    more: the record's proof stays the public record's. A card whose holders changed sides
    during the game (the Blame swaps the cards themselves) is left out."""
    facts: list[Fact] = [Allegiance((Sides.kind, len(game.missions)), mask(spies),
                                    (1 << game.players) - 1)]
    dealt = {card.card for card in game.deals.table.cards} - game.deals.turned
    for seat, card in enumerate(characters):
        if card in dealt:
            facts.append(Holds((Sides.kind, len(game.missions)), seat, (card,)))
        elif card and dealt:  # one card a player: then none of those the record speaks of
            facts.append(Holds((Sides.kind, len(game.missions)), seat, tuple(sorted(dealt)),
                               False))
    deals = game.deals
    for fact in facts:
        if not deals.allows(fact):  # what rules a card out where one fact does
            against = {"against": game.deals.against(fact)} if isinstance(fact, Holds) else {}
            raise ImpossibleRecord("records.errors.sides_impossible",
                                   **{**holds_refusal(game.deals, fact), **against})
        deals = deals.learn(fact)


def check_characters(game: Game, spies: tuple[int, ...], characters: tuple[str, ...]) -> None:
    """The cards said were dealt in this game, no more of each than its deck holds, each on
    its side (rules.md §10.1), unless a module changes sides during the game (§5.2)."""
    from moderator.rules.setup import SPY_CHARACTERS

    if len(characters) != game.players:
        raise RuleError("records.errors.characters_count", players=game.players)
    deck = dict(game.config.deck)
    said = [c for c in characters if c]
    for card in dict.fromkeys(said):
        if said.count(card) > deck.get(card, 0):
            raise RuleError("records.errors.character_not_dealt", character=card,
                            count=deck.get(card, 0))
    if any(module.changes_sides for module in game.config.in_play):
        return
    for seat, card in enumerate(characters):
        if card and (card in SPY_CHARACTERS) != (seat in spies):
            raise RuleError("records.errors.character_side", seat=seat, character=card)
