"""Search in the core (issue 11, point 1): UCT through the engine contract for every game,
reproducible by seed, never changing the position, never seeing what the player cannot know."""

import importlib
import random

import pytest

from boardlab import alea, elgrande, fivetribes, whitecastle
from boardlab.core.policies import play
from boardlab.core.search import DEFAULT_ITERATIONS, MctsPolicy, Settings, best_action, final_outcome, search
from toygame import ToyRace

GAMES = {"whitecastle": whitecastle, "fivetribes": fivetribes, "alea": alea, "elgrande": elgrande}


def race_position(turn_points=12, banked=(10, 0)):
    """The toy race's last decision: seat 1 has rolled ``turn_points`` this turn, seat 0 banked 10."""
    game = ToyRace(players=2, rounds=1)
    return game.state_from_json({"round": 1, "player": 1, "turn_points": turn_points, "last_roll": 6,
                                 "banked": list(banked), "sixes": [0, 0], "busts": [0, 0],
                                 "chance": {"seed": 5, "draws": 0}})


def mid_game(module, seed=3, steps=12):
    state = module.Game(players=2).new_game(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        state.apply(rng.choice(state.legal_actions()))
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    return state


def test_search_banks_the_winning_points_instead_of_risking_a_bust():
    state = race_position()
    root = search(state, 200, random.Random(1))
    stop = next(a for a in root.children if str(a) == "stop")
    roll = next(a for a in root.children if str(a) == "roll")
    assert root.children[stop].win == root.children[stop].visits  # stopping wins every time
    assert root.children[stop].visits > root.children[roll].visits
    assert MctsPolicy(ToyRace(players=2, rounds=1), iterations=100)(state, random.Random(2)) == stop


@pytest.mark.parametrize("seed", range(5))
def test_a_search_that_stops_once_decided_makes_the_same_choice_for_fewer_iterations(seed):
    state = race_position(turn_points=8, banked=(10, 0))  # a real choice: bank 8 or roll for more
    legal = state.legal_actions()
    full = search(state, 300, random.Random(seed))
    early = search(state, 300, random.Random(seed), stop_when_decided=True)
    assert best_action(early, legal) == best_action(full, legal)
    spent = sum(c.visits for c in early.children.values())
    assert spent < 300
    first, second = sorted((c.visits for c in early.children.values()), reverse=True)[:2]
    assert first - second > 300 - spent  # the rest of the budget could not have changed the choice


def test_final_outcome_shares_a_tied_win_and_measures_the_margin_to_the_best_other():
    state = race_position(turn_points=10)
    state.apply("stop")  # 10 against 10, no busts on either side: a shared win
    wins, margins = final_outcome(state)
    assert wins == {0: 0.5, 1: 0.5} and margins == {0: 0.0, 1: 0.0}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_answers_mcts_with_its_default_budget_and_accepts_budget_and_seed(name):
    game = GAMES[name].Game(players=2)
    default = game.policy("mcts")
    assert default.name == "mcts" and default.iterations == DEFAULT_ITERATIONS[name]
    assert game.policy("mcts", iterations=7, seed=3).iterations == 7
    with pytest.raises(ValueError, match="iterations must be a positive integer"):
        game.policy("mcts", iterations=0)
    with pytest.raises(ValueError, match="no parameter.*budget.*its parameters: iterations, seed, rollout"):
        game.policy("mcts", budget=10)
    with pytest.raises(ValueError, match="no policy named 'clever'; known: greedy, mcts, random"):
        game.policy("clever")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_same_seed_same_choice_and_the_position_is_never_changed(name):
    state = mid_game(GAMES[name])
    before, legal = state.to_json(), state.legal_actions()
    policy = state.game.policy("mcts", iterations=12, seed=5)
    first = policy(state, random.Random(9))
    assert first in legal
    assert policy(state, random.Random(9)) == first
    assert state.to_json() == before and state.legal_actions() == legal


def test_a_whole_game_with_a_tiny_budget_ends_and_replays_from_the_policy_seed():
    game = alea.Game(players=2)
    seats = [game.policy("mcts", iterations=3), "greedy"]
    a = play(game, seats, seed=2, policy_seed=8)
    b = play(game, seats, seed=2, policy_seed=8)
    assert a.is_over and a.history == b.history


def test_greedy_rollouts_and_a_cut_off_with_an_evaluation_are_honoured():
    state = mid_game(elgrande)
    seen = []

    def evaluate(s):
        seen.append(s.is_over)
        return {p: 0.0 for p in range(s.game.players)}

    root = search(state, 10, random.Random(0), Settings(rollout=state.game.policy("greedy"), horizon=2,
                                                         evaluate=evaluate))
    assert sum(c.visits for c in root.children.values()) == 10
    assert seen and not any(seen)  # cut off before the end: judged by the evaluation


def test_a_decision_outside_branch_is_left_to_the_rollout_policy():
    state = mid_game(fivetribes, steps=0)  # the first bid: searched; a walk step would not be
    policy = state.game.policy("mcts", iterations=2, branch=lambda s: False, rollout="greedy")
    greedy = state.game.policy("greedy")
    assert policy(state, random.Random(4)) == greedy(state, random.Random(random.Random(4).getrandbits(64)))


def test_a_search_weighs_only_the_candidates_it_is_given():
    state = mid_game(fivetribes, steps=0)  # the first bid: seven spots
    legal = state.legal_actions()
    kept = legal[:2]
    root = search(state, 12, random.Random(1), Settings(rollout=state.game.policy("greedy"), horizon=2,
                                                         candidates=lambda s, options: options[:2]))
    assert set(root.children) == set(kept) and sum(c.visits for c in root.children.values()) == 12
    policy = state.game.policy("mcts", iterations=12, horizon=2, candidates=lambda s, options: options[-1:])
    assert policy(state, random.Random(2)) == legal[-1]  # one candidate: played without a search
    with pytest.raises(ValueError, match="candidates must be a callable"):
        state.game.policy("mcts", candidates=3)


@pytest.mark.parametrize("name", ["fivetribes", "elgrande"])
def test_the_games_candidates_keep_greedys_choice_among_a_few(name):
    """Five Tribes and El Grande search only greedy's best few options (its bots' ``candidates``):
    greedy's own pick is always among them, and a position with many options is cut down."""
    module = GAMES[name]
    bots = importlib.import_module(f"boardlab.{name}.bots")
    game = module.Game(players=2)
    greedy, rng = game.policy("greedy"), random.Random(5)
    cut = 0
    state = game.new_game(5)
    for _ in range(60):
        if state.is_over:
            break
        legal = state.legal_actions()
        kept = bots.candidates(state, legal)
        assert kept and set(map(str, kept)) <= set(map(str, legal))
        if len(kept) < len(legal):
            cut += 1
        action = greedy(state, random.Random(0))
        if name == "elgrande" and len(legal) > 1 and bots.searched(state):
            # greedy breaks ties at random: its value must be as high as the best candidate's
            value = bots._VALUE._after
            assert value(state, state.to_move, action) <= max(value(state, state.to_move, a) for a in kept) + 1e-9
        state.apply(action)
    assert cut


def test_search_refuses_a_finished_game():
    state = race_position()
    state.apply("stop")
    with pytest.raises(ValueError, match="game is over"):
        search(state, 5, random.Random(0))


# -- determinisation: a search samples only what the player to move could know ------------------


def test_alea_reseed_deals_the_other_players_secret_cards_and_tiles_anew_and_keeps_the_view():
    game = alea.Game(players=4)  # the Templum (fortune tiles) is in at 4 players
    rng = random.Random(4)

    def secrets(st):
        others = [q for q in range(4) if q != st.to_move]
        return any(st.cards[q] for q in others) and any(st.fortune[q] for q in others)

    for seed in range(40):
        state = game.new_game(seed)
        while not state.is_over and not secrets(state):
            state.apply(rng.choice(state.legal_actions()))
        if not state.is_over:
            break
    me = state.to_move
    dealt = set()
    for seed in range(20):
        copy = state.copy()
        copy.reseed(seed)
        assert copy.view(me) == state.view(me)  # what the player sees is the same
        assert copy.cards[me] == state.cards[me] and copy.fortune[me] == state.fortune[me]
        dealt.add(tuple(tuple(copy.cards[q]) + tuple(copy.fortune[q]) for q in range(4) if q != me))
    assert len(dealt) > 1  # the hidden cards and tiles are not the real ones every time


def test_el_grande_reseed_re_picks_the_secret_disks_set_before_the_player_to_move():
    from boardlab.elgrande.rules import disk_options

    game = elgrande.Game(players=3)
    rng = random.Random(1)

    def secret(st):  # another player has set a disk that had more than one option
        return st.step in ("disk", "cdisk") and any(
            r >= 0 and len(disk_options(st, c)) > 1 for c, r in enumerate(st.disks) if c != st.to_move)

    for seed in range(40):
        state = game.new_game(seed)
        while not state.is_over and not secret(state):
            state.apply(rng.choice(state.legal_actions()))
        if not state.is_over:
            break
    me = state.to_move
    picked = set()
    for s in range(30):
        copy = state.copy()
        copy.reseed(s)
        assert copy.view(me) == state.view(me)
        picked.add(tuple(r for c, r in enumerate(copy.disks) if c != me))
    assert len(picked) > 1


def test_the_bench_reports_mcts_decisions_per_second():
    from boardlab.bench import bench_mcts

    (row,) = bench_mcts(["alea", "toyrace"], 0.0, runs=1)  # the test game has no mcts defaults
    assert row["game"] == "alea" and row["kernel"] == "mcts decision (100 iterations)"
    assert row["decisions_per_second"] == pytest.approx(1000 / row["median_ms"])


# -- the greedy bots' valuations are documented parameters with unchanged defaults ---------------


@pytest.mark.parametrize("name, params, attribute, value", [
    ("whitecastle", {"holding_worth": {"coin": 0.5}}, "holding_worth", {"food": 0.45, "iron": 0.45, "pearl": 0.5,
                                                                          "coin": 0.5, "seal": 0.4}),
    ("fivetribes", {"kill_worth": 1.0}, "weights", None),
    ("alea", {"weights": {"die_cost": 0.8}}, "weights", None),
    ("elgrande", {"board_weight": 0.8}, "board_weight", 0.8),
])
def test_greedy_valuations_are_parameters_and_the_defaults_are_the_old_constants(name, params, attribute, value):
    module = GAMES[name]
    game = module.Game(players=2)
    tuned = game.policy("greedy", **params)
    if value is not None:
        assert getattr(tuned, attribute) == value
    default = game.policy("greedy")
    if name == "whitecastle":
        from boardlab.whitecastle import bots
        assert default.holding_worth == bots.HOLDING_WORTH and default.holding_worth["coin"] == 0.3
    elif name == "fivetribes":
        from boardlab.fivetribes import bots
        assert tuned.weights.kill_worth == 1.0 and default.weights == bots.Weights(3.0, 3.0, 0.5, -2, -3)
    elif name == "alea":
        from boardlab.alea import bots
        assert tuned.weights["die_cost"] == 0.8 and default.weights == bots.WEIGHTS
    with pytest.raises(ValueError):
        game.policy("greedy", no_such_weight=1.0)


def test_greedy_plays_the_same_game_through_game_policy_as_through_its_class():
    from boardlab.fivetribes import bots

    game = fivetribes.Game(players=2)
    a = play(game, ["greedy", "greedy"], seed=6)
    b = play(game, [bots.GreedyPolicy(), bots.GreedyPolicy()], seed=6)
    assert a.history == b.history
