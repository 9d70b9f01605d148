"""What the public record proves, in the table's words: the facts that proved players spies or
loyal, and why a record no deal of the cards allows is refused (rules.md §1.5).

Said by a refusal of an impossible record (the command line and guided play), by `moderator
review`, and by the rules lookup. The facts are the engine's (`rules/deals.py`); each is said
by the kind of action that brought it (`proof.fact.<kind>`), so no module is named here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from moderator.i18n import capitalised, listed, t
from moderator.rules.deals import FAILS, Allegiance, Fact, Holds, Proof, Reveal


def cards(lang: str, counts: Iterable[tuple[str, int]]) -> str:
    """A mission's revealed cards: "two Fail cards", "one Chief Fail card and no Fail card"."""
    return listed(lang, [t(lang, f"proof.cards.{kind}", count=n)
                         for kind, n in counts if n or kind == FAILS])


def fact(lang: str, names: Sequence[str], said: Fact) -> str:
    """A fact of the record, by the action that brought it."""
    kind, mission = said.event
    params: dict[str, object] = {"mission": mission}
    if isinstance(said, Reveal):
        params["cards"] = cards(lang, said.counts)
    elif isinstance(said, Holds):
        params.update(seat=names[said.seat], card=t(lang, f"character.{said.cards[0]}"))
    elif isinstance(said, Allegiance):
        params["seats"] = listed(lang, [names[s] for s in range(len(names))
                                        if said.seats >> s & 1])
    return t(lang, f"proof.fact.{kind}", **params)


def proven(lang: str, names: Sequence[str], proof: Proof) -> str:
    """One fact and what it proved: "mission 1 (two Fail cards) made Ada and Bo spies and
    Cy, Di and Ed loyal"."""
    sides = []
    if proof.spies:
        sides.append(t(lang, "proof.side.spies", count=len(proof.spies),
                       spies=listed(lang, [names[s] for s in proof.spies])))
    if proof.loyal:
        sides.append(t(lang, "proof.side.loyal", count=len(proof.loyal),
                       loyal=listed(lang, [names[s] for s in proof.loyal])))
    return t(lang, "proof.made", fact=fact(lang, names, proof.fact), sides=listed(lang, sides))


def proofs(lang: str, names: Sequence[str], found: Iterable[Proof]) -> str:
    """Every proof, one after the other, as a sentence; the record proving nothing of these
    players said so."""
    said = [proven(lang, names, proof) for proof in found]
    text = "; ".join(said) if said else t(lang, "proof.nothing")
    return capitalised(text)


#: A refusal's parameters that this module says in words.
STRUCTURED = frozenset({"proofs", "kind", "allowed", "switched", "settings", "against"})


def readable(params: Mapping[str, Any], names: Sequence[str], lang: str) -> dict[str, object]:
    """A refusal's parameters from the record (`rules/deals.py`) in words: the proofs, the
    count with its card ("one Fail card"), the counts allowed, the switched card, the house
    rules whose reading decided it; every other parameter as it was."""
    shown = {k: v for k, v in params.items() if k not in STRUCTURED}
    if "proofs" in params:
        shown["proofs"] = proofs(lang, names, params["proofs"])
    against = params.get("against")
    if against is not None:  # the first fact that rules it out, rather than every proof
        text = t(lang, "proof.against", fact=fact(lang, names, against))
        shown["proofs"] = capitalised(text)
    if "kind" in params:
        shown["counted"] = t(lang, f"proof.cards.{params['kind']}", count=params["count"])
        allowed = params.get("allowed") or (0,)  # a range: least to most
        shown["allowed"] = t(lang, "proof.allowed", count=len(allowed), least=allowed[0],
                             most=allowed[-1])
    switched = params.get("switched") or []
    shown["switched"] = t(lang, "proof.switched", count=len(switched),
                          seats=listed(lang, [names[s] for s in switched])) if switched else ""
    from moderator.i18n import theme
    from moderator.i18n.theming import point_name, value_name

    shown["settings"] = "".join(  # in the ids of the game's theme
        " " + t(lang, "proof.setting", setting=point_name(setting, theme()),
                value=value_name(setting, value, theme()))
        for setting, value in params.get("settings") or [])
    return shown
