"""simulate(rotate_seats=True): each deal played once per seat rotation."""

import pandas as pd
import pytest

from boardlab.core.simulate import game_seeds, simulate
from toygame import ToyRace

GAME = ToyRace(players=3)
POLICIES = ["random", "cautious", "random"]


@pytest.fixture(scope="module")
def rotated():
    return simulate(GAME, POLICIES, games=8, seed=5, rotate_seats=True)


def test_each_deal_is_played_once_per_rotation_on_the_same_seeds(rotated):
    assert rotated.game_id.nunique() == 8 * 3 and len(rotated) == 8 * 3 * 3
    for game_id, rows in rotated.groupby("game_id"):
        deal, turn = divmod(game_id, 3)
        assert set(rows.game_seed) == {game_seeds(5, deal)[0]} and set(rows.policy_seed) == {game_seeds(5, deal)[1]}
        assert list(rows.policy) == [POLICIES[(s - turn) % 3] for s in range(3)]


def test_every_policy_sits_in_every_seat_once_per_deal(rotated):
    assert rotated[rotated.policy == "cautious"].groupby("game_seed").seat.apply(sorted).tolist() == [[0, 1, 2]] * 8


def test_the_first_rotation_is_the_unrotated_game_and_workers_do_not_matter(rotated):
    plain = simulate(GAME, POLICIES, games=8, seed=5)
    first = rotated[rotated.game_id % 3 == 0].drop(columns="game_id").reset_index(drop=True)
    pd.testing.assert_frame_equal(first, plain.drop(columns="game_id"))
    pd.testing.assert_frame_equal(simulate(GAME, POLICIES, games=8, seed=5, rotate_seats=True, workers=2), rotated)


def test_the_attrs_say_the_seats_were_rotated_and_count_played_games(rotated):
    assert rotated.attrs["rotate_seats"] is True
    assert rotated.attrs["games"] == 8 and rotated.attrs["games_requested"] == rotated.attrs["games_finished"] == 24
    assert "rotate_seats" not in simulate(GAME, POLICIES, games=2, seed=5).attrs


def test_rotate_seats_must_be_a_bool():
    with pytest.raises(ValueError, match="rotate_seats must be True or False, got 'yes'"):
        simulate(GAME, POLICIES, games=2, seed=5, rotate_seats="yes")
