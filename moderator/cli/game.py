"""Commands that set up a game and record what happens at the table."""

import unicodedata
from typing import List, NamedTuple, Optional

import typer

from moderator import i18n
from moderator.cli.common import (
    USAGE, Out, Refusal, fold, handled, helps, players, seat_of, seats_of, split,
)
from moderator.cli.options import (
    Configuration, ModuleFields, bad_usage, configuration, game_option, lang_option,
    module_fields, open_game, record, checked_say_on, say_on_option, vote_history_option,
)


def register(app: typer.Typer, lang: str) -> None:
    h = helps(lang)

    @app.command("new", help=h("new"))
    @handled(config=configuration(lang))
    def new(
        out: Out,
        config: Configuration,
        names: Optional[str] = typer.Option(None, "--names", help=h("names")),
        lang: Optional[str] = lang_option(lang),
        leader: Optional[str] = typer.Option(None, "--leader", help=h("leader")),
        draw_leader: bool = typer.Option(False, "--draw-leader", help=h("draw_leader")),
        again: bool = typer.Option(False, "--again", help=h("again")),
        seed: Optional[int] = typer.Option(None, "--seed", help=h("seed")),
        no_play: bool = typer.Option(False, "--no-play", help=h("no_play")),
        timer: Optional[int] = typer.Option(None, "--timer", help=h("timer"),
                                            show_default=False),
        no_vote_history: bool = typer.Option(
            False, "--no-vote-history", help=h("no_vote_history")
        ),
        as_json: bool = typer.Option(False, "--json", help=h("json")),
        say_on: Optional[str] = say_on_option(lang),
    ) -> None:
        from moderator import public, session
        from moderator.cli import play, render

        say_on = checked_say_on(say_on)
        if leader and draw_leader:
            bad_usage(out, None, "errors.leader_or_draw")
        recorded = _table_choices(play.checked_timer(timer), no_vote_history)
        given = split(names) if names is not None else None
        last = _last_table(out) if again else None
        if last is not None:
            config, recorded = _kept(config, last), _kept_choices(last, timer, no_vote_history)
            if given is None and config.players in (None, last.players):
                given = list(last.names)
        allow_incompatible, guide = config.allow_incompatible, None
        with play.asking(out):  # Ctrl-C here stops before anything is saved
            if not (no_play or as_json) and play.at_terminal():  # guided play: ask what is missing
                from moderator.ui import guided

                guide = play.make_guide(out, play.table_settings({"table": recorded}, None, None),
                                        say_on)
                if given is None:
                    count = config.players or guided.ask_count(guide)
                    suggested = _names(out, None, count)
                    if last is not None:  # a player more or fewer: the kept names come first
                        suggested = [*last.names[:count], *suggested[len(last.names):]]
                    allow_incompatible = _checked(out, guide, count, config, allow_incompatible)
                    given = guided.ask_names(guide, suggested)
            if given is None and last is not None:  # a count the rules allow, other names
                _names(out, None, config.players)
                raise Refusal("errors.again_players", players=config.players,
                              kept=last.players)
            table = _names(out, given, config.players)
            allow_incompatible = _checked(out, guide, len(table), config, allow_incompatible)
            first = seat_of(leader, table) if leader else None
            if last is not None and not (leader or draw_leader):
                first = _next_leader(last, table)
            elif guide is not None and not (leader or draw_leader):
                first = guided.ask_leader(guide, table)
        out.names = table
        started = session.start(
            players=len(table), names=table, lang=out.lang, modules=config.modules,
            variants=config.variants, house_rules=config.house_rules, leader=first,
            seed=seed, allow_incompatible=allow_incompatible, roles=config.roles,
            table=recorded, theme=config.theme or i18n.DEFAULT_THEME,
        )
        if as_json:
            out.json(public.status(started))
            return
        if last is not None:  # said above the setup sheet: the host checks the seats
            said = {"game": last.game_id, "names": " → ".join(table)}
            key = "setup.again" if list(table) == list(last.names) else "setup.again_seated"
            if guide is None:
                out.say(key, **said)
            else:
                guide.show(out.t(key, **said), "bold")
        if guide is not None:
            play.run(out, started.game_id, lambda: guided.begin(guide, started), say_on)
            return
        render.setup(out, started)
        from moderator.cli import script

        script.read_at_setup(out, started, say_on)

    @app.command("status", help=h("status"))
    @handled
    def status(
        out: Out,
        as_json: bool = typer.Option(False, "--json", help=h("json")),
        vote_history: Optional[bool] = vote_history_option(lang),
        game: Optional[str] = game_option(lang),
        lang: Optional[str] = lang_option(lang),
    ) -> None:
        from moderator import public
        from moderator.cli import play

        current = open_game(out, game)
        if as_json:
            out.json(public.status(current))
            return
        from moderator.ui import views

        chosen = play.table_settings(current.history.setup, None, vote_history)
        out.print(views.table(current, out.lang, show_votes=chosen["vote_history"]))

    @app.command("propose", help=h("propose"))
    @handled(fields=module_fields(lang, "propose"))
    def propose(
        out: Out,
        team: List[str] = typer.Argument(..., help=h("team"), show_default=False),
        mission: Optional[int] = typer.Option(None, "--mission", help=h("mission")),
        *,
        fields: ModuleFields,
        game: Optional[str] = game_option(lang),
        lang: Optional[str] = lang_option(lang),
    ) -> None:
        current = open_game(out, game)
        seats = seats_of(split(team), current.names)
        from moderator.rules.modules import Propose

        record(out, current, Propose(tuple(seats), mission, **fields.of(current.names)))

    @app.command("vote", help=h("vote"))
    @handled
    def vote(
        out: Out,
        approve: Optional[List[str]] = typer.Option(None, "--approve", help=h("approve")),
        reject: Optional[List[str]] = typer.Option(None, "--reject", help=h("reject")),
        game: Optional[str] = game_option(lang),
        lang: Optional[str] = lang_option(lang),
    ) -> None:
        if approve is None and reject is None:
            bad_usage(out, game, "errors.vote_no_side")
        current = open_game(out, game)
        names = current.names
        approvals = _voters(approve, names)
        rejections = _voters(reject, names)
        everyone = set(range(len(names)))
        if approvals is None:
            approvals = sorted(everyone - set(rejections or ()))
        elif rejections is not None:
            twice = set(approvals) & set(rejections)
            if twice:
                raise Refusal("errors.vote_both_sides", name=players(names, sorted(twice)))
            missing = everyone - set(approvals) - set(rejections)
            if missing:
                raise Refusal("errors.vote_missing", names=players(names, sorted(missing)))
        from moderator.rules.actions import Vote

        record(out, current, Vote(tuple(sorted(approvals))))

    @app.command("mission", help=h("mission_command"))
    @handled(fields=module_fields(lang, "mission"))
    def mission(
        out: Out,
        fails: int = typer.Option(..., "--fails", help=h("fails"), show_default=False),
        *,
        fields: ModuleFields,
        game: Optional[str] = game_option(lang),
        lang: Optional[str] = lang_option(lang),
    ) -> None:
        current = open_game(out, game)
        from moderator.rules.modules import PlayMission

        record(out, current, PlayMission(fails, **fields.of(current.names)))


def _voters(given: Optional[List[str]], names: list) -> Optional[list]:
    """The seats named on one side of a vote: players, or `all`/`none` (alone) for the whole
    table or nobody (no player is called so: `new` refuses such names)."""
    from moderator.session import EVERYONE, vote_word

    if given is None:
        return None
    tokens = split(given)
    words = [token for token in tokens if vote_word(token)]
    if not words:
        return seats_of(tokens, names)
    if len(tokens) > 1:
        raise Refusal("errors.vote_word_alone", word=words[0])
    return list(range(len(names))) if fold(words[0]) in EVERYONE else []


def _checked(out: Out, guide, players: int, config: Configuration, allow: bool) -> bool:
    """Check the setup; in guided setup a combination the rules forbid or do not cover is
    explained and the host asked whether to play it anyway as a house rule (rules.md §8,
    §10). Returns whether it is allowed."""
    from moderator.narration.refusals import said
    from moderator.rules import RuleError, setup

    modules, variants, roles = config.modules, config.variants, config.roles
    try:
        setup.check(players, modules, variants, allow, roles)
        return allow
    except RuleError as refusal:
        if guide is None or refusal.code not in ("errors.forbidden", "errors.uncovered"):
            raise
        from moderator.ui import guided

        guide.show(said(refusal.code, refusal.params, [], out.lang, typed=False), "bold")
        if not guided.ask_house_rule(guide):  # explained above: said in a few words
            raise Refusal("play.house_rule_declined") from None
    setup.check(players, modules, variants, True, roles)
    return True


def _names(out: Out, given: Optional[list], count: Optional[int]) -> list:
    """The players' names in seating order: given, or numbered in the game's language."""
    from moderator import codec, session
    from moderator.rules import tables

    if given is None:
        if count is None:
            raise Refusal("errors.players_missing", exit_code=USAGE)
        if count not in tables.SIDES:
            raise Refusal(
                "errors.player_count", players=count, low=tables.MIN_PLAYERS,
                high=tables.MAX_PLAYERS,
            )
        return [out.t("setup.default_name", seat=codec.number(seat)) for seat in range(count)]
    if count is not None and count != len(given):
        raise Refusal("errors.names_count", names=len(given), players=count)
    if len(given) not in tables.SIDES:
        raise Refusal(
            "errors.player_count", players=len(given), low=tables.MIN_PLAYERS,
            high=tables.MAX_PLAYERS,
        )
    given = [unicodedata.normalize("NFC", name) for name in given]
    seen: set = set()
    for seat, name in enumerate(given):
        hidden = session.hidden_character(name)
        if hidden:  # an escape sequence in a name would clear the screen on every table
            raise Refusal("errors.name_unreadable", number=codec.number(seat), char=hidden)
        if name.isdigit():
            raise Refusal("errors.name_is_number", name=name)
        if session.vote_word(name):
            raise Refusal("errors.name_is_vote_word", name=name)
        if fold(name) in seen:
            raise Refusal("errors.name_twice", name=name)
        seen.add(fold(name))
    return given


class LastTable(NamedTuple):
    """The last game's table, as `new --again` keeps it (`session.kept`)."""

    game_id: str
    kept: dict
    first: int  # the last game's first leader's seat

    @property
    def names(self) -> list[str]:
        return self.kept["names"]

    @property
    def players(self) -> int:
        return self.kept["players"]


def _last_table(out: Out) -> LastTable:
    """The current game's table; from here on the command speaks its language and theme
    (unless --lang or --theme say otherwise)."""
    from moderator import codec, session

    last = open_game(out, None)
    setup = last.history.setup
    return LastTable(last.game_id, session.kept(setup), codec.seat(setup["first_leader"]))


def _kept(config: Configuration, last: LastTable) -> Configuration:
    """The configuration of the next game: each option given replaces the kept one; house
    rules one by one (`--house-rule ID=VALUE` changes that rule and keeps the others), and
    kept characters only while their module is still played."""
    import dataclasses

    from moderator.i18n.theming import default_modules
    from moderator.rules.setup import ROLE_MODULE

    kept = last.kept
    theme = config.theme or kept["theme"]
    modules = config.modules if "modules" in config.given else [*kept["modules"],
                                                                  *config.modules]
    modules = list(dict.fromkeys([*modules, *default_modules(theme)]))
    return dataclasses.replace(
        config, theme=theme, modules=modules,
        roles=config.roles if "roles" in config.given else [
            role for role in kept["roles"] if ROLE_MODULE.get(role) in modules],
        variants=config.variants if "variants" in config.given else kept["variants"],
        house_rules={**kept["house_rules"], **config.house_rules},
        allow_incompatible=config.allow_incompatible or kept["allow_incompatible"],
    )


def _kept_choices(last: LastTable, timer: Optional[int], no_vote_history: bool) -> dict:
    """The group's choices for guided play kept, those given now replacing them
    (`--timer 0`: no timer from now on)."""
    chosen = {**last.kept["table"], **_table_choices(timer, no_vote_history)}
    if timer == 0:
        chosen.pop("timer", None)
    return chosen


def _next_leader(last: LastTable, table: list[str]) -> int:
    """One seat clockwise of the last game's first leader: the player after them, where they
    sit at this table too (a new seating, `--again --names`), else the next seat."""
    folded = [fold(name) for name in table]
    first = fold(last.names[last.first])
    seat = folded.index(first) if first in folded else last.first
    return (seat + 1) % len(table)


def _table_choices(timer: Optional[int], no_vote_history: bool) -> dict:
    """The group's choices for guided play worth recording with the game (not the defaults)."""
    chosen: dict = {}
    if no_vote_history:
        chosen["vote_history"] = False
    if timer:
        chosen["timer"] = timer
    return chosen


