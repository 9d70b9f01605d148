"""Views of the records: the season's statistics and a simulation's win rates. They return
renderables and print nothing themselves."""

from __future__ import annotations

from moderator.i18n import has, t
from moderator.ui.charts import Bars, Row, legend

#: How each winner is drawn: the Rogues share a glyph (they never both win one game).
KIND = {"resistance": "resistance", "spies": "spies", "resistance-rogue": "rogue",
        "spy-rogue": "rogue"}


def _reason(lang: str, reason: str) -> str:
    """A reason's short label; a module's reason this file does not know, in full or as its id."""
    for key in (f"records.reason.{reason}", f"reason.{reason}"):
        if has(lang, key):
            return t(lang, key)
    return reason


def _percent(lang: str, count: int, total: int) -> str:
    """`   12   60.0 %`; a German table writes `60,0 %`."""
    rate = f"{100 * count / total:5.1f}".replace(".", t(lang, "records.decimal_mark"))
    return f"{count:>5}  {rate} %"


def _split(lang: str, wins: dict[str, int]) -> str:
    text = t(lang, "records.stats.split", resistance=wins["resistance"], spies=wins["spies"])
    rogues = sum(n for who, n in wins.items() if KIND[who] == "rogue")
    if rogues:
        text += " " + t(lang, "records.stats.rogue_note", count=rogues)
    return text


def _stacked(wins: dict[str, int]) -> tuple[tuple[int, str], ...]:
    return tuple((n, KIND[who]) for who, n in wins.items() if n)


def season(summary: dict, lang: str):
    """The season: wins by side and by reason, by player count and module set, per player."""
    from rich.console import Group
    from rich.text import Text

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
    charts = {
        "records.stats.wins": [
            Row(t(lang, f"records.winner.{who}"), ((n, KIND[who]),), _percent(lang, n, over))
            for who, n in summary["wins"].items()],
        "records.stats.reasons": [
            Row(_reason(lang, why), ((n, "count"),), _percent(lang, n, over))
            for why, n in summary["reasons"].items()],
        "records.stats.by_players": [
            Row(t(lang, "records.stats.players", count=row["players"]), _stacked(row["wins"]),
                _split(lang, row["wins"])) for row in summary["by_players"]],
        "records.stats.by_modules": [
            Row(_modules(lang, row["modules"]), _stacked(row["wins"]), _split(lang, row["wins"]))
            for row in summary["by_modules"]],
    }
    every = [row for rows in charts.values() for row in rows]
    for key, rows in charts.items():
        parts += [_title(lang, key), Bars(rows, every)]
    parts.append(Text(legend([(kind, t(lang, f"records.legend.{kind}"))
                              for kind in ("resistance", "spies", "rogue")]), style="dim"))
    if summary["players"]:
        parts += [_title(lang, "records.stats.per_player"), _players(summary["players"], lang)]
    return Group(*parts)


def _title(lang: str, key: str):
    from rich.text import Text

    return Text("\n" + t(lang, key), style="bold")


def _modules(lang: str, key: str) -> str:
    if key == "base":
        return t(lang, "records.stats.base_game")
    return " + ".join(t(lang, f"module.{m}") if has(lang, f"module.{m}") else m
                      for m in key.split("+"))


def _players(rows: list[dict], lang: str):
    """Games, and wins per games on each side where the sides were entered."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    grid = Table(box=None, pad_edge=False, show_header=True, header_style="bold")
    grid.add_column(t(lang, "records.stats.column.player"), max_width=24, no_wrap=True,
                    overflow="ellipsis")
    for key in ("games", "resistance", "spies"):
        grid.add_column(t(lang, f"records.stats.column.{key}"), justify="right", no_wrap=True)
    for row in rows:
        def side(which: str, row: dict = row) -> str:
            played = row[which]["games"]
            return f"{row[which]['wins']}/{played}" if row["sides_known"] else "–"

        grid.add_row(Text(row["name"]), str(row["games"]), side("resistance"), side("spies"))
    return Group(grid, Text(t(lang, "records.stats.players_legend"), style="dim"))


def simulation(result: dict, lang: str):
    """A simulation's win rates, by who won and by reason."""
    from rich.console import Group
    from rich.text import Text

    games = result["games"]
    mix = [t(lang, f"module.{m}") for m in result["modules"]]
    mix += [t(lang, f"variant.{v}") for v in result["variants"]]
    heading = t(lang, "records.simulate.heading", count=games, players=result["players"],
                mix=", ".join(mix) or t(lang, "records.stats.base_game"), seed=result["seed"])
    charts = {
        "records.stats.wins": [Row(t(lang, f"records.winner.{who}"), ((n["count"], KIND[who]),),
                                   _percent(lang, n["count"], games))
                               for who, n in result["wins"].items()],
        "records.stats.reasons": [Row(_reason(lang, why), ((n["count"], "count"),),
                                      _percent(lang, n["count"], games))
                                  for why, n in result["reasons"].items()],
    }
    every = [row for rows in charts.values() for row in rows]
    parts: list = [Text(heading, style="bold"),
                   Text(t(lang, "records.simulate.random_play"), style="dim")]
    for key, rows in charts.items():
        parts += [_title(lang, key), Bars(rows, every)]
    return Group(*parts)
