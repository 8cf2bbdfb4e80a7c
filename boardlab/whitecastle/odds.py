"""Exact odds of The White Castle's bridges: which dice show, what they cost, what the lantern is worth.

The rules explained here come from the seed (the project's rules authority):

* Each colour's bridge holds players + 1 dice at the start of a round (2p: 3, 3p: 4, 4p: 5),
  rolled and laid low to high, left to right. Only a die at an end of a bridge can be taken; the
  die next to it then becomes the new end.
* Placing a die compares its pips with the space's value: lower pays the difference in coins,
  higher earns it, equal moves nothing (:func:`boardlab.whitecastle.dice.coin_change`, the one
  definition, used here). Printed values: castle floor 1 = 3, floor 2 = 4, outside the walls = 5,
  the Well = 1 (always, however many dice lie there), personal domain rows = 6.
* At 3-4 players a main-board space other than the Well can hold a second die, which compares
  with the die already there instead of the printed value (``stacked_on=`` below). The Well and
  the personal domain are never stacked.
* Taking the left (lowest) end also gives the lantern rewards (등불), after the coins are settled.
* Coins cannot go negative: a die you cannot pay for cannot be placed (``coins=`` below).

Everything is exact (:class:`fractions.Fraction`). A bridge of ``n`` dice is enumerated as the
multisets of ``n`` pips (at most 252 for ``n = 5``) with their multinomial weights, not as the
6**n ordered rolls. The enumerator is our own, about ten lines: a bridge *is* a sorted multiset,
so the multiset itself (both ends and what lies between) is the natural outcome, whereas a dice
library such as icepool would add a dependency and answer one statistic at a time. Results are
cached, so a notebook widget recomputes in well under a millisecond.

Two modelling choices that are not rules:

* The coin worth of lantern icons (:data:`DEFAULT_ICON_WORTH`) is a user-adjustable assumption.
* A bridge holding a single die has that die at both ends. No source says whether taking it counts
  as taking the left die (lantern); here ``end="left"`` on a one-die bridge gives the lantern and
  ``end="right"`` does not, so the caller decides.

Regenerate the committed tables with::

    python -m boardlab.whitecastle.odds --write-data data/whitecastle
"""

from __future__ import annotations

import argparse
import math
import numbers
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement
from pathlib import Path

from boardlab.whitecastle.dice import coin_change, dice_per_bridge

FACES = (1, 2, 3, 4, 5, 6)
MAX_BRIDGE = 5
ENDS = ("left", "right")
PLAYER_COUNTS = (2, 3, 4)
STACKING_PLAYER_COUNTS = (3, 4)

#: Printed value -> the space(s) that print it (seed).
SPACE_NAMES = {
    1: "the Well",
    3: "castle floor 1",
    4: "castle floor 2",
    5: "outside the walls",
    6: "personal domain",
}
#: Printed values of the spaces that may take a second die at 3-4 players.
STACKABLE_VALUES = (3, 4, 5)

#: Coins a lantern icon is taken to be worth. An ASSUMPTION for exploring, not a rule:
#: change it (or pass your own ``icon_worth``) to match how you value each gain.
DEFAULT_ICON_WORTH = {"food": 1, "iron": 1, "pearl": 1, "coin": 1, "seal": 1, "cp": 2, "time": 1}


# --------------------------------------------------------------------------------------------
# Checking parameters


def _is_int(x) -> bool:
    return isinstance(x, numbers.Integral) and not isinstance(x, bool)


def _check_n(n) -> int:
    if not _is_int(n) or not 1 <= n <= MAX_BRIDGE:
        raise ValueError(f"a bridge holds 1 to {MAX_BRIDGE} dice (an int); got {n!r}")
    return int(n)


def _check_pips(pips, what: str = "a die") -> int:
    if not _is_int(pips) or not 1 <= pips <= 6:
        raise ValueError(f"{what} shows 1 to 6 pips (an int); got {pips!r}")
    return int(pips)


def _check_dice(dice) -> tuple[int, ...]:
    try:
        dice = tuple(dice)
    except TypeError:
        raise ValueError(f"a bridge is a sequence of 1 to {MAX_BRIDGE} dice; got {dice!r}") from None
    if not 1 <= len(dice) <= MAX_BRIDGE:
        raise ValueError(f"a bridge holds 1 to {MAX_BRIDGE} dice; got {len(dice)}: {dice!r}")
    return tuple(sorted(_check_pips(pips) for pips in dice))


def _check_end(end) -> str:
    if end not in ENDS:
        raise ValueError(f"end must be 'left' or 'right'; got {end!r}")
    return end


def _check_coins(coins):
    if coins is None:
        return None
    if not _is_int(coins) or coins < 0:
        raise ValueError(f"coins must be a whole number >= 0 (or None for no limit); got {coins!r}")
    return int(coins)


def _as_fraction(x, what: str) -> Fraction:
    if isinstance(x, bool) or not isinstance(x, numbers.Real):
        raise ValueError(f"{what} must be a number (int, Fraction or float); got {x!r}")
    if isinstance(x, float):
        if not math.isfinite(x):
            raise ValueError(f"{what} must be finite; got {x!r}")
        return Fraction(repr(float(x)))  # 0.1 -> 1/10, the number the user typed
    return Fraction(x)


def reference_value(space, stacked_on=None) -> int:
    """The value a placed die is compared with (seed: printed value, or the die already there).

    ``space`` is a printed value (1 Well, 3 castle floor 1, 4 floor 2, 5 outside the walls,
    6 personal domain). ``stacked_on`` is the pips of the die already on the space (3-4 players,
    main-board spaces other than the Well only); it then replaces the printed value.
    """
    if not _is_int(space) or space not in SPACE_NAMES:
        raise ValueError(f"space must be a printed value in {sorted(SPACE_NAMES)} "
                         f"({', '.join(f'{k} = {v}' for k, v in SPACE_NAMES.items())}); got {space!r}")
    if stacked_on is None:
        return int(space)
    stacked_on = _check_pips(stacked_on, "the die already on the space (stacked_on)")
    if space not in STACKABLE_VALUES:
        raise ValueError(f"{SPACE_NAMES[space]} (value {space}) is never stacked; stacked_on needs "
                         f"a main-board space of value 3, 4 or 5; got space {space!r}")
    return stacked_on


def _key(value):
    """Sort key that puts None (an emptied bridge) first."""
    if isinstance(value, tuple):
        return tuple(_key(v) for v in value)
    return (0, 0) if value is None else (1, value)


def _sorted(dist: dict) -> dict:
    return {k: dist[k] for k in sorted(dist, key=_key)}


# --------------------------------------------------------------------------------------------
# The enumerator


@lru_cache(maxsize=None)
def _rolls(n: int) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    total = 6 ** n
    out = []
    for dice in combinations_with_replacement(FACES, n):
        ways = math.factorial(n)
        for count in Counter(dice).values():
            ways //= math.factorial(count)
        out.append((dice, Fraction(ways, total)))
    return tuple(out)


def bridge_rolls(n: int) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    """Every bridge of ``n`` freshly rolled dice, laid low to high, with its probability.

    Seed: the dice are rolled and laid on their bridge from the lowest (left) to the highest
    (right). Returns ``((dice, probability), ...)`` with ``dice`` a sorted tuple; one entry per
    multiset, weighted by its multinomial count over 6**n.
    """
    return _rolls(_check_n(n))


def _distribution(n: int, outcome) -> dict:
    dist: dict = {}
    for dice, p in _rolls(n):
        key = outcome(dice)
        dist[key] = dist.get(key, 0) + p
    return _sorted(dist)


def mean(dist: dict) -> Fraction:
    """Expected value of a distribution ``{value: probability}`` with numeric values."""
    return sum((Fraction(v) * p for v, p in dist.items()), Fraction(0))


# --------------------------------------------------------------------------------------------
# Bridge ends


@lru_cache(maxsize=None)
def _end_dist(n: int, end: str) -> dict:
    i = 0 if end == "left" else -1
    return _distribution(n, lambda dice: dice[i])


def left_end_distribution(n: int) -> dict[int, Fraction]:
    """Pips of the left (lowest) die of a freshly rolled ``n``-die bridge: ``{pips: probability}``.

    Seed: dice are laid low to high, so the left end is the minimum of the roll; it is the die
    that brings the lantern rewards.
    """
    return dict(_end_dist(_check_n(n), "left"))


def right_end_distribution(n: int) -> dict[int, Fraction]:
    """Pips of the right (highest) die of a freshly rolled ``n``-die bridge: ``{pips: probability}``.

    Seed: dice are laid low to high, so the right end is the maximum of the roll.
    """
    return dict(_end_dist(_check_n(n), "right"))


@lru_cache(maxsize=None)
def _ends_joint(n: int) -> dict:
    return _distribution(n, lambda dice: (dice[0], dice[-1]))


def ends_distribution(n: int) -> dict[tuple[int, int], Fraction]:
    """Joint pips of both ends of a freshly rolled ``n``-die bridge: ``{(left, right): probability}``.

    Seed: only the two end dice can be taken, so these are the two offers a bridge makes.
    """
    return dict(_ends_joint(_check_n(n)))


# --------------------------------------------------------------------------------------------
# Coins


def _end_pips(dice: tuple[int, ...], end: str) -> int:
    return dice[0] if end == "left" else dice[-1]


def pick_coin_change(dice, end: str, space: int, *, stacked_on: int | None = None) -> int:
    """Coins gained (+) or paid (-) by placing the ``end`` die of bridge ``dice`` on ``space``.

    Seed: below the space's value pays the difference, above earns it, equal nothing; a stacked
    space compares with the die already there (``stacked_on``). Example from the seed: ends 1 and 5,
    space value 3: left -> -2, right -> +2. ``dice`` may be given in any order; a bridge is laid
    low to high, so they are sorted first (the same holds for every function taking ``dice``).
    """
    dice = _check_dice(dice)
    return coin_change(_end_pips(dice, _check_end(end)), reference_value(space, stacked_on))


@lru_cache(maxsize=None)
def _change_dist(n: int, end: str, reference: int) -> dict:
    return _distribution(n, lambda dice: coin_change(_end_pips(dice, end), reference))


def coin_change_distribution(n: int, end: str, space: int, *,
                             stacked_on: int | None = None) -> dict[int, Fraction]:
    """Coin change of taking the ``end`` die of a freshly rolled ``n``-die bridge and placing it
    on ``space`` (printed value, or ``stacked_on`` the die already there): ``{coins: probability}``.

    Seed: placement pays or earns the difference from the space's value (see
    :func:`pick_coin_change`). Negative = coins paid.
    """
    return dict(_change_dist(_check_n(n), _check_end(end), reference_value(space, stacked_on)))


def expected_coin_change(n: int, end: str, space: int, *, stacked_on: int | None = None) -> Fraction:
    """Mean coin change of :func:`coin_change_distribution` (seed: the placement difference)."""
    return mean(coin_change_distribution(n, end, space, stacked_on=stacked_on))


def pick_affordable(dice, end: str, space: int, coins: int, *, stacked_on: int | None = None) -> bool:
    """Whether a player holding ``coins`` can place the ``end`` die of ``dice`` on ``space``.

    Seed: the difference is paid first and coins cannot go negative (lantern coins come too
    late to help), so a die costing more than you hold cannot go there.
    """
    coins = _check_coins(coins)
    if coins is None:
        raise ValueError("coins must be a whole number >= 0 for an affordability question; got None")
    return pick_coin_change(dice, end, space, stacked_on=stacked_on) >= -coins


def affordable_probability(n: int, end: str, space: int, coins: int, *,
                           stacked_on: int | None = None) -> Fraction:
    """Probability that the ``end`` die of a freshly rolled ``n``-die bridge can be placed on
    ``space`` by a player holding ``coins`` (seed: a die you cannot pay for cannot be placed)."""
    coins = _check_coins(coins)
    if coins is None:
        raise ValueError("coins must be a whole number >= 0 for an affordability question; got None")
    dist = coin_change_distribution(n, end, space, stacked_on=stacked_on)
    return sum((p for change, p in dist.items() if change >= -coins), Fraction(0))


# --------------------------------------------------------------------------------------------
# Lantern versus coins


def lantern_contents_worth(icons, icon_worth: dict | None = None) -> Fraction:
    """Coin worth of one lantern reward: the sum of the worths of the icons in the lantern area.

    Seed: a lantern reward gains every icon showing in your lantern area once. ``icons`` is a list
    such as ``["food", "coin", "time"]`` (repeat an icon shown twice). ``icon_worth`` maps icon ->
    coins and defaults to :data:`DEFAULT_ICON_WORTH`, which is an adjustable assumption, not a rule.
    """
    worth = DEFAULT_ICON_WORTH if icon_worth is None else icon_worth
    if isinstance(icons, str):
        raise ValueError(f"icons must be a list of icon names, not one string; got {icons!r}")
    total = Fraction(0)
    for icon in icons:
        if icon not in worth:
            raise ValueError(f"unknown lantern icon {icon!r}; expected one of {sorted(worth)}")
        total += _as_fraction(worth[icon], f"the worth of {icon!r}")
    return total


def pick_value(dice, end: str, space: int, *, stacked_on: int | None = None,
               lantern_worth=0) -> Fraction:
    """Value in coins of taking the ``end`` die of ``dice`` to ``space``, counting the lantern.

    Seed: the left (lowest) die also gives the lantern rewards after the coins are settled, so
    value(left) = coin change(left) + ``lantern_worth``; value(right) = coin change(right).
    """
    change = pick_coin_change(dice, end, space, stacked_on=stacked_on)
    worth = _as_fraction(lantern_worth, "lantern_worth")
    return change + (worth if end == "left" else 0)


@lru_cache(maxsize=4096)
def _value_dist(n: int, end: str, reference: int, worth: Fraction) -> dict:
    bonus = worth if end == "left" else Fraction(0)
    return _distribution(n, lambda dice: coin_change(_end_pips(dice, end), reference) + bonus)


def pick_value_distribution(n: int, end: str, space: int, *, stacked_on: int | None = None,
                            lantern_worth=0) -> dict[Fraction, Fraction]:
    """Distribution of :func:`pick_value` over freshly rolled ``n``-die bridges.

    Seed: left = coin change + lantern rewards, right = coin change. ``{value: probability}``.
    """
    return dict(_value_dist(_check_n(n), _check_end(end), reference_value(space, stacked_on),
                            _as_fraction(lantern_worth, "lantern_worth")))


def expected_pick_value(n: int, end: str, space: int, *, stacked_on: int | None = None,
                        lantern_worth=0) -> Fraction:
    """Mean of :func:`pick_value_distribution` (seed: left = coins + lantern, right = coins)."""
    return mean(pick_value_distribution(n, end, space, stacked_on=stacked_on,
                                        lantern_worth=lantern_worth))


def break_even_lantern_worth(dice, space: int, *, stacked_on: int | None = None) -> int:
    """Lantern worth (coins) above which the left die beats the right die of bridge ``dice``.

    Seed: left earns coin change(left) + lantern, right earns coin change(right); they tie when
    the lantern is worth right change - left change. Because both dice are compared with the same
    reference, this equals right pips - left pips: it does not depend on the space's value, and
    not on a stacked die either (``space``/``stacked_on`` are accepted to show it; a test checks it).
    """
    left = pick_coin_change(dice, "left", space, stacked_on=stacked_on)
    right = pick_coin_change(dice, "right", space, stacked_on=stacked_on)
    return right - left


@lru_cache(maxsize=None)
def _break_even_dist(n: int) -> dict:
    return _distribution(n, lambda dice: dice[-1] - dice[0])


def break_even_distribution(n: int) -> dict[int, Fraction]:
    """Distribution of the break-even lantern worth over freshly rolled ``n``-die bridges.

    Seed: the left die wins when the lantern is worth more than right change - left change,
    which is the spread right pips - left pips of the roll, whatever the space (see
    :func:`break_even_lantern_worth`). ``{coins: probability}``; 0 means the ends are equal.
    """
    return dict(_break_even_dist(_check_n(n)))


@dataclass(frozen=True)
class PickComparison:
    """Both picks of one bridge for one space, in coins (see :func:`compare_picks`)."""

    dice: tuple[int, ...]
    reference: int
    left_change: int
    right_change: int
    lantern_worth: Fraction
    left_value: Fraction
    right_value: Fraction
    break_even: int
    left_affordable: bool
    right_affordable: bool
    better: str  # "left", "right", "equal" or "neither" (neither affordable)


def _better(left_change: int, right_change: int, worth: Fraction, coins) -> str:
    left_ok = coins is None or left_change >= -coins
    right_ok = coins is None or right_change >= -coins
    if not right_ok and not left_ok:
        return "neither"
    if not left_ok:
        return "right"
    if not right_ok:
        return "left"
    left_value = left_change + worth
    if left_value > right_change:
        return "left"
    return "right" if left_value < right_change else "equal"


def compare_picks(dice, space: int, *, stacked_on: int | None = None, lantern=(),
                  icon_worth: dict | None = None, coins: int | None = None) -> PickComparison:
    """Left versus right die of bridge ``dice`` placed on ``space``, with the lantern contents.

    Seed: both ends pay or earn their difference from the space's value (or the stacked die);
    the left one adds the lantern rewards; a die you cannot pay for cannot be placed. ``lantern``
    lists the icons in your lantern area, valued with ``icon_worth`` (default
    :data:`DEFAULT_ICON_WORTH`, an assumption). ``coins`` (optional) is what you hold.
    """
    dice = _check_dice(dice)
    coins = _check_coins(coins)
    reference = reference_value(space, stacked_on)
    worth = lantern_contents_worth(lantern, icon_worth)
    left = coin_change(dice[0], reference)
    right = coin_change(dice[-1], reference)
    return PickComparison(
        dice=dice, reference=reference, left_change=left, right_change=right,
        lantern_worth=worth, left_value=left + worth, right_value=Fraction(right),
        break_even=right - left,
        left_affordable=coins is None or left >= -coins,
        right_affordable=coins is None or right >= -coins,
        better=_better(left, right, worth, coins),
    )


@lru_cache(maxsize=4096)
def _better_dist(n: int, reference: int, worth: Fraction, coins) -> dict:
    dist = {"left": Fraction(0), "right": Fraction(0), "equal": Fraction(0), "neither": Fraction(0)}
    for dice, p in _rolls(n):
        dist[_better(coin_change(dice[0], reference), coin_change(dice[-1], reference), worth, coins)] += p
    return dist


def better_pick_distribution(n: int, space: int, *, stacked_on: int | None = None,
                             lantern_worth=0, coins: int | None = None) -> dict[str, Fraction]:
    """How often each end is the better pick over freshly rolled ``n``-die bridges.

    Seed: left = coin change + lantern rewards, right = coin change; a die you cannot pay for
    cannot be placed. Returns probabilities of ``"left"``, ``"right"``, ``"equal"`` and
    ``"neither"`` (no end affordable with ``coins``; only possible when ``coins`` is given).
    """
    return dict(_better_dist(_check_n(n), reference_value(space, stacked_on),
                             _as_fraction(lantern_worth, "lantern_worth"), _check_coins(coins)))


# --------------------------------------------------------------------------------------------
# What the next player sees


def after_pick(dice, end: str) -> tuple[int | None, int | None]:
    """Ends of bridge ``dice`` after its ``end`` die is taken: ``(new left, new right)``.

    Seed: only an end die can be taken; the die beside it becomes the new end. A bridge emptied
    by the pick gives ``(None, None)``; a single remaining die is both ends.
    """
    dice = _check_dice(dice)
    rest = dice[1:] if _check_end(end) == "left" else dice[:-1]
    return (rest[0], rest[-1]) if rest else (None, None)


@lru_cache(maxsize=None)
def _after_dist(n: int, end: str) -> dict:
    return _distribution(n, lambda dice: after_pick(dice, end))


def after_pick_distribution(n: int, end: str) -> dict[tuple[int | None, int | None], Fraction]:
    """Joint distribution of the ends left for the next player after the ``end`` die of a freshly
    rolled ``n``-die bridge is taken: ``{(new left, new right): probability}`` (seed: only end
    dice can be taken, so your pick decides what the next player is offered)."""
    return dict(_after_dist(_check_n(n), _check_end(end)))


# --------------------------------------------------------------------------------------------
# Tables for notebooks and articles


def _p_columns(p: Fraction) -> dict:
    return {"probability": str(p), "probability_float": float(p)}


def _space_rows(players: int):
    """(space label, printed value or "", stacked_on or "", space, stacked_on) for a player count."""
    for value, name in SPACE_NAMES.items():
        yield name, value, "", value, None
    if players in STACKING_PLAYER_COUNTS:
        for below in FACES:
            yield f"stacked on a {below}", "", below, STACKABLE_VALUES[0], below


def bridge_ends_table():
    """Tidy table of :func:`left_end_distribution` / :func:`right_end_distribution` for n = 1..5.

    Columns: n, end, pips, probability (exact, as text), probability_float.
    """
    import pandas as pd

    rows = []
    for n in range(1, MAX_BRIDGE + 1):
        for end, dist in (("left", left_end_distribution(n)), ("right", right_end_distribution(n))):
            for pips in FACES:
                rows.append({"n": n, "end": end, "pips": pips, **_p_columns(dist.get(pips, Fraction(0)))})
    return pd.DataFrame(rows)


def bridge_ends_joint_table():
    """Tidy table of :func:`ends_distribution` for n = 1..5 (columns n, left, right, probability...)."""
    import pandas as pd

    rows = [{"n": n, "left": left, "right": right, **_p_columns(p)}
            for n in range(1, MAX_BRIDGE + 1) for (left, right), p in ends_distribution(n).items()]
    return pd.DataFrame(rows)


def coin_change_table():
    """Tidy table of :func:`coin_change_distribution` for a full bridge at each player count.

    One row per (players, space, end, coin change). Stacked spaces (3-4 players) appear as
    "stacked on a k"; their printed value is blank because the die below sets the reference.
    """
    import pandas as pd

    rows = []
    for players in PLAYER_COUNTS:
        n = dice_per_bridge(players)
        for label, printed, below, space, stacked_on in _space_rows(players):
            for end in ENDS:
                for change, p in coin_change_distribution(n, end, space, stacked_on=stacked_on).items():
                    rows.append({"players": players, "n": n, "space": label, "printed_value": printed,
                                 "stacked_on": below, "end": end, "coin_change": change, **_p_columns(p)})
    return pd.DataFrame(rows)


def coin_change_expectation_table():
    """Expected coin change, and how often the pick costs or earns coins, left versus right.

    One row per (players, space, end) for a full bridge (seed: players + 1 dice).
    Columns add expected_coin_change, p_pay (pick costs coins) and p_earn (pick earns coins),
    each as exact text plus a ``_float`` column.
    """
    import pandas as pd

    rows = []
    for players in PLAYER_COUNTS:
        n = dice_per_bridge(players)
        for label, printed, below, space, stacked_on in _space_rows(players):
            for end in ENDS:
                dist = coin_change_distribution(n, end, space, stacked_on=stacked_on)
                row = {"players": players, "n": n, "space": label, "printed_value": printed,
                       "stacked_on": below, "end": end}
                for column, value in (
                        ("expected_coin_change", mean(dist)),
                        ("p_pay", sum((p for c, p in dist.items() if c < 0), Fraction(0))),
                        ("p_earn", sum((p for c, p in dist.items() if c > 0), Fraction(0)))):
                    row[column] = str(value)
                    row[column + "_float"] = float(value)
                rows.append(row)
    return pd.DataFrame(rows)


def break_even_table():
    """Tidy table of :func:`break_even_distribution` for a full bridge at each player count.

    Columns: players, n, break_even (coins of lantern worth at which left ties right),
    probability, probability_float. The same for every space.
    """
    import pandas as pd

    rows = []
    for players in PLAYER_COUNTS:
        n = dice_per_bridge(players)
        for worth, p in break_even_distribution(n).items():
            rows.append({"players": players, "n": n, "break_even": worth, **_p_columns(p)})
    return pd.DataFrame(rows)


TABLES = {
    "bridge_ends.csv": bridge_ends_table,
    "bridge_ends_joint.csv": bridge_ends_joint_table,
    "coin_change.csv": coin_change_table,
    "coin_change_expectation.csv": coin_change_expectation_table,
    "break_even.csv": break_even_table,
}


def write_tables(directory) -> list[Path]:
    """Write every table in :data:`TABLES` as CSV into ``directory``; return the paths written."""
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, build in TABLES.items():
        path = directory / name
        build().to_csv(path, index=False, lineterminator="\n")
        paths.append(path)
    return paths


def main(argv=None) -> int:
    import sys

    from boardlab import cli_language
    from boardlab.cli_language import say

    argv = list(sys.argv[1:] if argv is None else argv)
    with cli_language.commanding(argv) as language:
        parser = argparse.ArgumentParser(
            prog="python -m boardlab.whitecastle.odds", formatter_class=cli_language.formatter(),
            description=say("Exact bridge odds of The White Castle; writes the tables in data/whitecastle.",
                            "백로성 다리의 정확한 확률: 표를 data/whitecastle에 씁니다."))
        parser.add_argument("--write-data", metavar="DIR" if language != "ko" else "폴더", required=True,
                            help=say("directory to write the CSV tables into (e.g. data/whitecastle)",
                                     "CSV 표를 쓸 폴더 (예: data/whitecastle)"))
        cli_language.language_option(parser)
        args = parser.parse_args(argv)
    for path in write_tables(args.write_data):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
