"""Spoken sequences as data: the reveal script of any configuration (rules.md §9).

A script is a tuple of `Step`s: an i18n key with its parameters, the silence that follows it,
and who has their eyes open or a thumb up while it lasts. Text comes from the i18n files and
sound from `moderator.voice`; nothing here speaks, prints or reads a file.

The reveal is built in blocks, in the order rules.md §9 gives them: the spies find each
other (§9.1, §9.3, §9.6, §9.7), then a module's blocks, its `Blocks` in its file here
(`commander.py`: the Commander sees the spies' thumbs, the Body Guard sees the Commander,
§9.4, §9.5), the
resistance Chiefs find each other (§9.7), the Defectors meet (§9.6).
Each block is a small function of who is in the game, because every modifier changes the
neighbouring lines too: an exception line turns "Spies, …" into "All other spies, …" (GL §2.2,
exception before action), and fists are held out only when some step needs a thumb. Every
variant of a sentence has a key of its own; fragments are never spliced together.

Counts spoken to the table (how many thumbs should be up) come from the character deck, which
the whole table sees being shuffled, so they never reveal who holds a card; the catalogues say
them as words (`{count_word}`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from moderator.rules.house_rules import settle
from moderator.rules.modules import MODULES
from moderator.rules.part import Part
from moderator.rules.setup import SPY_CHARACTERS, Setup, configure

#: Seconds of silence after a line: spies looking around, one person noting thumbs, the
#: moment it takes to close eyes or to raise or lower a thumb, and the table settling in at
#: the start (eyes closed, a fist out). Every line that asks someone to act has one.
SPIES_LOOK, ONE_LOOKS, SETTLE, CLOSE = 8, 6, 2, 3


@dataclass(frozen=True)
class Step:
    """One spoken line. `open` and `thumb` are the role ids whose eyes are open, or whose
    thumb is up, once the line has been followed, for as long as the step lasts."""

    key: str
    params: Mapping[str, object] = field(default_factory=dict)
    pause: float = 0
    everyone: bool = False
    open: tuple[str, ...] = ()
    thumb: tuple[str, ...] = ()


@dataclass(frozen=True)
class Cast:
    """Who is in the game and how the house rules make them behave in the reveal."""

    deck: Mapping[str, int]
    blind_spies: bool = False
    reverser: str = "normal"  # reverser-spy-visibility (rules.md §6.2, §13)
    defectors_meet: bool = False  # defector-reveal = know-each-other (rules.md §5.2, §13)

    def has(self, character: str) -> bool:
        return self.deck.get(character, 0) > 0

    def count(self, characters) -> int:
        return sum(self.deck.get(c, 0) for c in characters)

    @property
    def spies(self) -> tuple[str, ...]:
        return tuple(sorted(c for c in SPY_CHARACTERS if self.has(c)))

    @property
    def seen_first(self) -> tuple[str, ...]:
        """Spies the others learn by a raised thumb while they keep their own eyes closed
        (the Spy Defector §9.6, the Deep Agent §9.7)."""
        return tuple(c for c in ("spy-defector", "deep-agent") if self.has(c))

    @property
    def eyes_closed(self) -> tuple[str, ...]:
        """Spies told by name to keep their eyes closed while the others open theirs."""
        hidden = self.reverser == "hidden"
        return tuple(c for c in ("blind-spy", "spy-rogue", "spy-reverser")
                     if self.has(c) and (c != "spy-reverser" or hidden))

    @property
    def openers(self) -> tuple[str, ...]:
        """Spies who open their eyes to find each other (rules.md §9.4 sanity numbers)."""
        shut = set(self.seen_first) | set(self.eyes_closed)
        return tuple(c for c in self.spies if c not in shut)

    @property
    def spies_meet(self) -> bool:
        """Whether some spies open their eyes to find each other: none under Blind Spies
        (rules.md §2.2, §9.2)."""
        return not self.blind_spies and bool(self.openers)


class Blocks(Part):
    """A module's part of the reveal, after the spies' block; the script calls the modules'
    blocks in the order of MODULES."""

    package = "moderator.scripts"

    def steps(self, cast: Cast, after_spies: bool) -> list[Step]:
        """Its steps for a cast, given whether the spies met just before ([] when the
        module's characters are not dealt)."""
        return []


def reveal(setup: Setup, house_rules: Mapping[str, str] | None = None) -> tuple[Step, ...]:
    """The reveal script of a checked configuration (rules.md §9)."""
    settings = settle(house_rules)
    cast = Cast(
        deck=setup.deck,
        blind_spies="blind-spies" in setup.variants,
        reverser=settings["reverser-spy-visibility"],
        defectors_meet=settings["defector-reveal"] == "know-each-other",
    )
    return script(cast)


def for_game(game) -> tuple[Step, ...]:
    """The reveal of a game set up earlier (its configuration was checked then)."""
    setup = configure(game.players, game.modules, game.variants, game.roles,
                      allow_incompatible=True)
    return reveal(setup, game.settings)


def script(cast: Cast) -> tuple[Step, ...]:
    later = [step for module in MODULES
             for step in Blocks.of(module.id).steps(cast, cast.spies_meet)]
    later += _chiefs(cast) + _defectors(cast)
    spies = _spies(cast, thumbs_follow=any(step.thumb for step in later))
    middle = spies + later
    if cast.blind_spies and not middle:  # rules.md §9.2: no reveal at all; say so
        return (Step("script.blind_spies", everyone=True),)
    fists = any(step.thumb for step in middle)
    opening = [Step("script.close_fist" if fists else "script.close", pause=CLOSE,
                    everyone=True)]
    if cast.blind_spies:
        opening.insert(0, Step("script.blind_spies_note", everyone=True))
    elif not spies:  # every spy is one who keeps their eyes closed
        opening.append(Step("script.no_reveal", everyone=True))
    closing = [Step("script.check_end", everyone=True), Step("script.open_fist", everyone=True)] \
        if fists else [Step("script.open", everyone=True)]
    return tuple(opening + middle + closing)


def _spies(cast: Cast, thumbs_follow: bool) -> list[Step]:
    """The spies find each other (rules.md §9.1, §9.3, §9.6, §9.7); none under Blind Spies
    (§2.2, §9.2). `thumbs_follow`: a later block has someone raise a thumb (fists are out)."""
    if not cast.spies_meet:
        return []
    openers = cast.openers
    steps: list[Step] = []
    seen: list[tuple[str, tuple[str, ...]]] = []  # who raises a thumb first, and their key
    if cast.has("spy-defector"):  # §9.6 step 2
        seen.append(("spy-defector", ("spy-defector",)))
    if cast.has("deep-agent"):  # §9.7 step 2: the Pretender looks like a Deep Agent
        pretender = cast.has("pretender")
        seen.append(("deep-agent-pretender", ("deep-agent", "pretender")) if pretender
                    else ("deep-agent", ("deep-agent",)))
    thumbs: tuple[str, ...] = ()
    for key, raised in seen:
        thumbs = tuple(sorted(thumbs + raised))
        steps.append(Step(f"script.seen.{key}", pause=SETTLE, thumb=thumbs))
    steps += [Step(f"script.eyes_closed.{c}", thumb=thumbs) for c in cast.eyes_closed]
    chiefs = cast.count(["spy-chief"])
    if thumbs:
        steps.append(Step("script.others_open_thumbs", {"count": cast.count(thumbs)},
                          pause=SPIES_LOOK, open=openers, thumb=thumbs))
    else:  # with a Chief the spies look around while the Chief's thumb is up
        key = "script.others_open" if cast.eyes_closed else "script.spies_open"
        steps.append(Step(key, pause=SETTLE if chiefs else SPIES_LOOK, open=openers))
    if chiefs:  # §9.7 step 4: the spies learn their Chief, by a thumb alone in the air
        for key, raised in seen:
            thumbs = tuple(c for c in thumbs if c not in raised)
            steps.append(Step(f"script.seen_down.{key}", pause=SETTLE, open=openers,
                              thumb=thumbs))
        steps.append(Step("script.spy_chief_thumb", {"count": chiefs}, pause=SPIES_LOOK,
                          open=openers, thumb=("spy-chief",)))
    if thumbs or chiefs:
        key = "script.thumbs_down_spies_close"
    else:
        key = "script.spies_close" if thumbs_follow else "script.spies_close_all"
    steps.append(Step(key, pause=SETTLE))
    return steps


def _chiefs_meet(cast: Cast) -> bool:
    chiefs = cast.count(["resistance-chief"])
    return chiefs >= 2 or (chiefs == 1 and cast.has("coordinator"))


def _chiefs(cast: Cast) -> list[Step]:
    """Two resistance Chiefs (8+ players) see each other; the Chiefs learn the Coordinator
    (rules.md §9.7 step 6)."""
    if not _chiefs_meet(cast):
        return []
    chiefs = cast.count(["resistance-chief"])
    coordinator = cast.has("coordinator")
    thumb = ("coordinator",) if coordinator else ()
    steps = [Step("script.coordinator_thumb", pause=SETTLE, thumb=thumb)] if coordinator else []
    if chiefs >= 2:
        key = "script.chiefs_open_thumb" if coordinator else "script.chiefs_open"
    else:
        key = "script.chief_open_thumb"
    steps.append(Step(key, pause=ONE_LOOKS, open=("resistance-chief",), thumb=thumb))
    if coordinator:
        steps.append(Step("script.coordinator_down", pause=SETTLE, open=("resistance-chief",)))
    steps.append(Step("script.chiefs_close", {"count": chiefs}, pause=SETTLE))
    return steps


def _defectors(cast: Cast) -> list[Step]:
    """With the house rule `defector-reveal=know-each-other` the two Defectors see each other
    (rules.md §9.6 step 6)."""
    if not (cast.defectors_meet and cast.has("spy-defector") and cast.has("resistance-defector")):
        return []
    return [
        Step("script.defectors_open", pause=ONE_LOOKS,
             open=("resistance-defector", "spy-defector")),
        Step("script.defectors_close", pause=SETTLE),
    ]

