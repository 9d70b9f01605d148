"""What a game's public record proved, for `moderator review` (rules.md §1.5, and each
module's own section through the engine's deals).

The game's timeline round by round, in the log's words; after each mission the deals of the
Character cards left and what became proven; then the proven spies and loyal players, each
player's share of the deals left, and every elimination in one sentence that names its
mission. What a player saw privately (an examination, a card shown by a Plot card) is a claim,
never a fact: `--assume` adds it as an assumption and shows what the count becomes. Once the
sides are entered (`moderator roles`), the truth stands beside the proof.

The deals are the engine's (`game.deals`, rules/deals.py); the sentences are narration's,
so nothing here works a rule out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, NamedTuple

from moderator import codec, narration, session
from moderator.i18n import capitalised, listed, t
from moderator.narration import proof as said
from moderator.rules import Game
from moderator.rules.actions import Sides
from moderator.rules.deals import Allegiance, Deals, Fact, Holds, Proof, Reveal, mask


class Said(NamedTuple):
    """A line of the timeline, and the type of the logged action it says (None: what the
    action proved, or a mission's result): the table's screen draws votes as a grid."""

    text: str
    action: str | None = None


@dataclass
class Claims:
    """The record with the players' claims added as assumptions."""

    claims: list[tuple[int, bool]]  # (seat, a spy?)
    deals: Deals
    explain: list[str]


@dataclass
class Truth:
    """The sides entered after the game, beside what the record proved."""

    spies: frozenset[int]
    possible: bool  # a deal the record allows
    explain: list[str]


@dataclass
class Review:
    """A game's record and what it proved."""

    game_id: str
    names: list[str]
    game: Game
    rounds: list[tuple[int, list[Said]]] = field(default_factory=list)
    missions: list[tuple[int, int]] = field(default_factory=list)  # (mission, deals left)
    explain: list[str] = field(default_factory=list)
    impossible: int | None = None  # the file's first line no deal allows (saved before)
    truth: Truth | None = None
    assumed: Claims | None = None

    @property
    def deals(self) -> Deals:
        return self.game.deals


def review(current: session.Session, lang: str,
           claims: Sequence[tuple[int, bool]] = ()) -> Review:
    """Walk the game's actions through the engine, noting what each one proved."""
    names, setup = current.names, current.history.setup
    game = session.new_game(setup)
    done = Review(current.game_id, names, game)
    approved: list[tuple[int, tuple[int, ...]]] = []  # (action, team) of each approval
    at: list[int] = []  # for each fact of the record: the action that brought it
    sides: tuple[int, ...] | None = None
    truth_deals = game.deals
    said_where = ""
    for entry, action in zip(current.history.done, current.actions, strict=True):
        number = entry.line  # numbered by their line of the file
        before, game = game, session.taken(game, action)
        if isinstance(action, Sides):
            sides = action.spies
            truth_deals = before.deals
            continue
        lines = dict(done.rounds).get(len(before.missions) + 1)
        if lines is None:
            lines = []
            done.rounds.append((len(before.missions) + 1, lines))
        where = narration.where(lang, names, before, action)
        text = narration.logged(lang, names, action)  # under its proposal's line, once said
        lines.append(Said("  " + text if where and where == said_where
                          else capitalised(where + text), action.kind))
        said_where = where
        if len(game.proposals) == len(before.proposals) and game.proposals and \
                game.proposals[-1].approved and before.proposals[-1].approved is None:
            approved.append((number, game.proposals[-1].team))
        deals = before.deals
        for fact in game.deals.facts[len(deals.facts):]:
            at.append(number)
            if not deals.allows(fact):  # saved before the check: taken past
                done.impossible = done.impossible or number
                deals = deals.given_up()
            elif deals.broken is None:
                done.explain += ruled_out(lang, names, deals, fact)
            deals = deals.learn(fact)
        for m in game.missions[len(before.missions):]:
            lines.append(Said(t(lang, "result.mission_success" if m.succeeded else
                                "result.mission_fail", mission=m.mission,
                                count=m.fails + m.chief_fail)))
            done.missions.append((m.mission, game.deals.left))
            lines.append(Said(t(lang, "review.left", mission=m.mission, left=game.deals.left,
                                total=game.deals.total)))
        lines += [Said(text) for text in newly_proven(lang, names, before.deals, game.deals)]
    done.game = game
    if sides is not None:
        done.truth = truth(lang, names, game, truth_deals, sides, approved, at)
    if claims:
        done.assumed = assumed(lang, names, game, claims)
    return done


def newly_proven(lang: str, names: Sequence[str], before: Deals, after: Deals) -> list[str]:
    """What the facts of one action proved that was not proven before."""
    if len(after.facts) == len(before.facts):
        return []
    spies, loyal = before.proven()
    now = after.proven()
    fresh = Proof(after.facts[-1], tuple(sorted(now[0] - spies)), tuple(sorted(now[1] - loyal)))
    if not (fresh.spies or fresh.loyal):
        return []
    return [said.proofs(lang, names, [fresh]) + "."]


def ruled_out(lang: str, names: Sequence[str], deals: Deals, fact: Fact) -> list[str]:
    """One sentence per reason a fact ruled deals out, naming the fact (its mission)."""
    sentences = []
    for (kind, why), count in deals.ruled_out(fact).items():
        params: dict[str, Any] = {"fact": said.fact(lang, names, fact),
                                  "deals": t(lang, "review.deals", count=count)}
        if isinstance(fact, Reveal):
            needed = dict(fact.counts).get(kind, 0)
            params.update(seats=_who(lang, names, fact.revealed), count=needed,
                          kind=t(lang, f"review.kind.{kind}"),
                          switched=_who(lang, names, fact.switched))
            key = f"review.ruled_out.{why}"
        elif isinstance(fact, Holds):
            params.update(seat=names[fact.seat], card=listed(
                lang, [t(lang, f"character.{c}") for c in fact.cards]))
            key = "review.ruled_out.held" if fact.holds else "review.ruled_out.not_held"
        else:
            params["seats"] = _who(lang, names, fact.seats if isinstance(fact, Allegiance) else 0)
            key = "review.ruled_out.side"
        text = t(lang, key, **params)
        sentences.append(capitalised(text))
    return sentences


def truth(lang: str, names: Sequence[str], game: Game, deals: Deals, spies: tuple[int, ...],
          approved: list[tuple[int, tuple[int, ...]]], at: list[int]) -> Truth:
    """The sides entered after the game beside the proof: when each player was proven, and how
    many teams with a proven spy the table approved after that."""
    whole = (1 << game.players) - 1
    possible = deals.broken is not None or deals.allows(
        Allegiance((Sides.kind, len(game.missions)), mask(spies), whole))
    explain = [] if possible else [t(lang, "review.truth.impossible")]
    since: dict[int, Proof] = {}
    for proved in game.deals.proofs():
        for seat in proved.spies + proved.loyal:
            since[seat] = proved
    shares = game.deals.shares()
    for seat, name in enumerate(names):
        spy = seat in spies
        found = since.get(seat)
        if found is None:
            key = "review.truth.spy_unproven" if spy else "review.truth.loyal_unproven"
            explain.append(t(lang, key, name=name, share=percent(shares[seat])))
            continue
        when = at[found.at]
        fact = said.fact(lang, names, found.fact)
        if seat in found.spies and spy:
            later = sum(1 for number, team in approved if number > when and seat in team)
            explain.append(t(lang, "review.truth.spy_proven", name=name, fact=fact, count=later))
        elif seat in found.loyal and not spy:
            explain.append(t(lang, "review.truth.loyal_proven", name=name, fact=fact))
    return Truth(frozenset(spies), possible, explain)


def assumed(lang: str, names: Sequence[str], game: Game,
            claims: Sequence[tuple[int, bool]]) -> Claims:
    """The record with the claims added, as one assumption."""
    seats = mask(seat for seat, _ in claims)
    fact = Allegiance(("assume", len(game.missions)), mask(s for s, spy in claims if spy), seats)
    deals = game.deals
    explain = ruled_out(lang, names, deals, fact) if deals.broken is None else []
    return Claims(list(claims), deals.learn(fact), explain)


def percent(share: Fraction) -> str:
    return f"{round(100 * share)} %"


def _who(lang: str, names: Sequence[str], seats: int) -> str:
    return listed(lang, [names[s] for s in range(len(names)) if seats >> s & 1])


# -- what the command shows -------------------------------------------------------------------


def as_json(done: Review) -> dict[str, Any]:
    """The contract's keys (design.md §4): seats numbered from 1, shares as fractions."""
    data: dict[str, Any] = {"game": done.game_id, **_proved(done.deals),
                            "missions": [{"mission": m, "deals_left": left}
                                         for m, left in done.missions],
                            "explain": done.explain, "impossible": done.impossible}
    if done.assumed is not None:
        data["assumed"] = {
            "claims": [{"player": codec.number(seat), "side": "spy" if spy else "resistance"}
                       for seat, spy in done.assumed.claims],
            **_proved(done.assumed.deals), "explain": done.assumed.explain}
    if done.truth is not None:
        data["truth"] = {
            "spies": codec.numbers(sorted(done.truth.spies)),
            "resistance": codec.numbers(sorted(set(range(len(done.names))) - done.truth.spies)),
            "possible": done.truth.possible, "explain": done.truth.explain}
    return data


def _proved(deals: Deals) -> dict[str, Any]:
    spies, loyal = deals.proven()
    left = deals.left
    return {"deals": deals.total, "deals_left": left,
            "proven_spies": codec.numbers(sorted(spies)),
            "proven_resistance": codec.numbers(sorted(loyal)),
            "share": {str(codec.number(seat)): float(share)
                      for seat, share in enumerate(deals.shares())} if left else {}}


def lines(done: Review, lang: str) -> list[str]:
    """The review as the table reads it: the timeline, what the record proved, the claims,
    the truth."""
    names = done.names
    shown = [t(lang, "review.heading", game=done.game_id, count=len(names),
               names=listed(lang, names))]
    for number, round_lines in done.rounds:
        shown += ["", round_title(lang, number, round_lines)]
        shown += [f"  {line.text}" for line in round_lines]
    shown += ["", t(lang, "review.proved")]
    if done.impossible is not None:
        shown.append("  " + t(lang, "review.impossible", line=done.impossible))
    shown += [f"  {line}" for line in _summary(lang, names, done.deals)]
    if done.explain:
        shown += ["", t(lang, "review.how")] + [f"  {line}" for line in done.explain]
    if done.assumed is not None:
        claims = listed(lang, [t(lang, "review.claim_spy" if spy else "review.claim_loyal",
                                 name=names[seat]) for seat, spy in done.assumed.claims])
        shown += ["", t(lang, "review.assumed", claims=claims)]
        shown += [f"  {line}" for line in done.assumed.explain]
        shown += [f"  {line}" for line in _summary(lang, names, done.assumed.deals)]
    if done.truth is not None:
        spies = listed(lang, [names[s] for s in sorted(done.truth.spies)])
        shown += ["", t(lang, "review.truth.heading", spies=spies)]
        shown += [f"  {line}" for line in done.truth.explain]
    return shown


def round_title(lang: str, number: int, said: Sequence[Said]) -> str:
    """A round's heading; what follows the last mission without a team (the Assassination,
    a Rogue's claim) is the end of the game, not a round of its own."""
    if any(line.action == "propose" for line in said):
        return t(lang, "review.round", round=number)
    return t(lang, "review.end")


def proved(lang: str, names: Sequence[str], deals: Deals) -> list[str]:
    """The deals left and who is proven (nothing proven when no deal is left)."""
    left = deals.left
    cards = [t(lang, f"character.{card.card}") for card in deals.table.cards]
    shown = [t(lang, "review.deals_left", left=left, total=deals.total,
               cards=t(lang, "review.dealt", cards=listed(lang, cards)) if cards else "")]
    if not left:
        return shown
    spies, loyal = deals.proven()
    for key, seats in (("review.proven_spies", spies), ("review.proven_loyal", loyal)):
        shown.append(t(lang, key, count=len(seats),
                       names=listed(lang, [names[s] for s in sorted(seats)])))
    return shown


def _summary(lang: str, names: Sequence[str], deals: Deals) -> list[str]:
    """The deals left, who is proven, and each player's share."""
    shown = proved(lang, names, deals)
    if deals.left:
        shares = ", ".join(f"{name} {percent(share)}"
                           for name, share in zip(names, deals.shares(), strict=True))
        shown.append(t(lang, "review.shares", shares=shares))
    return shown
