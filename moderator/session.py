"""The imperative shell around the rules: load a log, replay it, apply one action, save it.

Log entries name players by 1-based seat, like everything a person reads; the engine counts
from 0. This module is the one place that converts.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import datetime, timezone

from moderator import store
from moderator.rules import Game, RuleError


@dataclass
class Session:
    """A saved game as the table knows it now."""

    history: store.History
    game: Game

    @property
    def game_id(self) -> str:
        return self.history.game_id

    @property
    def names(self) -> list[str]:
        return self.history.setup["names"]

    @property
    def lang(self) -> str:
        return self.history.setup["lang"]


def start(
    players: int,
    names: list[str],
    lang: str,
    modules: list[str],
    variants: list[str],
    house_rules: dict[str, str],
    leader: int | None,
    seed: int | None,
    allow_incompatible: bool,
    now: datetime | None = None,
    roles: list[str] = (),
) -> Session:
    """Check a setup with the rules, draw the first leader, and write the new game's log."""
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    rng = random.Random(seed)
    first_leader = rng.randrange(players) if leader is None else leader
    game = Game.new(
        players, first_leader, modules=modules, variants=variants, house_rules=house_rules,
        allow_incompatible=allow_incompatible, roles=roles,
    )
    now = now or datetime.now(timezone.utc)
    setup = {
        "created": now.isoformat(timespec="seconds"),
        "players": players,
        "names": names,
        "lang": lang,
        "modules": sorted(game.modules),
        "variants": sorted(game.variants),
        "roles": sorted(game.roles),
        "house_rules": game.settings,
        "allow_incompatible": allow_incompatible,
        "first_leader": first_leader + 1,
        "leader_chosen": leader is not None,
        "seed": seed,
    }
    game_id = store.create(setup, now.date())
    return Session(store.load(game_id), game)


def open_game(game_id: str | None) -> Session:
    history = store.load(store.resolve(game_id))
    return Session(history, replay(history))


def new_game(setup: dict) -> Game:
    return Game.new(
        setup["players"], setup["first_leader"] - 1, modules=setup["modules"],
        variants=setup["variants"], house_rules=setup["house_rules"],
        allow_incompatible=setup.get("allow_incompatible", False),
        roles=setup.get("roles", ()),
    )


def replay(history: store.History) -> Game:
    """The game its log describes; an action the rules refuse marks the log as corrupt."""
    try:
        game = new_game(history.setup)
    except (RuleError, KeyError, TypeError, ValueError):
        raise store.StoreError("errors.game_corrupt", game=history.game_id, line=1) from None
    for entry in history.done:
        try:
            game = apply(game, entry.data)
        except (RuleError, KeyError, TypeError, ValueError):
            raise store.StoreError(
                "errors.game_corrupt", game=history.game_id, line=entry.line
            ) from None
    return game


def apply(game: Game, action: dict) -> Game:
    """One logged action through the engine (seats 1-based in the log)."""
    kind = action["type"]
    if kind == "propose":
        return game.propose(
            _seats(action["team"]), mission=action.get("mission"),
            sergeant=_seat(action.get("sergeant")),
        )
    if kind == "vote":
        return game.vote(_seats(action["approve"]))
    if kind == "watch":
        return game.give_watch(action["holder"] - 1)
    if kind == "mission":
        return game.play_mission(
            action["fails"], rogue_success=action.get("rogue_success", 0),
            switched=_seat(action.get("switched")),
        )
    if kind == "rogue_claim":
        return game.claim_rogue(_seat(action.get("claimant")))
    if kind == "assassinate":
        return game.assassinate(action["target"] - 1, action["commander"] - 1)
    raise ValueError(kind)


def act(game_id: str, action: dict) -> Session:
    """Apply `action` to the game as it is on disk and append it; a refusal writes nothing."""
    result: list[Game] = []

    def checked(history: store.History) -> dict:
        game = apply(replay(history), action)
        result.append(game)
        return {**action, "at": _now()}

    history = store.append(game_id, checked)
    return Session(history, result[0])


def undo(game_id: str) -> tuple[Session, dict]:
    """Take back the last action; returns the session and the action taken back."""
    return _move(game_id, "undo", "done", "errors.nothing_to_undo")


def redo(game_id: str) -> tuple[Session, dict]:
    return _move(game_id, "redo", "undone", "errors.nothing_to_redo")


def _move(game_id: str, kind: str, stack: str, refusal: str) -> tuple[Session, dict]:
    moved: list[dict] = []

    def checked(history: store.History) -> dict:
        entries = getattr(history, stack)
        if not entries:
            raise RuleError(refusal)
        moved.append(entries[-1].data)
        return {"type": kind, "at": _now()}

    history = store.append(game_id, checked)
    return Session(history, replay(history)), moved[0]


def _seats(seats: list[int]) -> list[int]:
    return [seat - 1 for seat in seats]


def _seat(seat: int | None) -> int | None:
    return None if seat is None else seat - 1


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")
