"""House-rule settings: the points the rules leave open (rules.md §13).

Each id starts with the module it belongs to; the first value is the default. A game records
every setting it was played with, defaults included, so a replay never depends on a later
change of default.
"""

from __future__ import annotations

from collections.abc import Mapping

from moderator.rules.errors import RuleError

#: id -> (values, first is the default; rules.md section)
SETTINGS: dict[str, tuple[tuple[str, ...], str]] = {
    "plot-deck": (("standard", "forum-game-54"), "§3.1"),
    "plot-strong-leader-rotation": (("from-new-leader", "resume-order"), "§1.7"),
    "plot-strong-leader-window": (("before-first-action", "before-team-tokens"), "§3.3"),
    "plot-same-round-use": (("allowed", "next-round"), "§3.3"),
    "plot-hand-out": (("different-players", "any-other-players"), "§3.2"),
    "plot-take-responsibility": (("immediate", "held"), "§3.4"),
    "plot-opinion-maker-taken": (("binds-taker", "binds-receiver"), "§3.4"),
    "plot-reveals": (("loyalty-card", "character-card"), "§3.4"),
    "plot-spotlight-target": (("any-team-member", "other-team-member"), "§3.4"),
    "inquisitor-targeting-timing": (("completed-missions", "mission-spaces"), "§2.1"),
    "inquisitor-defector-allegiance": (("current", "printed"), "§2.3"),
    "defector-reveal": (("standard", "know-each-other"), "§5.2"),
    "trapper-leader-on-team": (("not-required", "required"), "§5.3"),
    "trapper-sergeant-same-player": (("allowed", "forbidden"), "§5.3"),
    "hunter-early-accusation": (("once-per-game", "repeatable"), "§6.1"),
    "reverser-spy-visibility": (("normal", "hidden", "hidden-from-commander"), "§6.2"),
    "rogue-win-team": (("no-team-winner", "team-partial"), "§7"),
    "rogue-partial-win": (("whenever-team-wins", "fifth-mission-only"), "§7"),
    "rogue-earlier-mission": (("any-mission", "same-result"), "§7"),
}


#: The points moderator plays one way without a setting, each listed by the rules lookup as
#: unsettled with how moderator plays it (rules.md §13.1 "points the tool decides without a
#: source", and §13's "unsettled points with no defined alternative"). Each is decided in one
#: place of the engine, which names it in a comment. id -> rules.md section.
READINGS: dict[str, str] = {
    "agenda-order": "§13.1",
    "hunter-turned-investigation": "§13.1",
    "hunter-turned-third-failure": "§13.1",
    "hunter-declined-early": "§13.1",
    "hunter-early-five-six": "§13.1",
    "plot-strong-leader-steps": "§13.1",
    "plot-taken-received": "§13.1",
    "rogue-fifth-rejections": "§13.1",
    "blind-spies-modules": "§13.1",
    "rogue-possible-record": "§13.1",
    "hunter-fourth-mission": "§6.1",
    "rogue-spy-claim-check": "§7",
    "defector-assassination": "§5.2",
}


def defaults() -> dict[str, str]:
    return {setting: values[0] for setting, (values, _) in SETTINGS.items()}


def settle(chosen: Mapping[str, str] | None = None) -> dict[str, str]:
    """Every setting with its value: the chosen ones checked, the rest at their default."""
    settled = defaults()
    for setting, value in (chosen or {}).items():
        if setting not in SETTINGS:
            raise RuleError("errors.house_rule_unknown", setting=setting, known=", ".join(SETTINGS))
        values = SETTINGS[setting][0]
        if value not in values:
            raise RuleError(
                "errors.house_rule_value", setting=setting, value=value, values=", ".join(values)
            )
        settled[setting] = value
    return settled
