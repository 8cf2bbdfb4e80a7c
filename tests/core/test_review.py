"""boardlab.review (issue 28): every decision of a recorded game graded against the advisor, the
luck of the dice told apart, and the grades shown to mean something."""

import json
import math
import random

import numpy as np
import pytest

import boardlab
from boardlab import alea, fivetribes
from boardlab.core.policies import play
from boardlab.core.record import Record, RecordError
from boardlab.core.review import CHANCE_COLUMNS, DECISION_COLUMNS, GRADES, grade, move_accuracy
from toygame import ToyRace


def race_record(seed=3, rounds=3):
    """A finished toy race (dice: every roll is chance) played by random seats."""
    return play(ToyRace(players=2, rounds=rounds), ["random", "random"], seed=seed).record


def test_a_review_has_a_row_per_real_decision_of_the_chosen_seats():
    record = race_record()
    r = boardlab.review(record, budget=16, seed=1, progress=False)
    assert list(r.decisions.columns) == DECISION_COLUMNS and list(r.chance.columns) == CHANCE_COLUMNS
    state = ToyRace(players=2, rounds=3).new_game(record.seed)
    real = []
    for step, text in enumerate(record.actions, 1):
        if len(state.legal_actions()) > 1:
            real.append((step, state.to_move, text))
        state.apply(text)
    assert list(zip(r.decisions.step, r.decisions.seat, r.decisions.action)) == real
    assert set(r.decisions.grade) <= set(GRADES)
    best = r.decisions[r.decisions.grade == "best"]
    assert (best.action == best.best).all()
    assert (r.decisions.loss.dropna() >= 0).all()  # the best option is ranked first by its win chance
    only_one = boardlab.review(record, seats=[1], budget=16, seed=1, progress=False)
    assert only_one.decisions.equals(r.decisions[r.decisions.seat == 1].reset_index(drop=True))


def test_the_same_seed_gives_the_same_table_whatever_the_workers():
    record = race_record()
    a = boardlab.review(record, budget=16, seed=5, progress=False)
    b = boardlab.review(record, budget=16, seed=5, progress=False)
    c = boardlab.review(record, budget=16, seed=5, workers=2, progress=False)
    assert a.decisions.equals(b.decisions) and a.decisions.equals(c.decisions) and a.chance.equals(c.chance)
    other = boardlab.review(record, budget=16, seed=6, progress=False)
    assert not other.decisions.equals(a.decisions)


def test_the_review_never_changes_the_record(tmp_path):
    record = race_record()
    as_json = json.dumps(record.to_json())
    path = tmp_path / "game.json"
    record.save(path)
    text = path.read_text()
    data = record.to_json()
    for given in (record, data, path):
        boardlab.review(given, budget=8, progress=False)
    assert json.dumps(record.to_json()) == as_json and path.read_text() == text and data == json.loads(as_json)


def test_chance_steps_are_where_dice_were_rolled_between_two_reviewed_decisions():
    record = race_record()
    r = boardlab.review(record, budget=16, seed=1, progress=False)
    assert len(r.chance) > 0
    state, draws = ToyRace(players=2, rounds=3).new_game(record.seed), {}
    for step, text in enumerate(record.actions, 1):
        draws[step] = state.chance.draws
        state.apply(text)
    steps = list(r.decisions.step)
    for row in r.chance.itertuples():
        following = steps[steps.index(row.step) + 1]
        assert draws[following] > draws[row.step]  # something was rolled in between
        assert math.isclose(row.change, row.after - row.before)


def test_grades_follow_the_thresholds_relative_to_the_error():
    assert grade("a", "a", 0.0, 0.01) == "best"
    assert grade("a", "b", 0.01, 0.001) == "good"  # under 2 points
    assert grade("a", "b", 0.05, 0.03) == "good"  # not clear of 2 errors, and no mistake could hide in it
    assert grade("a", "b", 0.05, 0.04) == "unclear"  # 2 errors reach the mistake band
    assert grade("a", "b", 0.05, 0.01) == "inaccuracy"
    assert grade("a", "b", 0.10, 0.01) == "mistake"
    assert grade("a", "b", 0.20, 0.01) == "blunder"
    assert grade("a", "b", math.nan, math.nan) == "unclear"  # the option taken was hardly tried


def test_accuracy_is_lichess_per_move_formula():
    assert move_accuracy(0.0) == pytest.approx(100.0, abs=0.001)
    assert move_accuracy(0.10) == pytest.approx(103.1668 * math.exp(-0.4354) - 3.1669)
    assert move_accuracy(1.0) == 0.0


def test_accuracy_key_moments_and_figure():
    r = boardlab.review(race_record(rounds=6), budget=40, seed=1, progress=False)
    acc = r.accuracy()
    assert list(acc.seat) == [0, 1] and acc.accuracy.between(0, 100).all()
    assert (acc[list(GRADES)].sum(axis=1) == acc.decisions).all()
    moments = r.key_moments()
    assert len(moments) <= 3 and list(moments.change.abs()) == sorted(moments.change.abs(), reverse=True)
    assert (moments.change.abs() > 2 * moments.change_se).all()
    chances = r.win_chances()
    assert np.allclose(chances[0] + chances[1], 1.0)
    fig = r.figure()
    assert fig.axes[0].get_ylabel() == "win chance (%)"
    from boardlab.core import plotting

    plotting.use_language("ko")
    try:
        assert r.figure().axes[0].get_ylabel() == "승률 (%)"
    finally:
        plotting.use_language("en")
    korean = {"최선", "좋은 수", "부정확한 수", "실수", "큰 실수", "판단 보류"}
    assert set(r.table("ko")["평가"]) <= korean and set(r.table()["grade"]) <= set(GRADES)


def test_bad_input_is_refused_with_the_field_named():
    record = race_record()
    with pytest.raises(ValueError, match="seats must be a seat number"):
        boardlab.review(record, seats=[2])
    with pytest.raises(ValueError, match="budget must be a positive integer"):
        boardlab.review(record, budget=0)
    broken = Record(record.game, record.options, record.seed, record.actions[:3] + ("fly away",))
    with pytest.raises(RecordError, match="step 4"):
        boardlab.review(broken)


# -- trust: the grades mean something -------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2])
def test_a_planted_blunder_is_graded_a_mistake_or_a_blunder(seed):
    """Five Tribes: bidding 18 gold (18 points at the end) for first place in the opening turn
    order, with free places on the track and nothing yet on the board to gain from going first."""
    state = fivetribes.Game(players=2).new_game(seed)
    state.apply("bid slot 8 (18 gold)")
    row = boardlab.review(state.record, progress=False).decisions.iloc[0]
    assert row.action == "bid slot 8 (18 gold)" and row.grade in ("mistake", "blunder"), row


def test_greedy_decisions_are_graded_worse_than_mcts_decisions():
    """Alea Iacta Est, two seeded games with the seats swapped: greedy's mean loss of win chance
    is larger than the search player's (it loses more of its chances per decision)."""
    game = alea.Game(players=2)
    losses = {"greedy": [], "mcts": []}
    for seed, seats in ((1, ["mcts", "greedy"]), (2, ["greedy", "mcts"])):
        r = boardlab.review(play(game, seats, seed=seed).record, budget=30, progress=False)
        judged = r.decisions[r.decisions.grade != "unclear"]
        for seat, who in enumerate(seats):
            losses[who] += list(judged.loss[judged.seat == seat])
    greedy, mcts = np.mean(losses["greedy"]), np.mean(losses["mcts"])
    assert greedy > mcts, (greedy, mcts)


def test_each_shipped_example_is_listed_replays_to_the_end_and_is_what_its_command_makes():
    import re

    from boardlab.core.datasets import DATA
    from boardlab.core.record import replay
    from boardlab.core.review import example_record

    listed = dict(re.findall(r"^\| `(\w+/review-example\.json)` \| `python -m boardlab\.core\.review --example (\w+) "
                             r"--seed 1` \|", (DATA / "README.md").read_text(encoding="utf-8"), flags=re.M))
    files = sorted(p.relative_to(DATA).as_posix() for p in DATA.glob("*/review-example.json"))
    assert files == sorted(listed) and len(files) == 4
    for name, game in listed.items():
        assert name.startswith(game + "/") and replay(DATA / name).is_over
        # the command plays the same game today (its actions; a few seconds of search each)
        assert example_record(game).actions == Record.load(DATA / name).actions, name
