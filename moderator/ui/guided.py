"""The guided game: the host is walked through every step with a few keystrokes.

Each step asks through a `Prompter`, turns the answer into exactly the action the matching
non-interactive command logs (`propose`, `vote`, `watch`, `mission`, `rogue-claim`,
`assassinate`, the modules' steps), and records it with `session.act`. A module's prompts
are its part of `ui/steps/` (`Steps`), which every phase of a module has (tests/architecture/
test_parts.py); where a part offers none for the game at hand, guided play names the step's
command (`unguided`) rather than stop. The log on disk is the only state: after every step
everything is saved, so a game left at any prompt (quit, Ctrl-C, a closed lid) goes on at the
same step with `moderator play`. At every menu a few keys are always at hand: undo, the
table, the rules, quit.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from typing import Any

from moderator import codec, live, narration
from moderator.narration.refusals import said
from moderator import session as sessions
from moderator.i18n import possessive, t
from moderator.rules import GAME_OVER, MISSION, PROPOSAL, VOTE, Game, Input, RuleError, tables
from moderator.rules.actions import Action, Vote
from moderator.rules.modules import ACTION_MODULE, STEP_MODULE, PlayMission, Propose
from moderator.session import Session, vote_word
from moderator.ui import timer, views
from moderator.ui.guide import (
    NOBODY, Guide, Quit, ReadingStopped, ShortcutPressed, players, seat_label,
)
from moderator.ui.prompts import Choice
from moderator.ui.steps import NOT_YET, Step, Steps

#: Answers of the menus that are not an action; NEXT: another game with the same table.
CLOSE, AGAIN, GO, RANDOM, NEXT = "close", "again", "go", "random", "next"


# -- before the game ------------------------------------------------------------------------


def ask_count(guide: Guide) -> int:
    """How many play, when the command line did not say."""
    counts = range(tables.MIN_PLAYERS, tables.MAX_PLAYERS + 1)
    choices = [Choice(t(guide.lang, "play.players_choice", count=n), n) for n in counts]
    return guide.prompter.select(t(guide.lang, "play.how_many"), choices,
                                 hint=t(guide.lang, "play.hint_select"))


def ask_names(guide: Guide, suggested: list[str]) -> list[str]:
    """The players' names in seating order, clockwise, confirmed by the host.

    Enter keeps the suggested name; a name may not be a number (numbers are seats) and no two
    players may share a name, as on the command line."""
    names, count = list(suggested), len(suggested)
    while True:
        guide.say("play.names_intro", count=count)
        typed: list[str] = []
        for seat in range(count):

            def named(value: str, typed: list[str] = typed) -> str | None:
                return _name_problem(guide.lang, value, typed)

            answer = guide.prompter.text(
                t(guide.lang, "play.name_of", seat=codec.number(seat)), suggestion=names[seat],
                validate=named,
            )
            typed.append(_clean(answer))
        names = typed
        order = " → ".join(seat_label(seat, names) for seat in range(len(names)))
        guide.say("play.order", order=order, first=names[0])
        if _yes(guide, "play.order_right", "play.order_yes", "play.order_again"):
            return names


def _yes(guide: Guide, question: str, yes: str, no: str, safe: bool = False) -> bool:
    """A yes-or-no menu; `safe`: No comes first, so a hasty Enter changes nothing."""
    choices = [Choice(t(guide.lang, yes), True), Choice(t(guide.lang, no), False)]
    return guide.prompter.select(t(guide.lang, question), choices[::-1] if safe else choices,
                                 hint=t(guide.lang, "play.hint_select"))


def ask_house_rule(guide: Guide) -> bool:
    """A module combination the rules forbid or do not cover: play it anyway? No unless the
    host chooses otherwise."""
    return _yes(guide, "play.house_rule_question", "play.house_rule_yes", "play.house_rule_no",
                safe=True)


def _clean(name: str) -> str:
    return unicodedata.normalize("NFC", name).strip()


def _name_problem(lang: str, value: str, taken: list[str]) -> str | None:
    name = _clean(value)
    if not name:
        return t(lang, "play.name_empty")
    if name.isdigit():
        return t(lang, "errors.name_is_number", name=name)
    if vote_word(name):
        return t(lang, "errors.name_is_vote_word", name=name)
    if "," in name:  # commas separate names on the command line
        return t(lang, "play.name_comma")
    if name.casefold() in {other.casefold() for other in taken}:
        return t(lang, "errors.name_twice", name=name)
    return None


def ask_leader(guide: Guide, names: list[str]) -> int | None:
    """The first leader's seat (0-based), or None to draw one at random (rules.md §1.3)."""
    choices = [Choice(t(guide.lang, "play.leader_random"), RANDOM)]
    choices += [Choice(seat_label(seat, names), seat) for seat in range(len(names))]
    answer = guide.prompter.select(t(guide.lang, "play.leader_question"), choices,
                                   hint=t(guide.lang, "play.hint_select"))
    return None if answer == RANDOM else answer


def begin(guide: Guide, current: Session) -> bool:
    """A new game at the table: the setup checklist, the reveal, then the first team; True
    when the host wants another game with the same table once it is over."""
    prepare(guide, current)
    return play(guide, current.game_id)


def resume(guide: Guide, game_id: str) -> bool:
    """A saved game goes on at its step; one that has not started may set up again first.
    True when the host wants another game with the same table once it is over."""
    current = sessions.open_game(game_id)
    guide.say("play.resumed", style="bold", game=current.game_id)
    if not current.history.done:
        choices = [Choice(t(guide.lang, "play.start_first_team"), GO),
                   Choice(t(guide.lang, "play.start_setup"), AGAIN)]
        if guide.prompter.select(t(guide.lang, "play.start_question"), choices,
                                 hint=t(guide.lang, "play.hint_select")) == AGAIN:
            prepare(guide, current)
    return play(guide, game_id)


def prepare(guide: Guide, current: Session) -> None:
    """The setup checklist, then the reveal."""
    guide.console.print(checklist(current, guide.lang))
    guide.prompter.select(t(guide.lang, "play.checklist_question"),
                          [Choice(t(guide.lang, "play.checklist_done"), GO)],
                          hint=t(guide.lang, "play.hint_enter"))
    reveal(guide, current)


def checklist(current: Session, lang: str):
    """What to put on the table before the reveal: the character cards to shuffle, the
    tokens, the board, and who gets the leader card."""
    return views.setup_sheet(current, lang)


def reveal(guide: Guide, current: Session) -> None:
    """The spies' reveal: spoken through the hook if there is one, else shown to be read
    aloud; as often as the table needs it. A reading the host stopped (Ctrl-C) is offered
    again, from the start, or the game goes on."""
    from moderator import scripts

    lines = [(t(guide.lang, step.key, **step.params), step.pause)
             for step in scripts.for_game(current.game)]
    lang = guide.lang
    live.reveal_started(current.game_id)  # the table display goes dark until it is done
    while True:
        guide.heading(t(lang, "play.reveal_title"))
        try:
            spoken = guide.read_aloud is not None and guide.read_aloud(lines)
        except ReadingStopped:  # Ctrl-C: read it again from the start, or go on
            spoken = stopped = True
        else:
            stopped = False
        if not spoken:
            guide.say("setup.reveal_heading")
            for number, (text, pause) in enumerate(lines, start=1):
                key = "play.reveal_line_pause" if pause else "play.reveal_line"
                guide.say(key, number=number, text=text, pause=round(pause))
        again = Choice(t(lang, "play.reveal_read_again" if spoken else "play.reveal_again"),
                       AGAIN)
        done = Choice(t(lang, "play.reveal_done"), GO)
        question = "play.reveal_stopped" if stopped else "play.reveal_question"
        if guide.prompter.select(t(lang, question), [again, done] if stopped else [done, again],
                                 hint=t(lang, "play.hint_select")) == GO:
            live.reveal_ended(current.game_id)
            return


# -- the game -------------------------------------------------------------------------------


def play(guide: Guide, game_id: str) -> bool:
    """Walk the table through the game from wherever it stands until it is over and the host
    closes it (False) or asks for another game with the same table (True); raises Quit when
    the host stops, KeyboardInterrupt on Ctrl-C."""
    current = sessions.open_game(game_id)
    guide.plot = current.game.plot is not None
    guide.game = game_id
    show_table(guide, current)
    while True:
        try:
            over = current.game.phase == GAME_OVER
            answer = step_for(current.game, end_step if over else unguided)(guide, current)
        except ShortcutPressed as pressed:
            current = use(guide, current, pressed.shortcut.command)
            continue
        if answer in (CLOSE, NEXT):
            return answer == NEXT
        if isinstance(answer, Action):
            current = record(guide, current, answer)
        else:  # recorded elsewhere: read the game again
            current = sessions.open_game(game_id)


def step_for(game: Game, otherwise: Step) -> Step:
    """The step that asks for what the game needs now, with the modules' steps that come
    before it (a module earlier in the order of the modules is asked first)."""
    module = STEP_MODULE.get(game.phase)
    found = _BASE_STEPS.get(game.phase) if module is None else Steps.of(module).step(game)
    step = found or otherwise
    for part in reversed(Steps.in_play(game.modules)):
        step = part.before(game, step)
    return step


def record(guide: Guide, current: Session, action: Action) -> Session:
    """Record one action through the session; what happened is shown at the next question.

    The prompts offer only what the rules allow, but a command typed in another terminal or
    the host's page may have moved the game on meanwhile: the action names the log's length it
    was chosen at, so it is refused ("the game has moved on") and the game read again."""
    try:
        done = sessions.act(current.game_id, action, made_for=current.history.lines)
    except RuleError as refusal:  # as the command line says it, with no command to type
        guide.show(said(refusal.code, refusal.params, current.names, guide.lang, typed=False),
                   "bold red")
        guide.answers.clear()  # asked again, from the game as it now stands
        return sessions.open_game(current.game_id)
    report(guide, done)
    return done


def show_table(guide: Guide, current: Session, card_rules: bool = False) -> None:
    """The full table (the `t` key, and where a game is taken up)."""
    guide.console.print()
    guide.console.print(views.table(current, guide.lang, guide.show_votes, next_step=False,
                                    card_rules=card_rules))


def use(guide: Guide, current: Session, command: str) -> Session:
    """Undo the last step, show the table, look a rule up, or quit."""
    if command == "undo":
        try:
            current, action = sessions.undo(current.game_id)
        except RuleError as refusal:
            guide.show(said(refusal.code, refusal.params, current.names, guide.lang,
                            typed=False), "bold")
            return current
        guide.answers.clear()  # what was answered for the step taken back is asked again
        guide.after(current, [(t(guide.lang, "history.undo", text=narration.describe_line(
            guide.lang, current.names, action, current.game)), "bold")])
    elif command == "table":
        show_table(guide, current, card_rules=True)
    elif command == "rules":
        look_up(guide, current)
    else:
        raise Quit
    return current


def look_up(guide: Guide, current: Session) -> None:
    """A rules question in the middle of the game (`moderator rules`); the game waits at the
    same step. Nothing typed: what applies right now; a section number: that section. A
    topic shows its title and short answer first, which fit any screen, and the rest (the
    detail, the open points, the source) when the host asks for it."""
    try:
        from moderator import reference
        from moderator.reference import sections
        from moderator.ui import rulings
    except ImportError:  # an installation without the rules lookup
        guide.say("play.rules_missing")
        return
    lang = guide.lang
    query = guide.prompter.text(t(lang, "play.rules_question")).strip()
    if not query:
        found = reference.now(current.game, current.names, lang)
        guide.console.print(rulings.now(found, current.game_id, lang))
        return
    number = sections.asked(query)  # "§8": the section a message cited
    if number is not None and (section := sections.section(number)) is not None:
        guide.console.print(rulings.section(section, lang))
        return
    ruling = reference.lookup(query, lang, current.game.settings,
                              frozenset(current.game.modules) | frozenset(current.game.variants))
    if ruling is None:
        guide.say("play.rules_nothing", query=query)
    elif not ruling.sure:  # the nearest topics to choose from: a few short lines
        guide.console.print(rulings.ruling(ruling, ruling.lang))
    else:  # the short answer first, on any screen; the rest when the host asks for it
        guide.console.print(rulings.short(ruling))
        choices = [Choice(t(lang, "play.rules_back"), GO),
                   Choice(t(lang, "play.rules_details"), AGAIN)]
        if guide.prompter.select(t(lang, "play.rules_more"), choices,
                                 hint=t(lang, "play.hint_select")) == AGAIN:
            guide.console.print(rulings.details(ruling, ruling.lang))


def discussion(guide: Guide, proposal: int) -> Callable[[], str] | None:
    """The timer line of a proposal's discussion, started the first time it is shown."""
    if not guide.timer:
        return None
    began = guide.began.setdefault(proposal, guide.clock())
    live.timer(guide.game, proposal, guide.timer, guide.clock() - began,
               timer.warning_at(guide.timer))
    return lambda: timer.line(guide.lang, guide.clock() - began, guide.timer)


def tick_hint(lang: str, key: str, players: int) -> str:
    """How to tick players; at ten players also that 0 is seat 10."""
    hint = t(lang, key)
    return hint + " " + t(lang, "play.hint_seat_ten") if players == 10 else hint


def team_step(guide: Guide, current: Session) -> Any:
    """The leader's team (under Targeting first the mission), then what the leader names
    besides: the engine says what, and who may be named (rules.md §1.2, §1.5, §6.1, §8)."""
    game, names, lang = current.game, current.names, guide.lang
    leader = names[game.seat]
    where = dict(attempt=game.attempt, limit=tables.MAX_REJECTIONS, leader=leader)
    if game.mission is None:
        guide.heading(t(lang, "play.round_targeting", **where))
    else:
        guide.heading(t(lang, "play.round", mission=game.mission, **where))
    if "fifth_proposal" in game.warnings():
        guide.say("now.last_attempt", style="bold yellow")
    footer = discussion(guide, len(game.proposals))
    # "Annas Team", but "das Team von Spieler 3": a numbered name takes no genitive s
    owner = "play.team_of_numbered" if leader[-1:].isdigit() else "play.team_of"
    team_of = t(lang, owner, owner=possessive(lang, leader), leader=leader)
    given: dict[str, Any] = {}
    while (asked := game.next_input(given)) is not None:
        if asked.name == "mission":  # Targeting: an open mission first (rules.md §2.1)
            given["mission"] = guide.select(
                t(lang, "play.choose_mission", leader=leader), mission_choices(game, lang),
                footer=footer)
        elif asked.name == "team":
            mission, size = given.get("mission", game.mission), asked.size
            question = t(lang, "play.team_question", team=team_of, count=size, mission=mission)
            if mission and tables.fails_needed(game.players, mission) == 2:
                question += " " + t(lang, "now.two_fails")

            def whole(ticked: list[int], size: int = size) -> str | None:
                return None if len(ticked) == size else t(
                    lang, "play.team_size", count=size, ticked=len(ticked))

            given["team"] = guide.checkbox(
                question, players(names), hint=tick_hint(lang, "play.hint_tick", game.players),
                validate=whole, footer=footer)
        elif None in asked.choices:  # optional at the team (no Investigator on mission 5)
            given[asked.name] = None
        else:
            given[asked.name] = answer(guide, current, asked, footer=footer, leader=leader)
    team, mission = tuple(given.pop("team")), given.pop("mission", None)
    return Propose(team, mission if game.targeting else None, **given)


def mission_choices(game, lang: str) -> list[Choice]:
    choices = []
    for mission in game.open_missions:
        title = t(lang, "play.mission_choice", mission=mission,
                  count=game.team_size_for(mission))
        if tables.fails_needed(game.players, mission) == 2:
            title += " " + t(lang, "status.two_fails_note")
        choices.append(Choice(title, mission))
    return choices


def vote_step(guide: Guide, current: Session) -> Any:
    """Everyone's open vote, entered fast: nobody ticked means everyone approved; tick who
    rejected (rules.md §1.4)."""
    game, names, lang = current.game, current.names, guide.lang
    guide.heading(t(lang, "play.vote_title", mission=game.mission, attempt=game.attempt,
                    limit=tables.MAX_REJECTIONS))
    warn = "bold yellow" if "fifth_proposal" in game.warnings() else None
    guide.show(narration.describe_now(current, lang), warn)
    rejected = guide.checkbox(
        t(lang, "play.who_rejected"), players(names),
        hint=tick_hint(lang, "play.hint_rejected", game.players),
        footer=discussion(guide, len(game.proposals) - 1),
    )
    return Vote(tuple(seat for seat in range(game.players) if seat not in rejected))


def mission_step(guide: Guide, current: Session) -> Any:
    """What the mission showed, asked in the table's order as the engine lists it: before
    the reveal the leader's trap (rules.md §5.3) and the Sergeant's switch (§8), which is
    recorded on its own so that Keeping a Close Eye on You follows it (§3.3); then the Fail
    cards (§1.5) and the modules' cards counted in the reveal (§6.1, §6.2, §7). Only what
    the rules allow is offered; a question with one possible answer is not asked."""
    game, names, lang = current.game, current.names, guide.lang
    guide.heading(t(lang, "play.mission_title", mission=game.mission))
    guide.show(narration.describe_now(current, lang))
    parts = Steps.in_play(game.modules)
    for part in parts:  # the cards are down: what a module asks now (§3.3)
        looked = part.cards_down(guide, current)
        if looked is not None:
            return looked
    # Answers before a step recorded on its own (the trap, before the switch) are kept.
    given = guide.answers.setdefault(("mission", len(game.proposals)), {})
    alone = {name: (part, recording) for part in parts
             for name, recording in part.alone.items()}
    recorded = {name: value for name, (part, _) in alone.items()
                if (value := part.recorded(name, game)) is not NOT_YET}
    given.update(recorded)
    params: dict[str, Any] = {"leader": names[game.seat]}
    for part in Steps.every():
        params.update(part.named(game, names))
    while (asked := game.next_input(given)) is not None:
        if asked.name == "fails":  # before the reveal: what is recorded on its own
            for name, (_, recording) in alone.items():
                if name in given and name not in recorded:
                    return recording(given.pop(name))
        given[asked.name] = answer(guide, current, asked, **params)
    return PlayMission(**{name: value for name, value in given.items()
                          if name not in recorded})


def answer(guide: Guide, current: Session, asked: Input, footer: Callable[[], str] | None = None,
           **params: object) -> Any:
    """One of the engine's inputs: its question, with only the values the rules allow. A
    count with one possible value is not asked, but the Fail cards are waited for: the
    table turns them over even where the record allows one count, and the host records it
    once they lie there; a single possible player is said (by `Guide.select`)."""
    key = "play.fails_question" if asked.name == "fails" else \
        _owner(asked.name).questions[asked.name]
    question = t(guide.lang, key, **params)
    if len(asked.choices) == 1 and asked.kind != "seat" and asked.name != "fails":
        return asked.choices[0]  # nothing to count: not asked
    # questionary takes a choice whose value is None for its title: "nobody" stands for it
    choices = [Choice(_label(guide.lang, current, asked.name, asked.kind, value),
                      NOBODY if value is None else value, key=_key(asked.kind, value))
               for value in asked.choices]
    hint = t(guide.lang, "play.hint_count") if any(c.key for c in choices) else ""
    chosen = guide.select(question, choices, hint=hint, footer=footer,
                          pause=asked.name == "fails")
    return None if chosen == NOBODY else chosen


def _key(kind: str, value: Any) -> str:
    """A count's own key: the number of cards revealed, typed (Fail cards: 0 to 5)."""
    return str(value) if kind == "count" and value in range(10) else ""


def _label(lang: str, current: Session, name: str, kind: str, value: Any) -> str:
    """How one value of an input reads in its menu."""
    if kind == "seat":
        return t(lang, "play.no_switch") if value is None else \
            seat_label(value, current.names)
    if name == "fails":
        needed = current.game.fails_needed
        assert needed is not None  # asked at the mission
        return fails_choice(lang, value, needed)
    label = _owner(name).label(name, value, lang)
    if label is not None:
        return label
    return t(lang, f"play.{name}_count", count=value)


def _owner(name: str) -> Steps:
    """The part of the module whose input of the team or the mission `name` is."""
    return Steps.of((Game.PROPOSAL_FIELDS.get(name) or Game.CARD_FIELDS[name])[0])


def fails_choice(lang: str, fails: int, needed: int) -> str:
    """A number of Fail cards and what it does to this mission."""
    if fails == 0:
        return t(lang, "play.fails_none")
    if fails < needed:
        return t(lang, "play.fails_held", count=fails)
    return t(lang, "play.fails_fail", count=fails)


def end_step(guide: Guide, current: Session) -> Any:
    """The winner, the reason and a summary, then: another game with the same table? Enter
    says yes (tables play several in an evening); the last step can still be taken back."""
    guide.heading(t(guide.lang, "play.end_title"))
    guide.print(summary(current, guide.lang))
    following = current.names[sessions.kept(current.history.setup)["leader"]]
    choices = [Choice(t(guide.lang, "play.again_yes", leader=following), NEXT),
               Choice(t(guide.lang, "play.close"), CLOSE)]
    try:
        return guide.select(t(guide.lang, "play.end_question"), choices,
                            hint=t(guide.lang, "play.hint_select"), pause=True)
    except ShortcutPressed as pressed:
        if pressed.shortcut.command == "quit":  # at the end, quitting is closing
            return CLOSE
        raise


def unguided(guide: Guide, current: Session) -> Any:
    """A module step the guided game cannot ask yet: say what is due and which command
    records it, and go on once it is recorded."""
    guide.heading(t(guide.lang, "play.module_step"))
    guide.console.print(views.now(current, guide.lang))
    return guide.select(
        t(guide.lang, "play.unguided"), [Choice(t(guide.lang, "play.unguided_done"), AGAIN)],
        hint=t(guide.lang, "play.hint_enter"), pause=True,
    )


#: The base game's steps, by phase.
_BASE_STEPS: dict[str, Step] = {PROPOSAL: team_step, VOTE: vote_step, MISSION: mission_step}


# -- what happened --------------------------------------------------------------------------


def report(guide: Guide, current: Session) -> None:
    """The result of the step just recorded (the same words as after a command: the team,
    the vote with the vote track, the mission with the score), kept to stand right above the
    next question under a compact table, after what the module shows first (a Plot card's
    rule, once, when it is received)."""
    action = current.last_action
    module = ACTION_MODULE.get(type(action))
    lines = [] if module is None else Steps.of(module).shown_first(current, action, guide.lang)
    guide.after(current, lines + narration.result_lines(current, guide.lang))


def summary(current: Session, lang: str):
    """The end of the game: who won and why, every mission, how many teams were proposed."""
    from rich.console import Group
    from rich.text import Text

    game, names = current.game, current.names
    winner = "bold blue" if game.winner == "resistance" else "bold red"
    lines = [Text(narration.describe_now(current, lang), style=winner)]
    for m in game.missions:
        key = "play.summary_success" if m.succeeded else "play.summary_fail"
        lines.append(Text(t(lang, key, mission=m.mission, count=m.fails,
                            team=", ".join(names[s] for s in m.team))))
    voted = [p for p in game.proposals if p.approved is not None]
    rejected = sum(not p.approved for p in voted)
    lines.append(Text(t(lang, "play.summary_votes", count=len(voted), rejected=rejected)))
    return Group(*lines)
