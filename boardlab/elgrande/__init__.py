"""El Grande (2023 edition; 1995 and Big Box as options): rules engine, majorities, the Castillo, bots.

>>> from boardlab import elgrande
>>> game = elgrande.Game(players=4)            # edition="2023"; also "bigbox", "1995"; short=True
>>> state = game.new_game(seed=5)
>>> state.step, state.to_move in range(4)
('power', True)

See RULES.md in this folder for every assumed value and reading.
"""

from boardlab.elgrande.game import ElGrande

Game = ElGrande

_BENCH: dict = {}


def _bench_placement_state():
    """A 4-player position of round 2 asking for a placement (built once, on first use)."""
    if "place" not in _BENCH:
        import random

        st = ElGrande(players=4).new_game(1)
        rng = random.Random(1)
        while st.round == 1 or st.step != "place":
            st.apply(rng.choice(st.legal_actions()))
        _BENCH["place"] = st
    return _BENCH["place"]


def _bench_greedy_decision():
    """One greedy placement decision (the policy's one-step lookahead over every option)."""
    import random

    from boardlab.elgrande import bots

    return bots.Greedy()(_bench_placement_state(), random.Random(0))


def _bench_turn_position():
    """The exact turn-position distribution of a card laid first with 4 players after it."""
    from boardlab.elgrande import components, odds

    return odds.turn_position_distribution(9, (), [components.POWER_VALUES] * 4)


#: hot kernels timed by ``python -m boardlab.bench``
BENCH_KERNELS = {"greedy placement decision (4 players)": _bench_greedy_decision,
                 "exact turn position (5 players)": _bench_turn_position}

__all__ = ["Game", "ElGrande", "BENCH_KERNELS"]
