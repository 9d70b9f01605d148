"""The table as everyone sees it, as data: the keys of `status --json` (design.md §4).

Seats are 1-based and nulls stand where nothing is due. It holds only what the whole table
sees (the engine knows no hidden role), so the command line, the exports and the table display
can all hand it out as it is.
"""

from __future__ import annotations

from moderator.session import Session


def status(session: Session) -> dict:
    """The table as JSON (design.md §4): seats 1-based, nulls where nothing is due."""
    game = session.game

    def seat(s: int | None) -> int | None:
        return None if s is None else s + 1

    def seats(ss) -> list[int]:
        return sorted(s + 1 for s in ss)

    voted = [p for p in game.proposals if p.approved is not None]
    sergeant, rogue = "sergeant" in game.modules, "rogue" in game.modules
    reverser, trapper = "reverser" in game.modules, "trapper" in game.modules
    hunting, plotting = game.hunt is not None, game.plot is not None

    def proposal(p) -> dict:
        shown = {
            "mission": p.mission, "attempt": p.attempt, "leader": seat(p.leader),
            "team": seats(p.team), "approve": seats(p.approvals),
            "reject": seats(set(range(game.players)) - p.approvals), "approved": p.approved,
        }
        if sergeant:
            shown["sergeant"] = seat(p.sergeant)
        if hunting:
            shown["investigator"] = seat(p.investigator)
        if plotting:  # who cancelled the approval with No Confidence (rules.md §3.4)
            shown["cancelled_by"] = seat(p.cancelled_by)
        return shown

    def mission(m) -> dict:
        shown = {"mission": m.mission, "team": seats(m.team), "fails": m.fails,
                 "result": "success" if m.succeeded else "fail"}
        if rogue:
            shown.update(rogue_success=m.rogue_success, watch=seat(m.watch))
        if sergeant:
            shown.update(sergeant=seat(m.sergeant), switched=seat(m.switched))
        if reverser:
            shown["reverse"] = m.reverse
        if trapper:
            shown["trapped"] = seat(m.trapped)
        if hunting:
            shown.update(chief_fail=m.chief_fail, investigator=seat(m.investigator),
                         turned=m.turned)
        return shown

    shown = {
        "game": session.game_id,
        "lang": session.lang,
        "theme": session.theme,
        "players": session.names,
        "modules": sorted(game.modules),
        "variants": sorted(game.variants),
        "roles": sorted(game.roles),
        "phase": game.phase,
        "leader": seat(game.leader),
        "mission": game.mission,
        "attempt": game.attempt,
        "team_size": game.team_size,
        "fails_needed": game.fails_needed,
        "score": {"resistance": game.successes, "spies": game.failures},
        "proposals": [proposal(p) for p in voted],
        "missions": [mission(m) for m in game.missions],
        "winner": game.winner,
        "reason": game.reason,
        "winners": [{"winner": who, "victory": victory} for who, victory in game.winners],
        "characters": setup_deck(game),
        "house_rules": game.settings,
        "round": game.round,
        "vote_track": game.rejections,
        "team": seats(game.team) if game.team else None,
        "next_leaders": [s + 1 for s in game.next_leaders],
        "open_missions": list(game.open_missions) if game.targeting else None,
        "spies": game.spies,
        "assassination": (
            {"target": seat(game.assassination.target),
             "commander": seat(game.assassination.commander)}
            if game.assassination else None
        ),
    }
    if game.plot is not None:
        shown["plot"] = plot_status(game)
    if sergeant:
        shown["sergeant"] = seat(game.sergeant)
    if rogue:
        shown["watch"] = seat(game.watch)
    if "defector" in game.modules:
        from moderator.rules.modules import defector

        shown["loyalty"] = {
            "revealed": list(game.loyalty), "left": len(defector.left(game.loyalty)),
            "switched": game.defectors_switched,
        }
    if hunting:
        shown["hunter"] = hunter_status(game)
    if "inquisitor" in game.modules:
        shown["inquisitor"] = {"holder": seat(game.inquisitor),
                               "held": [s + 1 for s in game.inquisitors]}
    return shown


def hunter_status(game) -> dict:
    """`hunter` in `status --json`: who accuses or investigates now, and the record so far.
    What an investigation showed stays the investigator's secret (rules.md §6.1)."""
    hunt, pending = game.hunt, game.pending

    def seat(s: int | None) -> int | None:
        return None if s is None else s + 1

    return {
        "accuser": hunt.accuser,
        "early": hunt.early,
        "investigator": seat(game.investigator),
        "token": seat(pending.investigator) if pending else None,
        "accusations": [
            {"accuser": a.accuser, "accused": a.accused + 1, "shown": a.shown,
             "mission": a.mission, "early": a.early}
            for a in hunt.accusations
        ],
        "investigations": [
            {"mission": mission, "by": by + 1, "player": target + 1}
            for mission, by, target in hunt.investigations
        ],
        "blame": None if hunt.blame is None else {
            "deep_agent": hunt.blame[0] + 1, "blamed": hunt.blame[1] + 1,
            "pretender": hunt.blame[2]},
    }


def plot_status(game) -> dict:
    """`plot` in `status --json` (design.md §4), 1-based holders."""
    from moderator.rules.modules import plot

    def cards(held) -> list[dict]:
        return [{"card": c.card, "holder": c.holder + 1} for c in held]

    state = game.plot
    return {
        "deck": len(state.deck),
        "held": cards(c for c in state.held if c.card not in plot.LASTING),
        "in_effect": cards(c for c in state.held if c.card in plot.LASTING),
        "discarded": list(state.discarded),
        "drawn": list(state.drawn),
        "pending": cards(state.pending),
        "usable": cards(game.usable()),
        "vote_first": [s + 1 for s in game.opinion_makers],
        "uses": [
            {"card": u.card, "by": u.by + 1, "round": u.round,
             "target": None if u.target is None else u.target + 1, "take": u.taken}
            for u in state.uses
        ],
    }


def setup_deck(game) -> dict[str, int]:
    from moderator.rules import character_cards

    return character_cards(game.players, game.modules, game.roles)
