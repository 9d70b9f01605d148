"""What the table is told, in plain sentences of the game's language: what comes now, what the
action just recorded did, and each logged action in words.

The terminal (`ui/`), the command line, the rules lookup, the records and the table display all
say the same things in the same words, so the sentences live here, once, outside any one of
them. Nothing here prints or knows a terminal; it reads only what the whole table sees.
"""

from __future__ import annotations

from moderator.i18n import listed, t
from moderator.rules import GAME_OVER, Game, tables
from moderator.session import Session

SUCCESS, FAIL = "✔", "✘"
REJECTED, FREE = "●", "○"

Line = tuple[str, "str | None"]  # a text and its style


# -- what comes now -----------------------------------------------------------------------


def describe_now(session: Session, lang: str) -> str:
    game, names = session.game, session.names
    if game.phase == GAME_OVER:
        return outcome(game, lang)
    if game.phase == "assassination":
        return t(lang, "now.assassination")
    if game.phase == "rogue_claim":
        return t(lang, "now.rogue_claim")
    if game.phase == "examination":
        return examination(game, names, lang)
    if game.phase == "accusation":
        return accusation(game, lang)
    if game.phase == "investigation":
        return investigation(game, names, lang)
    if game.phase == "loyalty":
        return t(lang, "now.loyalty", round=game.round)
    plotting = plot_step(session, lang) if game.plot else None
    if plotting:
        return plotting
    leader = names[game.leader]
    if game.phase == "proposal":
        if game.mission is None:
            text = t(lang, "now.proposal_targeting", leader=leader,
                     missions=", ".join(map(str, game.open_missions)))
        else:
            text = t(lang, "now.proposal", leader=leader, count=game.team_size,
                     mission=game.mission, attempt=game.attempt)
            if game.fails_needed == 2:
                text += " " + t(lang, "now.two_fails")
        if investigator_due(game):
            text += " " + t(lang, "now.investigator_token", leader=leader)
        if "fifth_proposal" in game.warnings():
            text += " " + t(lang, "now.last_attempt")
        return text
    team = listed(lang, (names[s] for s in game.team))
    if game.phase == "vote":
        text = t(lang, "now.vote", team=team)
        if game.sergeant is not None:
            text += " " + t(lang, "now.sergeant_named", sergeant=names[game.sergeant])
        if game.opinion_makers:
            text += " " + opinion_first(game, names, lang)
        if "fifth_proposal" in game.warnings():
            text += " " + t(lang, "now.last_attempt")
        return text
    if game.phase == "watch":
        return t(lang, "now.watch", leader=leader, team=team)
    asked = mission_options(game)
    key = "now.mission_rogue" if "rogue_success" in asked else "now.mission"
    text = t(lang, key, team=team, mission=game.mission)
    if game.watch is not None:
        text += " " + t(lang, "now.watch_held", holder=names[game.watch])
    for name in asked:  # what the host reports besides the Fail cards, in the table's order
        sergeant = names[game.sergeant] if game.sergeant is not None else ""
        if name in MISSION_LINES:
            text += " " + t(lang, MISSION_LINES[name], sergeant=sergeant, leader=leader)
    if game.fails_needed == 2:
        text += " " + t(lang, "now.two_fails")
    return text


#: What the table is told of each module's input at the mission.
MISSION_LINES = {"trapped": "now.trap", "switched": "now.sergeant_switch",
                 "chief_fail": "now.chief_fail", "reverse": "now.reverse"}


def opinion_first(game: Game, names: list[str], lang: str) -> str:
    """Who votes first with Opinion Maker: one holder alone, or two together (rules.md
    §3.4)."""
    first = game.opinion_makers
    return t(lang, "now.opinion_first", count=len(first),
             names=listed(lang, (names[s] for s in first)))


def outcome(game: Game, lang: str) -> str:
    """Who won, fully or partly, and why."""
    won = ", ".join(t(lang, f"winners.{victory}.{who}") for who, victory in game.winners)
    return t(lang, "now.game_over", winner=won, reason=t(lang, f"reason.{game.reason}"))


def accusation(game: Game, lang: str) -> str:
    """Whose Hunter accuses now, and what it decides (rules.md §6.1)."""
    from moderator.rules.modules import hunter

    if game.hunt.early:
        return t(lang, early_accusation_key(game))

    text = t(lang, f"now.accusation.{game.hunt.accuser}")
    if hunter.COORDINATOR in hunter.shown_cards(game):
        text += " " + t(lang, "now.accusation_coordinator")
    return text


def early_accusation_key(game: Game) -> str:
    """The early accusation as the table knows it: at 7+ a Chief Fail card showed the spy
    Chief's Fail; at 5-6 nothing shows it, so the host confirms the spy Hunter's claim
    (rules.md §6.1, §13.1 `hunter-early-five-six`)."""
    from moderator.rules.modules import hunter

    seen = hunter.chief_fail_cards(game.players)
    return "now.accusation_early" if seen else "now.accusation_early_confirmed"


def investigation(game: Game, names: list[str], lang: str) -> str:
    """Who investigates, and which Hunter Loyalty cards can be shown (rules.md §6.1)."""
    from moderator.rules.modules import hunter

    by = names[game.investigator]
    key = "now.investigation_success" if game.missions[-1].succeeded else \
        "now.investigation_fail"
    text = t(lang, key, investigator=by)
    text += " " + t(lang, f"now.investigation_cards.{hunter.loyalty_cards(game.players)}")
    if "dummy-agent" in game.characters:
        text += " " + t(lang, "now.investigation_dummy")
    return text


def examination(game: Game, names: list[str], lang: str) -> str:
    """Who examines, and which card the examined player hands over (rules.md §2.3)."""
    from moderator.rules.modules import inquisitor

    text = t(lang, "now.examination", inquisitor=names[game.inquisitor])
    text += " " + t(lang, f"now.examination_{inquisitor.card_shown(game)}")
    if "defector" in game.modules:
        setting = game.settings["inquisitor-defector-allegiance"]
        text += " " + t(lang, f"now.examination_defector.{setting}")
    return text


def investigator_due(game: Game) -> bool:
    """Does the leader have to give the Investigator token with this team? The engine's
    team step says so (rules.md §6.1)."""
    asked = {i.name: i for i in game.inputs()} if game.phase == "proposal" else {}
    return "investigator" in asked and None not in asked["investigator"].choices


def mission_options(game: Game) -> tuple[str, ...]:
    """What the host reports of this mission besides the Fail cards (its fields), in the
    engine's order; only what has more than one possible value."""
    if game.phase != "mission":
        return ()
    return tuple(i.name for i in game.inputs() if i.name != "fails" and len(i.choices) > 1)


def plot_step(session: Session, lang: str) -> str | None:
    """What comes now in a Plot step of the round, or None outside them."""
    game, names = session.game, session.names
    if game.phase == "plot_draw":
        return t(lang, "now.plot_draw", leader=names[game.leader], count=game.plot_draws)
    if game.phase != "plot_give":
        return None
    if game.plot.pending:
        card = game.plot.pending[0]
        return t(lang, f"plot_effect.{card.card}", holder=names[card.holder],
                 leader=names[game.leader], shown=shown_card(game, lang))
    cards = listed(lang, (card_name(lang, c) for c in game.plot.drawn))
    return t(lang, "now.plot_give", leader=names[game.leader], cards=cards)


def card_name(lang: str, card: str) -> str:
    return t(lang, f"plot_card.{card}")


def shown_card(game, lang: str) -> str:
    """What a revealing Plot card shows (rules.md §3.4): the engine's ruling, in words."""
    from moderator.rules.modules import plot

    return t(lang, f"plot.{plot.card_shown(game)}_card")


# -- what the action just recorded did ----------------------------------------------------


def result_lines(session: Session, lang: str) -> list[Line]:
    """The result of the newest action of the log, line by line."""
    game, names = session.game, session.names
    action = session.history.done[-1].data
    kind = action["type"]
    said: list[Line] = []

    def say(key: str, style: str | None = None, **params: object) -> None:
        said.append((t(lang, key, **params), style))

    if kind == "propose":
        p = game.proposals[-1]
        say("result.proposed", "bold", leader=names[p.leader],
            team=listed(lang, (names[s] for s in p.team)), mission=p.mission,
            attempt=p.attempt)
        if p.sergeant is not None:
            say("result.sergeant", sergeant=names[p.sergeant])
        if p.investigator is not None:
            say("result.investigator", investigator=names[p.investigator])
    elif kind == "vote":
        _vote(session, say)
    elif kind == "watch":
        say("result.watch", "bold", holder=names[game.watch])
    elif kind == "switch":
        sergeant = names[game.sergeant]
        if game.switch.seat is None:
            say("result.switch_passed", "bold", sergeant=sergeant)
        else:
            say("result.switch_declared", "bold", sergeant=sergeant,
                switched=names[game.switch.seat])
    elif kind == "mission":
        _mission(session, say)
    elif kind.startswith("plot_"):
        said.append((plot_result(session, lang), "bold"))
        said += [(line, None) for line in plot_discards(session, lang)]
    elif kind == "rogue_claim":
        if action.get("claimant") is not None:
            say("result.rogue_claim", "bold", claimant=names[action["claimant"] - 1])
    elif kind == "loyalty":
        say(f"result.loyalty.{game.loyalty[-1]}", "bold")
    elif kind in ("investigate", "accuse", "blame"):
        _hunter(session, say)
    elif kind == "examine":
        say("result.examined", "bold", inquisitor=names[game.inquisitors[-2]],
            examined=names[game.inquisitor])
    elif kind == "assassinate":
        a = game.assassination
        say("result.assassinated", "bold", target=names[a.target], commander=names[a.commander])
    return said


def _vote(session: Session, say) -> None:
    game, names = session.game, session.names
    p = game.proposals[-1]
    approve = sorted(p.approvals)
    reject = sorted(set(range(game.players)) - p.approvals)
    key = "result.approved" if p.approved else "result.rejected"
    say(key, "bold blue" if p.approved else "bold red", yes=len(approve), no=len(reject))
    say("result.approve_list", names=", ".join(names[s] for s in approve) or "—")
    say("result.reject_list", names=", ".join(names[s] for s in reject) or "—")
    if p.approved or game.winner is not None:
        return
    track = REJECTED * game.rejections + FREE * (
        tables.MAX_REJECTIONS - game.rejections)
    say("play.track", track=track, count=game.rejections, limit=tables.MAX_REJECTIONS,
        leader=names[game.leader])
    if "fifth_proposal" in game.warnings():
        say("status.last_chance", "bold yellow")


def _mission(session: Session, say) -> None:
    game, names = session.game, session.names
    m = game.missions[-1]
    if m.switched is not None:
        say("result.switched", sergeant=names[m.sergeant], switched=names[m.switched])
    if m.trapped is not None:
        say("result.trapped", trapped=names[m.trapped])
    key = "result.mission_success" if m.succeeded else "result.mission_fail"
    say(key, "bold blue" if m.succeeded else "bold red", mission=m.mission,
        count=m.fails + m.chief_fail)
    if m.chief_fail:
        say("result.chief_fail", count=m.chief_fail)
    if m.rogue_success:
        say("result.rogue_success", count=m.rogue_success)
    if m.reverse:
        say("result.reversed", count=m.reverse)
    elif m.succeeded and m.fails:
        say("result.two_fails_held")
    say("result.score", resistance=game.successes, spies=game.failures)


def _hunter(session: Session, say) -> None:
    """What an investigation, an accusation or the Blame did (rules.md §6.1)."""
    game, names = session.game, session.names
    action = session.history.done[-1].data
    kind = action["type"]
    if kind == "investigate":
        by = game.hunt.investigations[-1][1]
        say("result.investigated", by=names[by], player=names[action["player"] - 1])
    elif kind == "blame":
        key = "result.blame_right" if action["pretender"] else "result.blame_wrong"
        say(key, "bold", deep_agent=names[action["deep_agent"] - 1],
            blamed=names[action["blamed"] - 1])
    elif action.get("accused") is None:
        say("result.no_early_accusation")
    else:
        accusation = game.hunt.accusations[-1]
        say(f"result.accused.{accusation.accuser}", "bold", accused=names[accusation.accused])
        if game.phase != GAME_OVER:
            m = game.missions[-1]
            key = "result.turned_success" if m.succeeded else "result.turned_fail"
            say(key, mission=m.mission)
            say("result.score", resistance=game.successes, spies=game.failures)


def plot_discards(session: Session, lang: str) -> list[str]:
    """Every Plot card the step just recorded sent to the discard pile, and why (nothing is
    silent): a card used once, or a Take Responsibility with nothing to take (rules.md §3.4)."""
    game, action = session.game, session.history.done[-1].data
    card = action.get("card")
    if action["type"] == "plot_use":
        return [t(lang, "result.plot_discarded", card=card_name(lang, card))]
    if action["type"] == "plot_give" and card == "take_responsibility" and \
            card in game.plot.discarded:  # one in the deck: discarded on receipt
        return [t(lang, f"result.plot_no_effect.{card}")]
    return []


def plot_result(session: Session, lang: str) -> str:
    """What the Plot step just recorded did, in one line."""
    names, action = session.names, session.history.done[-1].data
    if action["type"] == "plot_draw":
        return t(lang, "result.plot_drawn", leader=names[session.game.leader],
                 cards=listed(lang, (card_name(lang, c) for c in action["cards"])))
    if action["type"] == "plot_give":
        return t(lang, "result.plot_given", card=card_name(lang, action["card"]),
                 to=names[action["to"] - 1])
    target = action.get("target")
    return t(lang, f"result.plot_used.{action['card']}", by=names[action["by"] - 1],
             target=names[target - 1] if target else "",
             taken=card_name(lang, action["take"]) if action.get("take") else "")


# -- the log in words --------------------------------------------------------------------


def describe_action(lang: str, names: list[str], action: dict) -> str:
    """One logged action in words (`moderator log`, "taken back: …" after an undo)."""
    def who(seats) -> str:
        return ", ".join(names[s - 1] for s in seats) or "—"

    kind = action["type"]
    if kind == "propose":
        text = t(lang, "log.propose", team=who(action["team"]))
        if action.get("mission"):
            text += " " + t(lang, "log.for_mission", mission=action["mission"])
        if action.get("sergeant"):
            text += "; " + t(lang, "log.sergeant", sergeant=who([action["sergeant"]]))
        if action.get("investigator"):
            text += "; " + t(lang, "log.investigator",
                             investigator=who([action["investigator"]]))
        return text
    if kind == "watch":
        return t(lang, "log.watch", holder=who([action["holder"]]))
    if kind == "switch":
        if action.get("switched") is None:
            return t(lang, "log.no_switch")
        return t(lang, "log.switch", switched=who([action["switched"]]))
    if kind.startswith("plot_"):
        return plot_action(lang, who, action)
    if kind == "rogue_claim":
        if action.get("claimant") is None:
            return t(lang, "log.no_claim")
        return t(lang, "log.rogue_claim", claimant=who([action["claimant"]]))
    if kind == "vote":
        approve = action["approve"]
        reject = [s for s in range(1, len(names) + 1) if s not in approve]
        return t(lang, "log.vote", yes=len(approve), no=len(reject), approve=who(approve),
                 reject=who(reject))
    if kind == "mission":
        parts = [t(lang, "log.mission", count=action["fails"])]
        if action.get("rogue_success"):
            parts.append(t(lang, "log.rogue_success", count=action["rogue_success"]))
        if action.get("switched"):
            parts.append(t(lang, "log.switched", switched=who([action["switched"]])))
        if action.get("reverse"):
            parts.append(t(lang, "log.reverse", count=action["reverse"]))
        if action.get("trapped"):
            parts.append(t(lang, "log.trapped", trapped=who([action["trapped"]])))
        if action.get("chief_fail"):
            parts.append(t(lang, "log.chief_fail", count=action["chief_fail"]))
        return "; ".join(parts)
    if kind == "loyalty":
        return t(lang, f"log.loyalty.{action['card']}")
    if kind == "examine":
        return t(lang, "log.examine", player=who([action["player"]]))
    if kind == "investigate":
        return t(lang, "log.investigate", player=who([action["player"]]))
    if kind == "accuse":
        if action.get("accused") is None:
            return t(lang, "log.no_accusation")
        return t(lang, f"log.accuse.{action['shown']}", accused=who([action["accused"]]))
    if kind == "blame":
        key = "log.blame_right" if action["pretender"] else "log.blame_wrong"
        return t(lang, key, deep_agent=who([action["deep_agent"]]),
                 blamed=who([action["blamed"]]))
    if kind == "assassinate":
        return t(lang, "log.assassinate", target=who([action["target"]]),
                 commander=who([action["commander"]]))
    if kind == "sides":  # `moderator roles`, after the game
        return t(lang, "records.event.sides", spies=who(action["spies"]))
    return kind


def plot_action(lang: str, who, action: dict) -> str:
    """A logged Plot step in words; `who` turns 1-based seats into names."""
    if action["type"] == "plot_draw":
        drawn = ", ".join(card_name(lang, c) for c in action["cards"])
        return t(lang, "log.plot_draw", cards=drawn)
    if action["type"] == "plot_give":
        return t(lang, "log.plot_give", card=card_name(lang, action["card"]),
                 to=who([action["to"]]))
    text = t(lang, "log.plot_use", by=who([action["by"]]), card=card_name(lang, action["card"]))
    if action.get("target"):
        text += " " + t(lang, "log.plot_on", target=who([action["target"]]))
    if action.get("take"):
        text += " (" + card_name(lang, action["take"]) + ")"
    return text
