"""A game as one JSON document, and back: what `moderator export --format json` writes and
`moderator import FILE` reads.

The document carries the game's setup (never its seed: the seed fixes every future random
outcome, such as the Plot cards still to be drawn) and every action in effect, which is all a
game is (design.md §3), plus a summary for readers that import ignores (the table as `status
--json` shows it, the module events, and the spies if they were entered after the game). A
stable content id (a hash of the setup and the actions) tells the same game apart wherever it
is saved, so a file imported twice gives one game.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from moderator import session, store
from moderator.i18n import DEFAULT_THEME, LANGUAGES, THEMES
from moderator.rules import Game, RuleError
from moderator.rules.house_rules import defaults

FORMAT, VERSION = "moderator-game", 1

#: Setup keys the document leaves out: the seed, and what the store adds to a log.
NOT_EXPORTED = frozenset({"seed", "type", "schema", "game", store.IMPORTED})

#: Entries of a log that move its undo cursor; an imported game starts with a clean history.
NOT_ACTIONS = frozenset({"setup", "undo", "redo"})


class Refused(Exception):
    """A file that cannot be imported: an i18n key and its values. `cause` is the rules'
    refusal behind it, for the command line to put in words with the players' names."""

    def __init__(
        self, code: str, cause: RuleError | None = None, names: Sequence[str] = (), **params: object
    ) -> None:
        super().__init__(code)
        self.code, self.cause, self.names, self.params = code, cause, list(names), params


@dataclass(frozen=True)
class Imported:
    """A file's game, checked by the rules and ready to be written."""

    setup: dict
    actions: list[dict]
    game: Game
    content_id: str

    @property
    def day(self):
        return datetime.fromisoformat(self.setup["created"]).date()


def content_id(setup: dict, actions: list[dict]) -> str:
    """The same game gives the same id wherever it is saved: a hash of the setup (seed and
    file bookkeeping aside, house rules with their defaults filled in) and of the actions
    (their timestamps aside)."""
    shown = {k: v for k, v in setup.items() if k not in NOT_EXPORTED}
    shown["house_rules"] = {**defaults(), **setup.get("house_rules", {})}
    canonical = json.dumps(
        {"setup": shown, "actions": [{k: v for k, v in a.items() if k != "at"} for a in actions]},
        sort_keys=True, ensure_ascii=False, separators=(",", ":"),
    )
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:16]


def document(current: session.Session, summary: dict) -> dict:
    """The JSON export of a saved game."""
    setup = current.history.setup
    actions = [entry.data for entry in current.history.done]
    return {
        "format": FORMAT,
        "version": VERSION,
        "id": content_id(setup, actions),
        "game": current.game_id,
        "setup": {k: v for k, v in setup.items() if k not in NOT_EXPORTED},
        "actions": actions,
        "summary": summary,
    }


def read(text: str) -> Imported:
    """Check a document line by line and through the rules; refuse it whole if anything in
    it is wrong, so a bad file creates nothing."""
    try:
        data = json.loads(text)
    except ValueError as error:
        raise Refused("records.errors.import_not_json", line=getattr(error, "lineno", 1)) from None
    except RecursionError:  # nested deeper than any game
        raise Refused("records.errors.import_not_game") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise Refused("records.errors.import_not_game")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise Refused("records.errors.import_not_game")
    if version > VERSION:
        raise Refused("records.errors.import_newer", version=version)
    setup = _checked_setup(data.get("setup"))
    actions = data.get("actions")
    if not isinstance(actions, list):
        raise Refused("records.errors.import_bad_field", field="actions")
    try:
        game = session.new_game(setup)
    except RuleError as error:
        raise Refused("records.errors.import_setup_refused", cause=error,
                      names=setup["names"]) from None
    except (KeyError, TypeError, ValueError):
        raise Refused("records.errors.import_bad_field", field="setup") from None
    for number, action in enumerate(actions, start=1):
        kind = action.get("type") if isinstance(action, dict) else None
        if not isinstance(kind, str) or kind in NOT_ACTIONS:
            raise Refused("records.errors.import_bad_action", number=number, kind=str(kind))
        read_fields = _Reading(action)
        try:
            game = session.apply(game, read_fields, strict=True)
        except RuleError as error:
            raise Refused("records.errors.import_action_refused", cause=error,
                          names=setup["names"], number=number, kind=kind) from None
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):
            raise Refused("records.errors.import_bad_action", number=number, kind=kind) from None
        unread = sorted(set(action) - read_fields.read - UNCHECKED)
        if unread:  # written, it would be a field nothing ever checked
            raise Refused("records.errors.import_unknown_field", number=number, kind=kind,
                          field=unread[0])
        if not store.fits(action):
            raise Refused("records.errors.import_line_long", number=number)
    setup = {**setup, "house_rules": game.settings,
             "seed": random.SystemRandom().randrange(2**32)}
    if not store.fits({**setup, "type": "setup", "schema": 0, "game": "0000-00-00-0"}):
        raise Refused("records.errors.import_bad_field", field="setup")
    return Imported(setup, actions, game, content_id(setup, actions))


#: Fields of an action that the replay does not read: when it was recorded.
UNCHECKED = frozenset({"type", "at"})


class _Reading(dict):
    """An action that notes which of its fields the replay read: only those were checked."""

    def __init__(self, action: dict) -> None:
        super().__init__(action)
        self.read: set[str] = set()

    def __getitem__(self, key: str) -> object:
        self.read.add(key)
        return super().__getitem__(key)

    def get(self, key: str, default: object = None) -> object:
        self.read.add(key)
        return super().get(key, default)


def _checked_setup(setup: object) -> dict:
    """The setup's fields have the types a log needs, and the names are a table's names."""
    if not isinstance(setup, dict):
        raise Refused("records.errors.import_bad_field", field="setup")
    problem = session.setup_problem(setup)
    if problem is None and setup["lang"] not in LANGUAGES:
        problem = "lang"
    if problem is None and setup.get("theme", DEFAULT_THEME) not in THEMES:
        problem = "theme"
    if problem is not None:
        raise Refused("records.errors.import_bad_field", field=problem)
    for name in setup["names"]:
        if session.vote_word(name):  # `new` refuses such a name: the votes could not tell
            raise Refused("records.errors.import_vote_word", name=name)
    return setup if "leader_chosen" in setup else {**setup, "leader_chosen": False}


def saved_ids() -> dict[str, str]:
    """The content id of every saved game that can be read -> its game id."""
    found = {}
    for game_id in store.game_ids():
        try:
            history = store.load(game_id)
        except store.StoreError:
            continue
        found[content_id(history.setup, [e.data for e in history.done])] = game_id
    return found


def save(imported: Imported) -> tuple[str, bool]:
    """Write the imported game as a normal log; its id counts from the day it was played. It
    does not become the current game: the host picks it with --game. Returns the game's id
    and whether it is new: the same game already saved is found under the lock the save
    takes, so two imports at once save it once."""
    written: list[bool] = []

    def saved_as() -> str | None:
        found = saved_ids().get(imported.content_id)
        written.append(found is None)
        return found

    game_id = store.create(imported.setup, imported.day, imported.actions, imported=True,
                           saved_as=saved_as)
    return game_id, written[-1]
