"""The engine contract for Alea Iacta Est: seeded random games at 2, 3, 4 and 5 players, also with
every misplay and every assumed reading switched."""

from boardlab.alea import MISPLAYS, Game
from boardlab.alea.state import invariants
from boardlab.core.conformance import check_game, conformance_test

test_conformance = conformance_test(lambda p: Game(players=p), [2, 3, 4, 5], games=30, seed=9000,
                                    invariants=invariants)


def test_conformance_with_every_misplay_and_reading_switched():
    for players, latrina in ((3, "all"), (5, "one")):
        game = Game(players=players, misplays=list(MISPLAYS), senatus_min_straight=2, tie_rule="earliest",
                    latrina_dice=latrina)
        check_game(game, games=8, seed=9500, invariants=invariants)


def test_conformance_of_greedy_games():
    from boardlab.core.policies import play

    for players in (2, 5):
        st = play(Game(players=players), ["greedy"] * players, seed=players)
        invariants(st)
        assert st.is_over and set(st.ranks().values()) <= set(range(1, players + 1))
