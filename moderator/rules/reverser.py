"""The Reverser module's arithmetic (rules.md §6.2)."""


def succeeded(fails: int, needed: int, reverse: int) -> bool:
    """The normal threshold first (two-fail rule included), then one flip per Reverse card:
    two Reverse cards cancel out."""
    return (fails < needed) != (reverse % 2 == 1)
