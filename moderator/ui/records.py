"""Views of the records: the season's statistics and a simulation's win rates. They return
renderables and print nothing themselves."""

from __future__ import annotations

from moderator import i18n
from moderator.i18n import has, t
from moderator.i18n.theming import point_name, value_name
from moderator.records.season import PAIR_GAMES, ROLE_GAMES, SIDES
from moderator.records.wording import (
    TEAMS, night_game, night_heading, reason, role_name, worded,
)
from moderator.ui.charts import Bars, Row, Span, Spans, legend


def kind(who: str) -> str:
    """How a winner is drawn: by side, or with the glyph of a character who wins alone."""
    return who if who in TEAMS else "alone"


def legend_entries(lang: str, winners, themes: list[str] | None = None
                   ) -> list[tuple[str, str]]:
    """The legend of the winners given, in the order of `SIDES`, each said once (the two
    Rogues share their words and glyph: they never both win one game); in the words of each
    of `themes` (`wording.worded`), or of the theme spoken now."""
    return list(dict.fromkeys((kind(who), worded(themes, t, lang, f"records.legend.{who}"))
                              for who in SIDES if who in winners))


def _percent(lang: str, count: int, total: int) -> str:
    """`   12   60.0 %`; a German table writes `60,0 %`."""
    rate = f"{100 * count / total:5.1f}".replace(".", t(lang, "records.decimal_mark"))
    return f"{count:>5}  {rate} %"


def _split(lang: str, wins: dict[str, int]) -> str:
    text = t(lang, "records.stats.split", resistance=wins["resistance"], spies=wins["spies"])
    alone = sum(n for who, n in wins.items() if who not in TEAMS)
    if alone:
        text += " " + t(lang, "records.stats.rogue_note", count=alone)
    return text


def _stacked(wins: dict[str, int]) -> tuple[tuple[int, str], ...]:
    return tuple((n, kind(who)) for who, n in wins.items() if n)


def season(summary: dict, lang: str, mixed: bool = False):
    """The season: wins by side and by reason, by player count and module set, per player;
    `mixed`: its games were played in several themes, each named in its own words."""
    from rich.console import Group
    from rich.text import Text

    themes = summary["themes"] if mixed else {"all": None, "wins": {}, "reasons": {}}

    parts: list = [Text(t(lang, "records.stats.heading", count=summary["games"],
                          over=summary["over"], first=summary["from"] or "–",
                          last=summary["to"] or "–"), style="bold")]
    if summary["in_progress"]:
        parts.append(Text(t(lang, "records.stats.in_progress", count=summary["in_progress"])))
    if summary["unreadable"]:
        parts.append(Text(t(lang, "records.stats.unreadable", count=len(summary["unreadable"]),
                            games=", ".join(summary["unreadable"]))))
    over = summary["over"]
    if not over:
        parts.append(Text(t(lang, "records.stats.none_over")))
        return Group(*parts)
    every_theme = themes["all"]
    charts = {
        "records.stats.wins": [
            Row(worded(themes["wins"].get(who, every_theme), t, lang, f"records.winner.{who}"),
                ((n, kind(who)),), _percent(lang, n, over))
            for who, n in summary["wins"].items()],
        "records.stats.reasons": [
            Row(worded(themes["reasons"].get(why, every_theme), reason, lang, why),
                ((n, "count"),), _percent(lang, n, over))
            for why, n in summary["reasons"].items()],
        "records.stats.by_players": [
            Row(t(lang, "records.stats.players", count=row["players"]), _stacked(row["wins"]),
                _split(lang, row["wins"])) for row in summary["by_players"]],
        "records.stats.by_modules": [
            Row(worded(row["themes"] if mixed else None, _modules, lang, row["modules"]),
                _stacked(row["wins"]), _split(lang, row["wins"]))
            for row in summary["by_modules"]],
    }
    every = [row for rows in charts.values() for row in rows]
    for key, rows in charts.items():
        parts += [_title(lang, key), Bars(rows, every)]
    entries = [(glyph, worded(every_theme, _legend_name, lang, n))
               for n, (glyph, _) in enumerate(legend_entries(lang, SIDES))]
    parts.append(Text(legend(entries), style="dim"))
    if summary["players"]:
        parts += [_title(lang, "records.stats.per_player"),
                  _players(summary["players"], lang, every_theme)]
    parts += _ratings(summary.get("ratings") or [], lang)
    parts += _leaderboards(summary["by_role"], lang)
    if summary["pairs"]:
        parts += [_title(lang, "records.stats.pairs", count=PAIR_GAMES), Bars([
            _record(lang, " + ".join(row["names"]), row, "count") for row in summary["pairs"]])]
    return Group(*parts)


def _legend_name(lang: str, number: int) -> str:
    return legend_entries(lang, SIDES)[number][1]


def _record(lang: str, label: str, row: dict, kind: str) -> Row:
    """Wins out of games as one bar: the wins in `kind`'s glyph, the rest dotted."""
    return Row(label, ((row["wins"], kind), (row["games"] - row["wins"], "lost")),
               t(lang, "records.stats.of", wins=row["wins"], count=row["games"],
                 rate=_number(lang, row["wins"] / row["games"])))


def _ratings(rows: list[dict], lang: str) -> list:
    """The ratings on one scale, each with its uncertainty, the ranked first."""
    from rich.text import Text

    from moderator.records import ratings

    if not rows:
        return []
    shown = [Span(row["name"], row["low"], row["rating"], row["high"], t(
        lang, "records.stats.rating_note", rating=_decimal(lang, row["rating"]),
        spread=_decimal(lang, row["high"] - row["rating"]), count=row["games"],
        rank=t(lang, "records.stats.rank", rank=row["rank"]) if row["rank"] else
        t(lang, "records.stats.unranked")))
        for row in sorted(rows, key=lambda r: (r["rank"] is None, -r["rating"]))]
    return [_title(lang, "records.stats.ratings"), Spans(shown),
            Text(t(lang, "records.stats.ratings_legend", count=ratings.RANKED_FROM,
                   spread=_decimal(lang, ratings.SPREAD)), style="dim")]


def _leaderboards(boards: list[dict], lang: str) -> list:
    """Each role's best, in the words of each theme its games were played in."""
    if not boards:
        return []
    parts: list = [_title(lang, "records.stats.by_role", count=ROLE_GAMES)]
    for board in boards:
        parts.append(_title(lang, "records.stats.role", role=role_name(
            lang, board["role"], board["themes"])))
        parts.append(Bars([_record(lang, row["name"], row, board["side"])
                           for row in board["players"]]))
    return parts


def _decimal(lang: str, value: float) -> str:
    return f"{value:.1f}".replace(".", t(lang, "records.decimal_mark"))


def _title(lang: str, key: str, **params: object):
    from rich.text import Text

    return Text("\n" + t(lang, key, **params), style="bold")


def _modules(lang: str, key: str) -> str:
    if key == "base":
        return t(lang, "records.stats.base_game")
    return " + ".join(t(lang, f"records.stats.module.{m}")
                      if has(lang, f"records.stats.module.{m}") else m for m in key.split("+"))


def _players(rows: list[dict], lang: str, themes: list[str] | None = None):
    """Games, and wins per games on each side where the sides were entered; the sides named
    in the words of each of `themes`."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    grid = Table(box=None, pad_edge=False, show_header=True, header_style="bold")
    grid.add_column(t(lang, "records.stats.column.player"), max_width=24, no_wrap=True,
                    overflow="ellipsis")
    for key in ("games", "resistance", "spies"):
        grid.add_column(worded(themes, t, lang, f"records.stats.column.{key}"),
                        justify="right", no_wrap=True)
    for row in rows:
        def side(which: str, row: dict = row) -> str:
            played = row[which]["games"]
            return f"{row[which]['wins']}/{played}" if row["sides_known"] else "–"

        grid.add_row(Text(row["name"]), str(row["games"]), side("resistance"), side("spies"))
    return Group(grid, Text(t(lang, "records.stats.players_legend"), style="dim"))


def night(summary: dict, lang: str):
    """Tonight: the games one by one, each in its own theme's words, wins by side and how,
    each player's wins, and the best record in each role."""
    from rich.console import Group
    from rich.text import Text

    games = summary["games"]
    if not games:
        key = "records.night.pending" if summary["new_night"] else "records.night.none"
        return Text(t(lang, key))
    themes = sorted({game["theme"] for game in games})  # each game in its own words
    parts: list = [Text(night_heading(lang, summary), style="bold"),
                   _title(lang, "records.night.games")]
    parts += [Text(night_game(lang, game)) for game in games]
    over = summary["over"]
    if over:
        parts += [_title(lang, "records.stats.wins"), Bars([
            Row(worded(themes, t, lang, f"records.winner.{who}"), ((n, kind(who)),),
                _percent(lang, n, over)) for who, n in summary["wins"].items()])]
    players = [row for row in summary["players"] if row["sides_known"]]
    if players:
        rows = [Row(row["name"], (*((row["by_side"][side], side) for side in TEAMS),
                                  (row["sides_known"] - row["wins"], "lost")),
                    t(lang, "records.night.player_note", wins=row["wins"],
                      count=row["sides_known"])) for row in players]
        parts += [_title(lang, "records.night.players"), Bars(rows),
                  Text(legend(legend_entries(lang, TEAMS, themes)), style="dim")]
    unknown = sum(1 for game in games if game["over"] and not game["sides_known"])
    if unknown:
        parts.append(Text(t(lang, "records.night.sides_missing", count=unknown), style="dim"))
    if summary["best"]:
        parts.append(_title(lang, "records.night.best"))
        parts += [Text(t(lang, "records.night.best_line", role=role_name(lang, row["role"],
                                                                          row["themes"]),
                         names=", ".join(row["names"]), wins=row["wins"], count=row["games"]))
                  for row in summary["best"]]
    return Group(*parts)


def simulation(result: dict, lang: str):
    """A simulation: one setup's win rates by who won and why, two setups side by side with
    the difference, or either by player count."""
    from rich.console import Group
    from rich.text import Text

    if "by_players" in result:
        return _by_players(result, lang)
    if "setups" in result:
        return _comparison(result, lang)
    games = result["games"]
    charts = {
        "records.stats.wins": [Row(t(lang, f"records.winner.{who}"), ((n["count"], kind(who)),),
                                   _percent(lang, n["count"], games))
                               for who, n in result["wins"].items()],
        "records.stats.reasons": [Row(reason(lang, why), ((n["count"], "count"),),
                                      _percent(lang, n["count"], games))
                                  for why, n in result["reasons"].items()],
    }
    every = [row for rows in charts.values() for row in rows]
    parts: list = [Text(_heading(lang, result, _mix(lang, result)), style="bold"),
                   Text(t(lang, f"records.simulate.play.{result['players_play']}"), style="dim")]
    for key, rows in charts.items():
        parts += [_title(lang, key), Bars(rows, every)]
    parts.append(Text("\n" + t(lang, "records.simulate.spies_rate", **_interval(
        lang, result["spies"], points=False))))
    parts += [Text(line) for line in _own_wins(lang, result)]
    parts.append(Text(_votes(lang, result["votes"])))
    parts += [Text(line, style="dim") for line in _acted(lang, result, result["modules"])]
    return Group(*parts)


def _own_wins(lang: str, result: dict) -> list[str]:
    """A Rogue's own wins, said as such: in neither side's rate (rules.md §7)."""
    return [t(lang, f"records.simulate.rogue_rate.{who}", **_interval(lang, won, points=False))
            for who, won in result["wins"].items() if who not in TEAMS]


def _votes(lang: str, votes: dict) -> str:
    """How the votes went, each figure with its 95 % interval."""
    first, fifth = votes["first_team_approved"], votes["rounds_to_fifth"]
    rejected = votes["rejections_per_round"]
    return t(lang, "records.simulate.votes",
             **{f"first{k}": v for k, v in _suffixed(_interval(lang, first, False)).items()},
             **{f"fifth{k}": v for k, v in _suffixed(_interval(lang, fifth, False)).items()},
             **{f"rejections{k}": v for k, v in _suffixed(_ratio(lang, rejected)).items()})


def _suffixed(values: dict[str, str]) -> dict[str, str]:
    return {("" if key == "rate" else f"_{key}"): value for key, value in values.items()}


def _ratio(lang: str, rate: dict) -> dict[str, str]:
    """A figure that is no share (rejections a round), with two decimals."""
    mark = t(lang, "records.decimal_mark")
    return {key: f"{rate[key]:.2f}".replace(".", mark) for key in ("rate", "low", "high")}


def _acted(lang: str, result: dict, modules) -> list[str]:
    """How often the modules' players made a choice that changed the game."""
    acted = result.get("acted", {})
    return [t(lang, f"records.simulate.acted.{module}", count=result["games"],
              times=acted[module]["count"]) for module in modules if module in acted]


def _heading(lang: str, result: dict, mix: str) -> str:
    return t(lang, "records.simulate.heading", count=result["games"], players=result["players"],
             mix=mix, seed=result["seed"])


def _mix(lang: str, setup: dict) -> str:
    """A setup in words: its modules, roles, variants and house rules."""
    mix = [t(lang, f"module.{m}") for m in setup["modules"]]
    mix += [t(lang, f"character.{r}") if has(lang, f"character.{r}") else r for r in setup["roles"]]
    mix += [t(lang, f"variant.{v}") for v in setup["variants"]]
    theme = i18n.theme()  # the house rules by the theme's ids
    mix += [f"{point_name(rule, theme)}={value_name(rule, value, theme)}"
            for rule, value in setup["house_rules"].items()]
    return ", ".join(mix) or t(lang, "records.stats.base_game")


def _number(lang: str, value: float, signed: bool = False) -> str:
    text = f"{100 * value:+.1f}" if signed else f"{100 * value:.1f}"
    return text.replace(".", t(lang, "records.decimal_mark"))


def _interval(lang: str, rate: dict, points: bool) -> dict[str, str]:
    return {"rate": _number(lang, rate["rate"], points), "low": _number(lang, rate["low"], points),
            "high": _number(lang, rate["high"], points)}


def _wins(lang: str, label: str, result: dict) -> Row:
    """A setup's wins as one stacked bar, the spies' rate beside it."""
    wins = {who: result["wins"][who]["count"] for who in SIDES if who in result["wins"]}
    spies = result["spies"]["rate"]
    return Row(label, _stacked(wins), t(lang, "records.simulate.spies_note",
                                        rate=_number(lang, spies)))


def _comparison(result: dict, lang: str):
    """Two setups on the same seeds: each one's wins and reasons, and the difference."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    first, second = result["setups"]
    labels = [t(lang, "records.simulate.setup", letter=letter, mix=_mix(lang, one))
              for letter, one in zip("AB", result["setups"], strict=True)]
    parts: list = [
        Text(t(lang, "records.simulate.compare_heading", count=result["games"],
               players=result["players"], seed=result["seed"]), style="bold"),
        Text(t(lang, f"records.simulate.play.{first['players_play']}"), style="dim"),
        _title(lang, "records.stats.wins"),
        Bars([_wins(lang, label, one) for label, one in zip(labels, result["setups"],
                                                            strict=True)]),
        _legend(lang, result["setups"]),
        _title(lang, "records.stats.reasons"),
    ]
    grid = Table(box=None, pad_edge=False, show_header=True, header_style="bold")
    grid.add_column("")
    for letter in "AB":
        grid.add_column(letter, justify="right")
    grid.add_column(t(lang, "records.simulate.difference"), justify="right")
    games = result["games"]
    reasons = list(dict.fromkeys([*first["reasons"], *second["reasons"]]))
    for why in reasons:
        counts = [one["reasons"].get(why, {"count": 0})["count"] for one in (first, second)]
        grid.add_row(reason(lang, why), *(_percent(lang, n, games) for n in counts),
                     _number(lang, (counts[1] - counts[0]) / games, signed=True))
    parts += [grid, Text("\n" + "\n".join(labels)),
              Text(t(lang, "records.simulate.difference_line", **_interval(
                  lang, result["difference"]["spies"], points=True)), style="bold")]
    parts += [Text(line) for line in _came_into_play(lang, result)]
    return Group(*parts)


def _came_into_play(lang: str, result: dict) -> list[str]:
    """Whether the change between A and B came into play: how many games ended with another
    winner (none said plainly), and how often the players of each module that differs made
    a choice that changed a game."""
    first, second = result["setups"]
    changed = sorted(set(first["modules"]) ^ set(second["modules"]))
    differing = result["differing"]
    lines = [t(lang, "records.simulate.never") if not differing else
             t(lang, "records.simulate.differing", count=result["games"], differing=differing)]
    for one in (first, second):
        lines += _acted(lang, one, [m for m in changed if m in one["modules"]])
    return lines


def _by_players(result: dict, lang: str):
    """A table by player count: each count's wins as a bar, with the spies' rate and how often
    five rejected teams ended the game (compared setups: both, and the difference)."""
    from rich.console import Group
    from rich.text import Text

    runs = result["by_players"]
    compared = "setups" in runs[0]
    first = runs[0]["setups"][0] if compared else runs[0]
    parts: list = [Text(t(lang, "records.simulate.table_heading", count=result["games"],
                          seed=result["seed"], mix=_mix(lang, first)), style="bold"),
                   Text(t(lang, f"records.simulate.play.{result['players_play']}"), style="dim")]
    rows = []
    for run in runs:
        label = t(lang, "records.stats.players", count=run["players"])
        for letter, one in zip("AB", run["setups"], strict=True) if compared else [("", run)]:
            row = _wins(lang, f"{label} {letter}".rstrip(), one)
            note = row.note + " " + t(lang, "records.simulate.interval_note", **_interval(
                lang, one["spies"], points=False))
            if compared and letter == "B":
                note += "  " + t(lang, "records.simulate.difference_note", **_interval(
                    lang, run["difference"]["spies"], points=True))
            rows.append(Row(row.label, row.segments, note))
    parts += [Text(""), Bars(rows), _vote_table(lang, runs, compared)]
    if compared:
        parts.append(Text("\n" + "\n".join(
            t(lang, "records.simulate.setup", letter=letter, mix=_mix(lang, one))
            for letter, one in zip("AB", runs[0]["setups"], strict=True))))
    parts.append(_legend(lang, [one for run in runs
                                for one in (run["setups"] if compared else [run])]))
    return Group(*parts)


def _vote_table(lang: str, runs: list[dict], compared: bool):
    """Per player count (and setup): the spies' wins, the games ended by five rejections
    and the three vote figures, each with its 95 % interval."""
    from rich.table import Table

    grid = Table(box=None, pad_edge=False, show_header=True, header_style="bold")
    for key in ("players", "spies", "five", "first", "rejections", "fifth"):
        grid.add_column(t(lang, f"records.simulate.column.{key}"),
                        justify="left" if key == "players" else "right")
    for run in runs:
        label = t(lang, "records.stats.players", count=run["players"])
        for letter, one in zip("AB", run["setups"], strict=True) if compared else [("", run)]:
            votes = one["votes"]
            grid.add_row(f"{label} {letter}".rstrip(), _cell(_interval(lang, one["spies"], False)),
                         _cell(_interval(lang, votes["five_rejections"], False)),
                         _cell(_interval(lang, votes["first_team_approved"], False)),
                         _cell(_ratio(lang, votes["rejections_per_round"])),
                         _cell(_interval(lang, votes["rounds_to_fifth"], False)))
    return grid


def _cell(values: dict[str, str]) -> str:
    return f"{values['rate']} ({values['low']}–{values['high']})"


def _legend(lang: str, results: list[dict]):
    """The legend of the kinds of winner the results have (a Rogue alone only with one)."""
    from rich.text import Text

    winners = {who for one in results for who in one["wins"]}
    return Text(legend(legend_entries(lang, winners)), style="dim")
