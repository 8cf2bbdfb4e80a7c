"""The app's model of a game without widgets: setup options read from each Game, human decisions
with the rule of a refused entry, bots, undo, saving and replaying the record."""

import json
import time

import pytest

from boardlab.alea.game import MISPLAYS
from boardlab.apps.options import explanation, label, options
from boardlab.apps.session import HUMAN, Replay, Session, load_record
from boardlab.core.errors import RecordError
from boardlab.core.game import Game
from tests.apps.helpers import illegal_but_readable, play_first_options


def _options(name):
    return {o.name: o for o in options(Game.by_name(name))}


def test_setup_options_are_the_values_each_game_accepts():
    wc, ft, al, eg = (_options(n) for n in ("whitecastle", "fivetribes", "alea", "elgrande"))
    assert wc["printing"].choices == ("bga", "first")
    assert wc["lone_die_is_left"].is_flag and wc["lone_die_is_left"].default is True
    assert ft["nekir_per"].choices == ("action", "meeple") and ft["power_timing"].choices == ("every step", "start and end")
    assert al["players"].choices == (2, 3, 4, 5) and al["latrina_dice"].choices == ("choice", "one", "all")
    assert al["misplays"].many and set(al["misplays"].choices) == set(MISPLAYS)
    assert eg["edition"].choices == ("2023", "bigbox", "1995")
    assert eg["scoring_ranks"].choices == (None, 1, 2, 3) and eg["merge_stacks"].choices == (None, True, False)
    assert [label(v) for v in (None, True, False, 3)] == ["the game's own rule", "yes", "no", "3"]


def test_each_option_is_explained_in_the_words_of_its_games_docstring(game_name):
    cls = Game.by_name(game_name)
    for option in options(cls):
        if option.name != "players":
            assert len(explanation(cls, option.name)) > 10, option.name
    assert explanation(Game.by_name("elgrande"), "short").startswith("the 6-round game")
    assert "``" not in explanation(Game.by_name("fivetribes"), "nekir_per")


def test_every_offered_option_value_makes_a_game_at_some_player_count(game_name):
    cls = Game.by_name(game_name)
    counts = next(o for o in options(cls) if o.name == "players").choices
    for option in options(cls):
        for value in option.choices:
            made = []
            for players in counts:
                try:
                    made.append(cls(**{"players": players, option.name: (value,) if option.many else value}))
                except ValueError:
                    continue
            assert made, f"{option.name}={value!r} is refused at every player count"


def test_options_of_one_player_count_only_are_offered():
    wc = _options("whitecastle")
    assert wc["players"].choices == (1, 2, 3, 4)  # 1: the solo game against the rival
    assert wc["difficulty"].choices == (None, "easy", "medium", "hard")
    assert "solo_cards" not in wc  # a CSV path or a list of rows: nothing a list could offer


def test_a_refused_entry_names_its_rule_and_leaves_the_game_unchanged(game_name):
    game = Game.by_name(game_name)()
    session = Session(game, 5, [HUMAN] * game.players)
    played = play_first_options(session, 6)
    before, decisions = session.state.to_json(), len(session.decisions)
    text = illegal_but_readable(session, played + [str(a) for a in game.new_game(5).legal_actions()])
    refused = session.play(text)
    assert refused is not None and refused.rule and refused.rule != "notation", refused
    assert refused.detail
    assert session.state.to_json() == before and len(session.decisions) == decisions
    unreadable = session.play("fly to the moon")
    assert unreadable.rule == "notation" and "legal now" in unreadable.detail
    assert session.play("   ").rule == "notation"


def test_bots_answer_until_a_human_is_to_move_and_undo_takes_their_answers_back(game_name):
    game = Game.by_name(game_name)()
    session = Session(game, 11, [HUMAN] + ["greedy"] * (game.players - 1))
    session.run_bots()
    assert session.human_to_move
    start = session.state.to_json()
    assert session.play(str(session.state.legal_actions()[0])) is None
    made = session.run_bots()
    assert session.human_to_move or session.is_over
    assert [d.by for d in session.decisions][-made - 1:] == [HUMAN] + ["greedy"] * made
    assert session.undo() == 1 + made
    assert session.state.to_json() == start and session.human_to_move
    assert session.undo() == 0 and not session.can_undo


def test_undo_with_every_seat_human_takes_back_one_decision():
    game = Game.by_name("whitecastle")(players=3)
    session = Session(game, 2, [HUMAN] * 3)
    play_first_options(session, 3)
    second = session.decisions[1]
    assert session.undo() == 1
    assert session.decisions[-1] == second and len(session.state.history) == 2


def test_a_seat_for_each_player_and_known_policies_only():
    game = Game.by_name("alea")(players=3)
    with pytest.raises(ValueError, match="needs 3 seats"):
        Session(game, 1, [HUMAN, "greedy"])
    with pytest.raises(ValueError, match="unknown policy 'genius'"):
        Session(game, 1, [HUMAN, "greedy", "genius"])


def test_bots_cannot_be_played_for_and_a_finished_game_takes_no_entry():
    game = Game.by_name("elgrande")(players=3)
    session = Session(game, 4, ["greedy", HUMAN, "random"])
    assert session.state.to_move == 0
    assert session.play(str(session.state.legal_actions()[0])).rule == "not your turn"
    session.run_bots(until_over=True)
    assert session.is_over
    assert session.play("anything").rule == "game over"


def test_the_same_seed_and_seats_play_the_same_game():
    game = Game.by_name("fivetribes")(players=2)
    games = []
    for _ in range(2):
        session = Session(game, 8, ["random", "greedy"])
        session.run_bots(until_over=True)
        games.append(session.record.actions)
    assert games[0] == games[1]


def test_a_saved_record_replays_step_by_step_to_the_same_position(game_name, tmp_path):
    game = Game.by_name(game_name)()
    session = Session(game, 3, [HUMAN] + ["greedy"] * (game.players - 1))
    play_first_options(session, 10)
    path = session.save(tmp_path)
    assert path.parent == tmp_path and path.name.startswith(f"{game_name}-seed3-")
    assert session.save(tmp_path) != path  # a second save never overwrites the first
    replay = load_record(path, expected_game=game_name)
    assert replay.steps == len(session.decisions)
    assert replay.state(replay.steps) == session.state
    assert replay.state(0) == game.new_game(3)
    assert replay.describe(0) == "the start of the game"
    last = session.decisions[-1]
    assert replay.describe(replay.steps) == f"player {last.player} chose '{last.action}'"
    assert Replay(path.read_bytes()).steps == replay.steps  # an upload's bytes read the same
    with pytest.raises(ValueError, match="step must be 0.."):
        replay.state(replay.steps + 1)


def test_a_malformed_or_foreign_record_is_refused_naming_the_problem(tmp_path):
    with pytest.raises(RecordError, match="not valid JSON"):
        Replay(b"{not json")
    session = Session(Game.by_name("alea")(players=2), 1, [HUMAN, HUMAN])
    path = session.save(tmp_path)
    with pytest.raises(RecordError, match="for game 'alea', not 'elgrande'"):
        load_record(path, expected_game="elgrande")
    data = json.loads(path.read_text())
    data["actions"] = ["choose Nowhere"]
    with pytest.raises(RecordError, match="record step 1"):
        Replay(json.dumps(data).encode())


def test_play_resumes_from_a_step_of_a_replayed_record(tmp_path):
    game = Game.by_name("whitecastle")(players=3)
    session = Session(game, 9, [HUMAN, "greedy", "random"])
    play_first_options(session, 5)
    replay = load_record(session.save(tmp_path))
    step = 7
    resumed = Session.resume(replay, step, [HUMAN, HUMAN, HUMAN])
    assert resumed.state == replay.state(step) and resumed.state.history == replay.state(step).history
    assert [d.by for d in resumed.decisions] == ["record"] * step and not resumed.can_undo
    assert resumed.play(str(resumed.state.legal_actions()[0])) is None
    assert resumed.undo() == 1 and resumed.state == replay.state(step)
    assert resumed.record.actions == replay.record.actions[:step]


def test_a_save_never_follows_a_link_out_of_its_folder(tmp_path):
    """A dangling link named like the next record (pointing outside the folder) is skipped, not
    written through; so is a link to an existing file (issue 22)."""
    game = Game.by_name("alea")()
    session = Session(game, 3, [HUMAN] + ["random"] * (game.players - 1))
    folder, outside = tmp_path / "records", tmp_path / "outside"
    folder.mkdir()
    outside.mkdir()
    base = f"alea-seed3-0decisions-{time.strftime('%Y%m%d-%H%M%S', time.localtime(1e9))}"
    (folder / f"{base}.json").symlink_to(outside / "planted.json")  # dangling
    (outside / "kept.json").write_text("mine")
    (folder / f"{base}-2.json").symlink_to(outside / "kept.json")
    path = session.save(folder, now=1e9)
    assert path == folder / f"{base}-3.json" and not path.is_symlink()
    assert not (outside / "planted.json").exists() and (outside / "kept.json").read_text() == "mine"
    assert load_record(path).steps == 0


def test_one_turn_stops_when_the_bot_to_move_has_finished_its_turn_and_resuming_plays_the_same_game(game_name):
    """Learn mode's pause (issue 26, point 1): ``run_bots(one_turn=True)`` plays one bot's turn (its
    consecutive decisions) and stops where another player is to move; calling it again resumes,
    and a game played turn by turn is the game played at once."""
    game = Game.by_name(game_name)()
    seats = [HUMAN] + ["greedy"] * (game.players - 1)
    paused, at_once = Session(game, 5, seats), Session(game, 5, seats)
    stops = 0
    for _ in range(6):
        at_once.run_bots()
        while not paused.human_to_move and not paused.is_over:
            first = len(paused.decisions)
            made = paused.run_bots(one_turn=True)
            turn = paused.decisions[first:]
            assert made == len(turn) > 0 and {d.player for d in turn} == {turn[0].player}
            assert paused.state.to_move != turn[0].player or paused.is_over
            stops += not paused.human_to_move
        assert paused.decisions == at_once.decisions
        if paused.is_over:
            break
        action = str(paused.state.legal_actions()[0])
        assert paused.play(action) is None and at_once.play(action) is None
    assert stops, "no bot turn was followed by another bot's: the pause was never tested"
