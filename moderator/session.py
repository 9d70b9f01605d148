"""The imperative shell around the rules: load a log, replay it, apply one action, save it.

A game file holds one action a line, written and read by `moderator/codec.py`.
"""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timezone

from moderator import codec, store
from moderator.rules import GAME_OVER, Game, RuleError
from moderator.rules.actions import Action
from moderator.rules.errors import ImpossibleRecord

#: The setup's fields and the types a log needs; the optional ones may be missing.
REQUIRED = {"players": int, "names": list, "lang": str, "created": str, "first_leader": int,
            "modules": list, "variants": list, "house_rules": dict}
OPTIONAL = {"roles": list, "allow_incompatible": bool, "leader_chosen": bool, "table": dict,
            "theme": str, "night": str}
#: The longest discussion timer, in seconds: a day is more than any table talks about one
#: team, and a longer one is no number a clock can count down.
LONGEST_TIMER = 86_400
#: Joiners inside an emoji or a script are part of a name; every other format character
#: (bidirectional overrides, zero-width spaces) is not.
JOINERS = frozenset("\u200c\u200d")
#: Letters that show nothing (Hangul fillers, the blank Braille pattern).
BLANK = frozenset("\u115f\u1160\u3164\uffa0\u2800")
#: The words that name a whole side of a vote, in either language (`--approve all`, `--reject
#: niemand`): a player called one of them could not be told from that side, so none may be.
EVERYONE, NOBODY = frozenset({"all", "alle"}), frozenset({"none", "niemand"})
#: A game's setup says `"night": "new"` when `night --new` was said before it was created.
NEW_NIGHT = "new"
#: The theme of a game whose setup names none (rules.md §14.4: a themed log is the unthemed
#: one plus its theme); which themes exist is for the rings that speak (i18n.THEMES).
UNTHEMED = "resistance"


@dataclass
class Session:
    """A saved game as the table knows it now: its log, the game it describes, and the log's
    actions in effect, each line decoded once (every ring reads these, never a line)."""

    history: store.History
    game: Game
    actions: tuple[Action, ...] = ()  # none for a game made without a log
    #: The first line of the file whose record no deal of the cards allows: saved before
    #: moderator checked it, kept, and loaded past (rules.md §1.5).
    impossible: int | None = None

    @property
    def game_id(self) -> str:
        return self.history.game_id

    @property
    def names(self) -> list[str]:
        return self.history.setup["names"]

    @property
    def lang(self) -> str:
        return self.history.setup["lang"]

    @property
    def theme(self) -> str:
        """The words the table plays in (rules.md §14); games saved before themes had none."""
        return self.history.setup.get("theme", UNTHEMED)

    @property
    def last_action(self) -> Action:
        """The newest action in effect."""
        return self.actions[-1]


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
    roles: Sequence[str] = (),
    table: dict | None = None,
    theme: str = UNTHEMED,
) -> Session:
    """Check a setup with the rules, draw the first leader, and write the new game's log.

    `table` holds the group's choices for guided play (`vote_history`, `timer`); they are kept
    in the setup line, only when made, so `status` and `play` honour them later."""
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
        "first_leader": codec.number(first_leader),
        "leader_chosen": leader is not None,
        "seed": seed,
    }
    if table:
        setup["table"] = table
    if theme != UNTHEMED:
        setup["theme"] = theme
    if store.new_night_pending() is not None:
        setup["night"] = NEW_NIGHT
    game_id = store.create(setup, now.date())
    return Session(store.load(game_id), game)


def kept(setup: dict) -> dict:
    """What the next game at the same table keeps of a game's setup (`new --again`), as
    `start` takes it: the names in their seats, modules, optional characters in the deck
    (never who held them), variants, house rules, theme, language and the group's choices
    for guided play; the first leader is the player one seat clockwise of this game's first
    leader (the leader card moves on, rules.md §1.3). Never the seed: the next game's cards
    are its own."""
    names = list(setup["names"])
    return {
        "players": len(names), "names": names, "lang": setup["lang"],
        "modules": list(setup["modules"]), "variants": list(setup["variants"]),
        "roles": list(setup.get("roles", [])), "house_rules": dict(setup["house_rules"]),
        "allow_incompatible": setup.get("allow_incompatible", False),
        "table": dict(setup.get("table", {})), "theme": setup.get("theme", UNTHEMED),
        "leader": (codec.seat(setup["first_leader"]) + 1) % len(names),
    }


def open_game(game_id: str | None) -> Session:
    history = store.load(store.resolve(game_id))
    game, actions, impossible = replayed(history)
    if game.phase != GAME_OVER:
        history.undone = [_unsaid(entry) for entry in history.undone]
    return Session(history, game, actions, impossible)


def _unsaid(entry: store.Entry) -> store.Entry:
    """Sides entered after the game and undone back into it must not show while the game
    runs (rules.md §1.3): the entry stays, for `redo`, without its spies."""
    if entry.data.get("type") != "sides":
        return entry
    return store.Entry(entry.line, {k: v for k, v in entry.data.items()
                                    if k not in ("spies", "characters")})


def setup_problem(setup: dict) -> str | None:
    """The first field of a setup a game cannot be played or shown with (a wrong type, names
    that are not a table's), or None. Whether its language is one moderator speaks is for
    the rings that speak (the command line, import) to say."""
    for name, kind in {**REQUIRED, **OPTIONAL}.items():
        if name not in setup and name in OPTIONAL:
            continue
        value = setup.get(name)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            return name
    for name in ("modules", "variants", "roles"):
        if not all(isinstance(item, str) for item in setup.get(name, [])):
            return name
    if not all(isinstance(k, str) and isinstance(v, str) for k, v in setup["house_rules"].items()):
        return "house_rules"
    # The group's choices for guided play are switches and seconds.
    if not all(isinstance(v, int) and 0 <= v <= LONGEST_TIMER
               for v in setup.get("table", {}).values()):
        return "table"
    names = setup["names"]
    if not all(isinstance(n, str) for n in names) or len(names) != setup["players"]:
        return "names"
    folded = [unicodedata.normalize("NFC", n).casefold().strip() for n in names]
    if (not all(folded) or len(set(folded)) != len(folded) or any(n.isdigit() for n in folded)
            or any(hidden_character(n) for n in names)):
        return "names"
    try:
        datetime.fromisoformat(setup["created"])
    except ValueError:
        return "created"
    return None


def hidden_character(name: str) -> str | None:
    """The first character of a name that does not show as itself (a control character, an
    escape sequence, a line break, a bidirectional override), as U+XXXX; for a name of
    nothing visible, its first character; else None. Names are printed on every table."""
    for char in name:
        if unicodedata.category(char) == "Cs" or acting(char):
            return f"U+{ord(char):04X}"
    if name and not any(_visible(char) for char in name):
        return f"U+{ord(name[0]):04X}"
    return None


def acting(char: str) -> bool:
    """Whether a character acts on a terminal instead of showing: a control character (an
    escape sequence starts with one), a line break, a bidirectional override."""
    category = unicodedata.category(char)
    return category in ("Cc", "Zl", "Zp") or (category == "Cf" and char not in JOINERS)


def vote_word(name: str) -> bool:
    """Whether a name, read as names are (any case, NFC, outer spaces), is a vote's word."""
    return unicodedata.normalize("NFC", name).casefold().strip() in EVERYONE | NOBODY


def _visible(char: str) -> bool:
    return unicodedata.category(char)[0] not in "ZCM" and char not in BLANK


def new_game(setup: dict) -> Game:
    return Game.new(
        setup["players"], codec.seat(setup["first_leader"]), modules=setup["modules"],
        variants=setup["variants"], house_rules=setup["house_rules"],
        allow_incompatible=setup.get("allow_incompatible", False),
        roles=setup.get("roles", ()),
    )


def replay(history: store.History) -> Game:
    """The game its log describes; a setup that does not fit or an action the rules refuse
    marks the log as corrupt."""
    return replayed(history)[0]


def replayed(history: store.History) -> tuple[Game, tuple[Action, ...], int | None]:
    """`replay`, with the log's actions in effect (each line decoded once, here) and the
    first line whose record no deal allowed (saved before moderator checked it: loaded past,
    never refused), if there is one."""
    impossible = None
    if setup_problem(history.setup) is not None:
        raise store.StoreError("errors.game_corrupt", game=history.game_id, line=1)
    try:
        game = new_game(history.setup)
    except (RuleError, KeyError, TypeError, ValueError):
        raise store.StoreError("errors.game_corrupt", game=history.game_id, line=1) from None
    actions = []
    for entry in history.done:
        try:
            action = codec.decode(entry.data)
            game = taken(game, action)
        except (RuleError, KeyError, TypeError, ValueError):
            raise store.StoreError(
                "errors.game_corrupt", game=history.game_id, line=entry.line
            ) from None
        actions.append(action)
        if impossible is None and game.deals.broken is not None:
            impossible = entry.line
    return game, tuple(actions), impossible


def apply(game: Game, line: dict, strict: bool = False) -> Game:
    """One line of a game file through the engine (`taken`)."""
    return taken(game, codec.decode(line), strict)


def taken(game: Game, action: Action, strict: bool = False) -> Game:
    """A logged action through the engine. A record no deal of the cards allows, saved
    before moderator checked it, is taken past (the game then proves nothing more), unless
    `strict` (a game being imported)."""
    try:
        return game.apply(action)
    except ImpossibleRecord:
        if strict:
            raise
        return game.beyond_proof().apply(action)


def act(game_id: str, action: Action, made_for: int | None = None) -> Session:
    """Apply `action` to the game as it is on disk and append it; a refusal writes nothing.
    `made_for`: the log's length (`History.lines`) the action was chosen at, checked under
    the lock, so an action chosen on a screen that another one has since moved on is refused."""
    result: list[tuple[Game, tuple[Action, ...]]] = []

    def checked(history: store.History) -> dict:
        _still(history, made_for)
        game, actions, _ = replayed(history)
        result.append((game.apply(action), (*actions, action)))
        return {**codec.encode(action), "at": _now()}

    history = store.append(game_id, checked)
    return Session(history, *result[0])


def undo(game_id: str, expected: int | None = None, made_for: int | None = None
         ) -> tuple[Session, dict]:
    """Take back the last action; returns the session and the action taken back. With
    `expected`, only if the last action is still the one on that line of the log (the one
    the host was asked about): else it is refused, and nothing is taken back. `made_for` as
    for `act`."""
    return _move(game_id, "undo", "done", "errors.nothing_to_undo", expected, made_for)


def redo(game_id: str, made_for: int | None = None) -> tuple[Session, dict]:
    return _move(game_id, "redo", "undone", "errors.nothing_to_redo", None, made_for)


def _move(game_id: str, kind: str, stack: str, refusal: str, expected: int | None = None,
          made_for: int | None = None) -> tuple[Session, dict]:
    moved: list[dict] = []

    def checked(history: store.History) -> dict:
        _still(history, made_for)
        replay(history)  # a damaged log is refused, never written to
        entries = getattr(history, stack)
        if not entries:
            raise RuleError(refusal)
        if expected is not None and entries[-1].line != expected:
            raise RuleError("errors.undo_moved_on")
        moved.append(entries[-1].data)
        return {"type": kind, "at": _now()}

    history = store.append(game_id, checked)
    return Session(history, *replayed(history)[:2]), moved[0]


def _still(history: store.History, made_for: int | None) -> None:
    """Refuse an action chosen at another length of the log: the game has moved on."""
    if made_for is not None and history.lines != made_for:
        raise RuleError("errors.moved_on")


def draw(session: Session, step: str) -> list[str]:
    """The cards a step draws (the Plot cards, a Loyalty card): the next ones of its deck,
    shuffled once from the game's seed, so a game replays to the same cards (rules.md §3.2,
    §5.2); none where the game has no such step."""
    deck = session.game.deck(step)
    if deck is None:
        return []
    order = random.Random(f"{session.history.setup['seed']}:{deck.name}").sample(
        deck.cards, len(deck.cards))
    for card in deck.drawn:  # drawn so far, or told by the table
        order.remove(card)
    return order[: deck.draws]


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")
