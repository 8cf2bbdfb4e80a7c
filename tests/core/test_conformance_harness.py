"""The conformance harness passes a sound game and catches each kind of broken one."""

import pytest

from boardlab.core.conformance import ConformanceError, ConformanceReport, check_game
from toygame import (BadNotationRace, EndlessRace, ForgetChanceRace, LossyJsonRace, SharedCopyRace, ToyRace,
                     race_invariants)


def test_a_sound_game_passes_and_the_report_counts_the_work():
    report = check_game(ToyRace(players=2), games=30, seed=5, invariants=race_invariants)
    assert isinstance(report, ConformanceReport)
    assert report.games == 30 and report.decisions > 30 * 5
    assert 0 < report.deep_checks < report.decisions  # deep at every step of 3 games, then sampled
    assert report.replays > 30  # at least one per game
    assert "30 games" in str(report)


def test_check_every_one_makes_every_decision_deep():
    report = check_game(ToyRace(players=2), games=5, seed=5, check_every=1)
    assert report.deep_checks == report.decisions


def test_the_trajectory_does_not_depend_on_the_check_schedule():
    light = check_game(ToyRace(players=3), games=10, seed=2, check_every=50, deep_games=0)
    heavy = check_game(ToyRace(players=3), games=10, seed=2, check_every=1)
    assert light.decisions == heavy.decisions


@pytest.mark.parametrize("game_cls, problem", [
    (SharedCopyRace, "copy is not independent: advancing the copy changed the original at banked"),
    (LossyJsonRace, "JSON round trip changed the state at sixes"),
    (ForgetChanceRace, "the JSON form misses something the future depends on"),
    (BadNotationRace, "parse_action\\('stop'\\) raised ValueError"),
    (EndlessRace, "the game did not end within 500 decisions"),
])
def test_broken_games_are_caught_with_seed_step_and_action(game_cls, problem):
    with pytest.raises(ConformanceError, match=problem) as caught:
        check_game(game_cls(players=2), games=20, seed=1, max_decisions=500)
    message = str(caught.value)
    assert "game seed " in message and ("step " in message)
    assert "reproduce: check_game(game, games=1, seed=" in message


def test_a_broken_invariant_is_reported_with_its_message_and_the_position():
    def at_most_ten_banked(state):
        assert max(state.banked) <= 10, f"banked {state.banked} exceeds 10"

    with pytest.raises(ConformanceError, match=r"invariant broken: banked \[\d+, \d+\] exceeds 10") as caught:
        check_game(ToyRace(players=2), games=20, seed=1, invariants=at_most_ten_banked)
    assert "\n  position: " in str(caught.value)


def test_the_reproduce_hint_replays_the_failing_game_alone():
    with pytest.raises(ConformanceError) as first:
        check_game(SharedCopyRace(players=3), games=20, seed=40, deep_games=0, check_every=7)
    seed = int(str(first.value).split("game seed ")[1].split(",")[0])
    with pytest.raises(ConformanceError, match=f"game seed {seed}, "):
        check_game(SharedCopyRace(players=3), games=1, seed=seed, deep_games=1)


class WrongRanksState(ToyRace.STATE):
    def ranks(self):
        return {p: 1 for p in range(self.game.players)}  # everybody wins, whatever the scores


class DenseRanksState(ToyRace.STATE):
    def ranks(self):  # 1, 1, 2 for tied winners: the rank after a shared one is not skipped
        totals = {p: s["total"] for p, s in self.score_sheet().items()}
        better = {p: {t for t in totals.values() if t > totals[p]} for p in totals}
        return {p: 1 + len(better[p]) for p in totals}


@pytest.mark.parametrize("state_cls, problem", [
    (WrongRanksState, "scored more than player .* but does not rank better"),
    (DenseRanksState, "not competition ranks"),
])
def test_ranks_must_follow_the_totals(monkeypatch, state_cls, problem):
    game = ToyRace(players=3)
    monkeypatch.setattr(ToyRace, "STATE", state_cls)
    with pytest.raises(ConformanceError, match=problem):
        check_game(game, games=30, seed=1)


def test_parameters_are_checked():
    with pytest.raises(ValueError, match="games must be an integer >= 1, got 0"):
        check_game(ToyRace(), games=0)
    with pytest.raises(ValueError, match="check_every must be an integer >= 1"):
        check_game(ToyRace(), check_every=0)
