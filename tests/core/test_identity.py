"""Identity check: speed work must not change a single game.

tests/core/golden/identity.json pins, for every game, player count and policy (all seats random,
or all seats greedy), a digest of many seeded games: each game's action texts, score sheet and
ranks. It was written on main 40a211d, before any engine optimisation; a faster engine must
reproduce every digest, including the greedy bots' choices (which also exercise ``copy``).

A change that alters play on purpose (a rule fix, new default options) rewrites the file:

    python tests/core/test_identity.py --write      # then review the diff and say why in the commit
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import pytest

from boardlab.core.game import Game
from boardlab.core.policies import play

GOLDEN = Path(__file__).resolve().parent / "golden" / "identity.json"
GAMES = ("whitecastle", "fivetribes", "alea", "elgrande")
POLICIES = ("random", "greedy")
SEEDS = {"random": range(30), "greedy": range(12)}
#: White Castle's greedy bot searches its whole turn (0.2-0.5 s a game): fewer seeds keep it quick
SEEDS_WHITECASTLE_GREEDY = range(5)


def seeds_for(game: str, policy: str) -> range:
    return SEEDS_WHITECASTLE_GREEDY if (game, policy) == ("whitecastle", "greedy") else SEEDS[policy]


def game_digest(game: Game, policy: str, seed: int) -> str:
    """A short digest of one seeded game: its action texts, score sheet and ranks."""
    final = play(game, [policy] * game.players, seed=seed)
    content = {
        "actions": list(final.record.actions),
        "score_sheet": {str(p): sheet for p, sheet in final.score_sheet().items()},
        "ranks": {str(p): r for p, r in final.ranks().items()},
    }
    return hashlib.sha256(json.dumps(content, sort_keys=True).encode()).hexdigest()[:16]


def config_key(players: int, policy: str) -> str:
    return f"{players}p {policy}"


def digests(game_name: str, players: int, policy: str) -> list[str]:
    game = Game.by_name(game_name)(players=players)
    return [game_digest(game, policy, s) for s in seeds_for(game_name, policy)]


def write_golden() -> None:
    from boardlab import bench

    table = {}
    for name in GAMES:
        counts = bench.player_counts(Game.by_name(name))
        table[name] = {config_key(n, p): digests(name, n, p) for n in counts for p in POLICIES}
    GOLDEN.write_text(json.dumps({"games": table}, indent=1, sort_keys=True) + "\n")


def _configs():
    if not GOLDEN.exists():  # being written; test_every_game_and_policy_is_pinned fails without it
        return []
    data = json.loads(GOLDEN.read_text())["games"]
    return [(g, key) for g in GAMES for key in data.get(g, {})]


@pytest.mark.parametrize("game_name,key", _configs(), ids=lambda v: str(v).replace(" ", "-"))
def test_seeded_games_play_exactly_as_on_main_40a211d(game_name, key):
    expected = json.loads(GOLDEN.read_text())["games"][game_name][key]
    players, policy = int(key.split("p ")[0]), key.split("p ")[1]
    got = digests(game_name, players, policy)
    changed = [s for s, a, b in zip(seeds_for(game_name, policy), got, expected) if a != b]
    assert len(got) == len(expected) and not changed, (
        f"{game_name} {key}: the games of seeds {changed} no longer play as pinned "
        f"(action texts, score sheet or ranks differ)")


def test_every_game_and_policy_is_pinned():
    data = json.loads(GOLDEN.read_text())["games"]
    assert set(data) == set(GAMES)
    for name, configs in data.items():
        assert {k.split("p ")[1] for k in configs} == set(POLICIES), name
        assert len(configs) >= 2 * 3, f"{name}: fewer player counts pinned than expected"


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python tests/core/test_identity.py --write")
    write_golden()
    print(f"wrote {GOLDEN}")
