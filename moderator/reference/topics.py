"""Where each rules topic comes from: its rules.md section, the confidence of that section, the
house-rule settings that decide its unsettled points, and when it matters in a game.

The words of every topic live in the i18n catalogues under `topics.<id>`; this table holds only
facts about the rules reference, so a topic's source cannot differ between the two languages.
Every house-rule setting of rules.md §13 is a topic of its own (id = setting id, confidence U);
the points moderator plays one way without a setting (§13.1, `READINGS`) are listed by the
topics they concern.
"""

from __future__ import annotations

from typing import NamedTuple

from moderator.rules.house_rules import SETTINGS


class Topic(NamedTuple):
    id: str
    section: str  # where in rules.md, e.g. "§1.4"
    confidence: str  # the mark of that section (rules.md §0): A, B+, B, B-, C or U
    settings: tuple[str, ...] = ()  # house-rule settings that decide its unsettled points
    needs: str | None = None  # the module or variant it belongs to; None: the base game
    readings: tuple[str, ...] = ()  # points moderator decides without a source (§13.1)
    #: speaks of the modules in general: a theme names its own, and says in one line that
    #: The Resistance's own may be played under it (rules.md §14.3.4)
    general: bool = False


def _topic(id: str, section: str, confidence: str, *settings: str, needs: str | None = None,
           readings: tuple[str, ...] = (), general: bool = False) -> Topic:
    return Topic(id, section, confidence, tuple(settings), needs, readings, general)


_WRITTEN = (
    # The base game (rules.md §1) and its reveal (§9.1).
    _topic("sides", "§1.1", "A"),
    _topic("team-size", "§1.2", "A"),
    _topic("setup", "§1.3", "A"),
    _topic("reveal", "§9.1", "A"),
    _topic("secrecy", "§1.3, §3.3", "A"),
    _topic("team-building", "§1.4", "A"),
    _topic("leader-on-team", "§1.4", "A"),
    _topic("vote", "§1.4", "A"),
    _topic("tie", "§1.4", "A"),
    _topic("rejected-team", "§1.4", "A"),
    _topic("five-rejections", "§1.4, §1.6", "A"),
    _topic("mission-cards", "§1.5", "A"),
    _topic("mission-result", "§1.5", "A"),
    _topic("two-fails", "§1.5", "A"),
    _topic("leader-rotation", "§1.7", "A", "plot-strong-leader-rotation"),
    _topic("game-end", "§1.6", "A"),
    # The official variants (§2).
    _topic("targeting", "§2.1", "A", "inquisitor-targeting-timing", needs="targeting"),
    _topic("blind-spies", "§2.2", "A", needs="blind-spies", readings=("blind-spies-modules",)),
    _topic("inquisitor", "§2.3, §5.4", "B+", "inquisitor-targeting-timing",
           "inquisitor-defector-allegiance", needs="inquisitor"),
    # The Plot Thickens (§3).
    _topic("plot", "§3.1", "A", "plot-deck", needs="plot"),
    _topic("plot-draw", "§3.2", "B", "plot-hand-out", needs="plot"),
    _topic("plot-timing", "§3.3", "B", "plot-strong-leader-window", "plot-same-round-use",
           needs="plot", readings=("plot-strong-leader-steps",)),
    _topic("strong-leader", "§3.4, §3.3, §1.7", "A", "plot-strong-leader-window",
           "plot-strong-leader-rotation", "plot-same-round-use", needs="plot",
           readings=("plot-strong-leader-steps",)),
    _topic("close-eye", "§3.4", "A", "plot-same-round-use", needs="plot"),
    _topic("no-confidence", "§3.4", "A", "plot-same-round-use", needs="plot"),
    _topic("opinion-maker", "§3.4", "A", "plot-opinion-maker-taken", needs="plot"),
    _topic("take-responsibility", "§3.4", "U", "plot-take-responsibility",
           "plot-opinion-maker-taken", needs="plot", readings=("plot-taken-received",)),
    _topic("overheard-conversation", "§3.4", "A", "plot-reveals", needs="plot"),
    _topic("establish-confidence", "§3.4", "A", "plot-reveals", needs="plot"),
    _topic("open-up", "§3.4", "A", "plot-reveals", needs="plot"),
    _topic("in-the-spotlight", "§3.4", "A", "plot-spotlight-target", needs="plot"),
    # Hidden Agenda (§5).
    _topic("commander", "§5.1, §9.4", "B", needs="commander"),
    _topic("assassin", "§5.1", "B+", needs="commander"),
    _topic("body-guard", "§5.1, §9.4", "B", needs="commander"),
    _topic("false-commander", "§5.1, §9.4", "B", needs="commander"),
    _topic("deep-cover", "§5.1, §9.4", "B", needs="commander"),
    _topic("blind-spy", "§5.1, §9.4", "B", needs="commander"),
    _topic("defector", "§5.2, §9.6", "B", "defector-reveal", "inquisitor-defector-allegiance",
           needs="defector", readings=("defector-assassination", "agenda-order")),
    _topic("trapper", "§5.3", "B", "trapper-leader-on-team", "trapper-sergeant-same-player",
           needs="trapper"),
    # Hostile Intent (§6).
    _topic("hunter", "§6.1", "A", needs="hunter",
           readings=("hunter-turned-investigation", "agenda-order")),
    _topic("chief", "§6.1", "B", needs="hunter", readings=("hunter-fourth-mission",)),
    _topic("accusation", "§6.1", "B", "hunter-early-accusation", needs="hunter",
           readings=("hunter-turned-third-failure", "hunter-declined-early",
                     "hunter-early-five-six", "hunter-turned-investigation")),
    _topic("dummy-agent", "§6.1", "B", needs="hunter"),
    _topic("coordinator", "§6.1", "B", needs="hunter"),
    _topic("deep-agent", "§6.1", "B-", needs="hunter"),
    _topic("pretender", "§6.1", "B-", needs="hunter"),
    _topic("reverser", "§6.2", "B", "reverser-spy-visibility", needs="reverser"),
    # Rogue Agent (§7) and Sergeant (§8).
    _topic("rogue", "§7", "A", "rogue-earlier-mission", "rogue-win-team", "rogue-partial-win",
           needs="rogue", readings=("rogue-possible-record", "rogue-fifth-rejections")),
    _topic("spy-rogue", "§7", "A", "rogue-earlier-mission", needs="rogue",
           readings=("rogue-spy-claim-check", "hunter-turned-third-failure")),
    _topic("watch-token", "§7", "B", needs="rogue", readings=("rogue-possible-record",)),
    _topic("sergeant", "§8", "A", "trapper-sergeant-same-player", needs="sergeant"),
    # Modules in general (§4, §10) and the house-rule settings (§13).
    _topic("modules", "§4, §10.2", "A", readings=("agenda-order",), general=True),
    _topic("special-characters", "§10.1", "A", general=True),
    _topic("compatibility", "§10.2, §10.3", "A", general=True),
    _topic("house-rules", "§13, §13.1", "A"),
)

#: Every topic by id: the written ones, then one per house-rule setting.
TOPICS: dict[str, Topic] = {topic.id: topic for topic in _WRITTEN}
TOPICS.update({
    setting: Topic(setting, section, "U", (setting,), setting.split("-")[0])
    for setting, (_, section) in SETTINGS.items()
})


#: When each house-rule setting and reading matters in a game: the modules and variants it
#: concerns, and how many of them must be in play for the point to arise (`rules
#: house-rules` lists a game's own; the Inquisitor under Targeting needs both, the order of
#: the steps between missions any two of its modules). rules.md §13, §13.1.
CONCERNS: dict[str, tuple[frozenset[str], int]] = {
    **{setting: (frozenset({"plot"}), 1) for setting in SETTINGS if setting.startswith("plot-")},
    "inquisitor-targeting-timing": (frozenset({"inquisitor", "targeting"}), 2),
    "inquisitor-defector-allegiance": (frozenset({"inquisitor", "defector"}), 2),
    "defector-reveal": (frozenset({"defector"}), 1),
    "trapper-leader-on-team": (frozenset({"trapper"}), 1),
    "trapper-sergeant-same-player": (frozenset({"trapper", "sergeant"}), 2),
    "hunter-early-accusation": (frozenset({"hunter"}), 1),
    "reverser-spy-visibility": (frozenset({"reverser"}), 1),
    **{setting: (frozenset({"rogue"}), 1) for setting in SETTINGS if setting.startswith("rogue-")},
    "agenda-order": (frozenset({"hunter", "inquisitor", "defector", "plot"}), 2),
    "hunter-turned-investigation": (frozenset({"hunter"}), 1),
    "hunter-turned-third-failure": (frozenset({"hunter", "rogue"}), 2),
    "hunter-declined-early": (frozenset({"hunter"}), 1),
    "hunter-early-five-six": (frozenset({"hunter"}), 1),
    "plot-strong-leader-steps": (frozenset({"plot"}), 1),
    "plot-taken-received": (frozenset({"plot"}), 1),
    "rogue-fifth-rejections": (frozenset({"rogue"}), 1),
    "blind-spies-modules": (frozenset({"blind-spies"}), 1),
    "rogue-possible-record": (frozenset({"rogue"}), 1),
    "hunter-fourth-mission": (frozenset({"hunter"}), 1),
    "rogue-spy-claim-check": (frozenset({"rogue"}), 1),
    "defector-assassination": (frozenset({"defector", "commander"}), 2),
}


def arises(point: str, in_play: frozenset[str] | set[str]) -> bool:
    """Whether a setting or reading can arise in a game with these modules and variants."""
    concerned, least = CONCERNS[point]
    return len(concerned & in_play) >= least
