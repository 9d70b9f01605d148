"""The rulebook's charts, written out once from rules.md for the rules tests (never read from
the engine's own tables, so a wrong table in the engine cannot agree with itself)."""

# rules.md §1.1: players -> (resistance, spies)
SIDES = {5: (3, 2), 6: (4, 2), 7: (4, 3), 8: (5, 3), 9: (6, 3), 10: (6, 4)}

# rules.md §1.2: players -> team sizes of missions 1..5
TEAM_SIZES = {
    5: (2, 3, 2, 3, 3),
    6: (2, 3, 4, 3, 4),
    7: (2, 3, 3, 4, 4),
    8: (3, 4, 4, 5, 5),
    9: (3, 4, 4, 5, 5),
    10: (3, 4, 4, 5, 5),
}

SPIES = {players: spies for players, (_, spies) in SIDES.items()}
