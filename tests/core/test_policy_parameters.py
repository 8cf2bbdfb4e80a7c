"""One form for policy parameters (issue 25, point 4): every game's greedy takes its valuations as
keyword parameters listed with their defaults in its ``bots.WEIGHTS``; a policy's text spec
carries parameters (``mcts:iterations=400``) in Python and on the command line, and an unknown
parameter is refused naming the accepted ones."""

import importlib
import warnings

import pytest

from boardlab.cli import main
from boardlab.core.game import Game
from boardlab.core.policies import Labelled, parse_spec, resolve_policy
from boardlab.core.simulate import simulate

GAMES = ("alea", "elgrande", "fivetribes", "whitecastle")
#: one changed value per game, and how the built policy shows it
CHANGED = {
    "alea": ({"die_cost": 0.8}, lambda p: p.weights["die_cost"]),
    "elgrande": ({"board_weight": 0.8}, lambda p: p.board_weight),
    "fivetribes": ({"kill_worth": 0.8}, lambda p: p.weights.kill_worth),
    "whitecastle": ({"holding_worth": {"coin": 0.8}}, lambda p: p.holding_worth["coin"]),
}


def weights(name):
    return importlib.import_module(f"boardlab.{name}.bots").WEIGHTS


@pytest.mark.parametrize("name", GAMES)
def test_every_greedy_takes_its_documented_weights_as_keyword_parameters(name):
    game = Game.by_name(name)(players=2)
    params, shown = CHANGED[name]
    assert set(params) <= set(weights(name))
    assert shown(game.policy("greedy", **params)) == 0.8
    assert shown(game.policy("greedy")) != 0.8
    every = {key: value for key, value in weights(name).items()}
    game.policy("greedy", **every)  # every listed name is accepted, with its default


@pytest.mark.parametrize("name", GAMES)
def test_an_unknown_or_mistyped_greedy_parameter_is_refused_naming_the_accepted_ones(name):
    game = Game.by_name(name)(players=2)
    accepted = ", ".join(weights(name))
    with pytest.raises(ValueError, match=f"policy 'greedy' of {name} has no parameter\\(s\\) speed; "
                                         f"its parameters: {accepted}$"):
        game.policy("greedy", speed=1.0)
    first = next(iter(weights(name)))
    with pytest.raises(ValueError, match=f"{first} must be a number, got 'high'"):
        game.policy("greedy", **{first: "high"})


def test_a_mapping_parameter_may_be_given_in_part_and_refuses_unknown_keys():
    from boardlab.whitecastle import Game as WhiteCastle, bots

    policy = WhiteCastle(players=2).policy("greedy", holding_worth={"coin": 0.5})
    assert policy.holding_worth == {**bots.HOLDING_WORTH, "coin": 0.5}
    assert list(policy.holding_worth) == list(bots.HOLDING_WORTH)  # summed in the same order
    with pytest.raises(ValueError, match="holding_worth must be a dict with keys among food, iron"):
        WhiteCastle(players=2).policy("greedy", holding_worth={"gold": 1.0})
    with pytest.raises(ValueError, match="depth must be a positive integer"):
        WhiteCastle(players=2).policy("greedy", depth=1.5)


def test_alea_old_weights_spelling_still_works_and_says_the_new_one():
    from boardlab.alea import Game as Alea

    game = Alea(players=2)
    with pytest.warns(DeprecationWarning, match=r"old spelling.*game.policy\('greedy', die_cost=0.8\)"):
        old = game.policy("greedy", weights={"die_cost": 0.8})
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        new = game.policy("greedy", die_cost=0.8)
    assert old.weights == new.weights


def test_a_spec_reads_name_and_parameters_as_json_or_text():
    assert parse_spec("greedy") == ("greedy", {})
    assert parse_spec("mcts:iterations=400, horizon=20,rollout=greedy") == (
        "mcts", {"iterations": 400, "horizon": 20, "rollout": "greedy"})
    assert parse_spec('greedy:holding_worth={"coin": 0.5}') == ("greedy", {"holding_worth": {"coin": 0.5}})
    for bad in ("mcts:", "mcts:400", "mcts:=3"):
        with pytest.raises(ValueError, match=r"a policy parameter is written NAME=VALUE \(mcts:iterations=400\)"):
            parse_spec(bad)


def test_a_spec_with_parameters_builds_that_policy_and_labels_its_rows():
    from boardlab.alea import Game as Alea

    game = Alea(players=2)
    policy = resolve_policy(game, "mcts:iterations=7,horizon=3")
    assert isinstance(policy, Labelled) and policy.name == "mcts:iterations=7,horizon=3"
    assert (policy.policy.iterations, policy.policy.settings.horizon) == (7, 3)
    df = simulate(game, ["mcts:iterations=4", "greedy:die_cost=0.8"], 2, 1)
    assert list(df["policy"].unique()) == ["mcts:iterations=4", "greedy:die_cost=0.8"]
    with pytest.raises(ValueError, match="has no parameter\\(s\\) budget; its parameters: iterations, seed"):
        resolve_policy(game, "mcts:budget=4")


def test_the_command_line_passes_policy_parameters_and_refuses_unknown_ones(capsys):
    code = main(["simulate", "alea", "--players", "2", "--policies", "mcts:iterations=4,horizon=3,greedy:die_cost=0.8",
                 "--games", "2", "--seed", "1", "--no-progress"])
    out = capsys.readouterr().out
    assert code == 0 and "mcts:iterations=4,horizon=3" in out and "greedy:die_cost=0.8" in out
    with pytest.raises(SystemExit) as exc:
        main(["simulate", "alea", "--players", "2", "--policies", "greedy:reroll=1", "--games", "2", "--seed", "1"])
    err = capsys.readouterr().err
    assert exc.value.code == 2
    assert ("--policies greedy:reroll=1: policy 'greedy' of alea has no parameter(s) reroll; its parameters: "
            "die_cost, fortune_tile") in err
