"""The forward model of Alea Iacta Est: setup, legal actions and apply.

A turn is three small decisions: spend a Repete chip to reroll (keeping any subset) or choose a
building; then choose the dice placed there. At the end of a set the rewards that need a choice
(the senate card kept, the province or patrician taken) are decisions of their own, asked in
rank order; a choice with a single option is made by the engine. Everything else (rolling,
drawing fortune tiles, chips, final scoring) happens automatically.

Where a rule lives: one function per building's placement (``_templum`` .. ``_forum``), one per
building's reward (``_reward_*``), the Latrina rule in ``placements``.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import NamedTuple

from boardlab.alea import actions as A
from boardlab.alea.components import (
    BUILDINGS, CASTRUM, DICE, FORTUNE_COUNTS, FORTUNE_VALUES, FORUM, LATRINA, NPAT, NPROV, PLAYER_COUNTS, SENATE,
    SENATUS, TEMPLUM, senate_deck,
)
from boardlab.core.chance import ChanceStream
from boardlab.core.tuples import replaced

REWARD_STEPS = ("senate", "castrum", "forum")


# -- dice multisets (cached: the same rolls come up again and again) ----------------------------
@lru_cache(maxsize=None)
def submultisets(hand: tuple) -> tuple:
    """Every distinct sub-multiset of ``hand`` (ascending tuples), the empty one first."""
    ordered = sorted(hand)  # combinations of a sorted hand are ascending; the set drops repeats
    return tuple(sorted({sub for k in range(len(ordered) + 1) for sub in combinations(ordered, k)}))


@lru_cache(maxsize=None)
def _of_size(hand: tuple, k: int) -> tuple:
    return tuple(s for s in submultisets(hand) if len(s) == k)


@lru_cache(maxsize=None)
def _reroll_actions(hand: tuple) -> tuple:
    return tuple(A.reroll(keep) for keep in submultisets(hand) if len(keep) < len(hand))


def _without(row: tuple, item) -> tuple:
    """``row`` without the first ``item`` (as ``list.remove``)."""
    i = row.index(item)
    return row[:i] + row[i + 1:]


def remove_dice(hand: tuple, dice: tuple) -> tuple:
    rest = list(hand)
    for d in dice:
        rest.remove(d)
    return tuple(rest)


# -- setup ----------------------------------------------------------------------------------------
class Flags(NamedTuple):
    """The game's options the rules read on every decision, looked up once (``st.flags``)."""

    unrewarded: bool  # misplay unrewarded_placements
    latrina_by_choice: bool
    castrum_one_group: bool
    forum_refuses_six: bool
    reroll_all: bool  # misplay reroll_all_dice
    templum_draw_all: bool  # misplay templum_draw_all_dice
    set_ends_at_once: bool
    lone_templum_no_extra: bool
    senate_leftover_discarded: bool
    leftover_tiles_reused: bool
    earliest: bool  # tie_rule == "earliest"
    min_straight: int  # senatus_min_straight
    latrina_dice: str


def flags(game) -> Flags:
    m = game.misplay
    return Flags(m("unrewarded_placements"), m("latrina_by_choice"), m("castrum_one_group"), m("forum_refuses_six"),
                 m("reroll_all_dice"), m("templum_draw_all_dice"), m("set_ends_at_once"), m("lone_templum_no_extra"),
                 m("senate_leftover_discarded"), m("leftover_tiles_reused"), game.tie_rule == "earliest",
                 game.senatus_min_straight, game.latrina_dice)


def table(game):
    """(sets, templum in play, forum slots, provinces per set, senatus rewarded ranks, patricians removed)."""
    pc = PLAYER_COUNTS[game.players]
    sets = 5 if game.misplay("five_sets_always") else pc.sets
    templum = pc.templum or game.misplay("templum_small_games")
    slots = PLAYER_COUNTS[5].forum_slots if game.misplay("full_forum_always") else pc.forum_slots
    return sets, templum, slots, pc.provinces_per_set, pc.senatus_rewarded, pc.patricians_removed


def set_up(st, game, seed: int):
    """Lay out a new game on ``st``, a bare state (``state.new_state`` makes it): rules never
    import the state module, so the two do not import each other."""
    st._places = st._open = None
    P = game.players
    st.nplayers = P
    st.nsets, st.templum, st.slots, st.nprov, st.rewarded, removed = table(game)
    st.flags = flags(game)
    st.chance = ChanceStream(seed)
    st.set_no, st.caesar, st.player, st.step, st.ending = 1, 0, 0, "turn", False
    st.free = (DICE,) * P
    st.hand, st.chosen = (), -1
    st.chips = (0,) * P
    st.provs = st.pats = st.cards = st.fortune = ((),) * P
    st.fpile = tuple(FORTUNE_COUNTS[v] if st.templum else 0 for v in FORTUNE_VALUES)
    st.fdisc = (0,) * len(FORTUNE_VALUES)
    deck = senate_deck(st.templum)
    st.chance.next_rng().shuffle(deck)
    st.deck = tuple(deck)  # top first; the last ``st.under`` cards were put under it face down (seed point 6)
    st.under = 0
    st.senate_out = ()
    pats = list(range(NPAT))
    st.pat_removed = tuple(sorted(st.chance.next_rng().sample(pats, removed)))  # KR's face-down removal
    st.pat_supply = tuple(sorted(set(pats) - set(st.pat_removed)))
    st.prov_supply = tuple(range(NPROV))
    st.aside_prov, st.aside_pat = (), ()
    st.queue, st.offer = (), ()
    _clear_buildings(st)
    _reveal(st)
    _start_turn(st, st.caesar)
    return st


def _clear_buildings(st) -> None:
    P = st.nplayers
    st.tem = ((),) * P
    st.tem_leader = -1
    st.drawn = ((),) * P
    st.sen = ((),) * P
    st.sen_stamp = (0,) * P
    st.cas = ()  # (player, value, count, stamp)
    st.forum = ()  # (value, player), left to right
    st.lat = (0,) * P
    st.stamp = 0
    st.prov_shown, st.pat_shown = (), ()


def _draw_tiles(st, supply: tuple, k: int) -> tuple:
    """(``k`` tiles drawn at random from a sorted supply, fewer if it runs short; the supply left)."""
    k = min(k, len(supply))
    if k == 0:
        return (), supply
    drawn = st.chance.next_rng().sample(supply, k)
    rest = list(supply)
    for t in drawn:
        rest.remove(t)
    return tuple(sorted(drawn)), tuple(rest)


def _reveal(st) -> None:
    st.prov_shown, st.prov_supply = _draw_tiles(st, st.prov_supply, st.nprov)
    st.pat_shown, st.pat_supply = _draw_tiles(st, st.pat_supply, st.slots)


def _roll(st, n: int) -> list:
    rnd = st.chance.next_rng().random
    return [int(rnd() * 6) + 1 for _ in range(n)]


def _start_turn(st, p: int) -> None:
    """Player p rolls all of their unplaced dice (seed point 3)."""
    st.player, st.step, st.chosen = p, "turn", -1
    st.hand = tuple(sorted(_roll(st, st.free[p])))
    st._places = st._open = None


# -- placements -----------------------------------------------------------------------------------
def open_buildings(st) -> tuple:
    """The buildings the player to move may choose now (cached until the state changes).

    Seed point 8: a placement that cannot reach a rewarded rank is no placement; only when no
    building has one may (and must) the dice go to the Latrina. Each ``_can_*`` answers quickly
    whether ``_OPTIONS[b]`` would list anything (tests/alea/test_placements.py holds them to it)."""
    if st._open is not None:
        return st._open
    f, p, hand = st.flags, st.player, st.hand
    out = _OPEN[_can_templum(st, p, hand, f), _can_senatus(st, p, hand, f), _can_castrum(st, p, hand, f),
                _can_forum(st, p, hand, f), f.latrina_by_choice]
    st._open = out
    return out


def _open_table() -> dict:
    """{(templum?, senatus?, castrum?, forum?, latrina by choice?): the open buildings, in order}."""
    table = {}
    for bits in range(32):
        key = tuple(bool(bits >> i & 1) for i in range(5))
        out = tuple(b for b, can in zip((TEMPLUM, SENATUS, CASTRUM, FORUM), key) if can)
        table[key] = out + (LATRINA,) if not out or key[4] else out
    return table


_OPEN = _open_table()


def options(st, building: int) -> tuple:
    """The dice the player to move may place in an open ``building`` (cached)."""
    cache = st._places
    if cache is None:
        cache = st._places = {}
    opts = cache.get(building)
    if opts is None:
        if building == LATRINA:
            n = len(st.hand)
            opts = {"choice": tuple(range(1, n + 1)), "one": (1,), "all": (n,)}[st.flags.latrina_dice]
        else:
            opts = _OPTIONS[building](st, st.player, st.hand, st.flags)
        cache[building] = opts
    return opts


def placements(st) -> dict:
    """{building: (dice tuples, or Latrina dice counts)} the player to move may place now."""
    return {b: options(st, b) for b in open_buildings(st)}


def _can_templum(st, p, hand, f):
    if not st.templum:
        return False
    if st.tem_leader < 0:
        return True
    lead, own = st.tem[st.tem_leader], st.tem[p]
    k = len(lead) + 1 - len(own)
    return 1 <= k <= len(hand) and sum(hand[-k:]) > sum(lead) - sum(own)  # the k highest dice


def _can_senatus(st, p, hand, f):
    cands = _straights(hand, st.sen[p], f.min_straight)
    return bool(cands) and (f.unrewarded or cands[-1][0] >= _senatus_threshold(st, p))


def _can_castrum(st, p, hand, f):
    if len(st.cas) < len(st.prov_shown) and not f.castrum_one_group:
        return True  # fewer groups than provinces: any group is rewarded
    own = {v: c for q, v, c, _ in st.cas if q == p}
    one_group = own and f.castrum_one_group
    places = len(st.prov_shown)
    for v, n in _value_counts(hand):
        if one_group and v not in own:
            continue
        if f.unrewarded or _castrum_rank(st, p, v, own.get(v, 0) + n, f.earliest) < places:
            return True
    return False


def _can_forum(st, p, hand, f):
    if len(st.forum) < st.slots and (hand[0] != 6 or not f.forum_refuses_six):
        return True  # room left: any die lands inside
    return bool(_forum(st, p, hand, f))


def _templum(st, p, hand, f):
    """The first placement is one die; each later one brings the placer's dice to one more than
    the leader's, with a higher sum. Every participant is rewarded (a tile kept)."""
    own = st.tem[p]
    if st.tem_leader < 0:
        return _singles(hand)
    lead = st.tem[st.tem_leader]
    k = len(lead) + 1 - len(own)
    if k < 1 or k > len(hand):
        return ()
    need = sum(lead) - sum(own)
    return tuple(s for s in _of_size(hand, k) if sum(s) > need)


_STRAIGHTS = {}


def _straights(hand: tuple, own: tuple, min_len: int) -> tuple:
    """(length, new dice) of every straight ``hand`` can make or extend ``own`` to (cached)."""
    key = hand, own, min_len
    cands = _STRAIGHTS.get(key)
    if cands is None:
        cands = _STRAIGHTS[key] = _straights_of_faces(frozenset(hand), own, min_len)
    return cands


@lru_cache(maxsize=None)
def _straights_of_faces(have: frozenset, own: tuple, min_len: int) -> tuple:
    lo, hi = (own[0], own[-1]) if own else (None, None)
    out = []
    for a in range(1, 7):
        for b in range(a, 7):
            if own and not (a <= lo and b >= hi and (a, b) != (lo, hi)):
                continue
            if b - a + 1 < min_len:
                continue
            new = tuple(v for v in range(a, b + 1) if not own or v < lo or v > hi)
            if all(v in have for v in new):
                out.append((b - a + 1, new))
    return tuple(sorted(out))  # shortest first: the last is the longest


def _senatus_threshold(st, p) -> int:
    """The shortest straight p's placement now must reach to rank among the rewarded."""
    others = [len(s) for s in st.sen if s]  # the lengths of the other players' straights
    if st.sen[p]:
        others.remove(len(st.sen[p]))
    if len(others) < st.rewarded:
        return 0
    others.sort(reverse=True)
    bar = others[st.rewarded - 1]  # the R-th best other straight
    return bar + 1 if st.flags.earliest else bar  # latest placement wins a full tie


def _senatus(st, p, hand, f):
    """One straight per player, extended in later turns (seed point 6 is about its reward)."""
    cands = _straights(hand, st.sen[p], f.min_straight)
    if not cands:
        return ()
    bar = 0 if f.unrewarded else _senatus_threshold(st, p)
    return tuple(new for length, new in cands if length >= bar)


def _castrum_rank(st, p, value, count, earliest) -> int:
    """How many groups would rank above p's group of ``count`` x ``value`` placed now."""
    n = 0
    for q, v, c, _ in st.cas:
        if q == p and v == value:
            continue  # the group being extended
        if c > count or (c == count and (v > value or (v == value and earliest))):
            n += 1
    return n


@lru_cache(maxsize=None)
def _value_counts(hand: tuple) -> tuple:
    return tuple((v, hand.count(v)) for v in sorted(set(hand)))


@lru_cache(maxsize=None)
def _singles(hand: tuple) -> tuple:
    return tuple((v,) for v in sorted(set(hand)))


@lru_cache(maxsize=None)
def _groups(hand: tuple) -> tuple:
    """Every group of equal dice in ``hand``: by value, then size."""
    return tuple((v,) * j for v, n in _value_counts(hand) for j in range(1, n + 1))


def _castrum(st, p, hand, f):
    """Groups of equal dice; seed point 6 (second): a player may hold several groups."""
    if not f.castrum_one_group and (f.unrewarded or len(st.cas) < len(st.prov_shown)):
        return _groups(hand)  # fewer groups than provinces (or any group allowed): every group
    return _castrum_by_rank(st, p, hand, f)


def _castrum_by_rank(st, p, hand, f):
    """The groups of ``hand`` that rank among the rewarded (``_castrum`` without its shortcut)."""
    places = len(st.prov_shown)
    own = {v: c for q, v, c, _ in st.cas if q == p}
    one_group = own and f.castrum_one_group
    out = []
    for v, n in _value_counts(hand):
        if one_group and v not in own:
            continue
        have = own.get(v, 0)
        k = n
        if not f.unrewarded:  # larger groups rank better: find the smallest group that is rewarded
            while k >= 1 and _castrum_rank(st, p, v, have + k, f.earliest) < places:
                k -= 1
            k += 1
        else:
            k = 1
        out.extend((v,) * j for j in range(k, n + 1))
    return tuple(out)


def _forum_position(st, value: int) -> int:
    """Where a die of ``value`` goes: lowest values leftmost, the latest of equal values first."""
    return _slot(st.forum, value)


def _slot(forum, value: int) -> int:
    return sum(1 for v, _ in forum if v < value)


@lru_cache(maxsize=None)
def _forum_all(hand: tuple, refuses_six: bool) -> tuple:
    """Every Forum placement of ``hand`` when all of them land inside."""
    out = [(v,) for v, _ in _value_counts(hand) if not (v == 6 and refuses_six)]
    return tuple(out + [(a, b) for a, b in ((1, 4), (2, 3)) if a in hand and b in hand])


def _forum(st, p, hand, f):
    """Seed point 7: one die of any value (a lone 6 too) or two dice summing to 5."""
    if f.unrewarded or len(st.forum) + 1 < st.slots:  # room for two more: everything lands inside
        return _forum_all(hand, f.forum_refuses_six)
    return _forum_inside(st, p, hand, f)


def _forum_inside(st, p, hand, f):
    """The Forum placements of ``hand`` whose dice land inside the columns (``_forum`` without its shortcut)."""
    slots = st.slots
    values = [v for v, _ in st.forum]
    out = []
    for v, _ in _value_counts(hand):
        if v == 6 and f.forum_refuses_six:
            continue
        if f.unrewarded or len(values) < slots or sum(1 for x in values if x < v) < slots:
            out.append((v,))
    for a, b in ((1, 4), (2, 3)):
        if a in hand and b in hand:
            if f.unrewarded or sum(1 for x in values if x < b) + 1 < slots:  # both dice land inside
                out.append((a, b))
    return tuple(out)


_OPTIONS = {TEMPLUM: _templum, SENATUS: _senatus, CASTRUM: _castrum, FORUM: _forum}


# -- legal actions ----------------------------------------------------------------------------------
_CHOOSE = tuple(A.choose(b) for b in range(len(BUILDINGS)))
#: the choose actions of each tuple of open buildings (sorted: buildings in order)
_CHOOSE_OPEN = {key: tuple(_CHOOSE[b] for b in key) for key in set(_OPEN.values())}
_REROLL_ALL = (A.reroll(()),)
_LATRINA = {n: A.latrina(n) for n in range(1, DICE + 1)}
_KEEP = {c: A.keep_card(c) for c in range(len(SENATE))}
_PROVINCE = {t: A.take_province(t) for t in range(NPROV)}
_PATRICIAN = {t: A.take_patrician(t) for t in range(NPAT)}


#: {(open buildings, roll): the turn's legal actions with every reroll}, bounded
_TURN_WITH_REROLLS = {}
TURN_CACHE_SIZE = 20_000


def generate_legal(st) -> tuple:
    """The legal actions, in sorted order (each step builds its tuple sorted, from prebuilt actions)."""
    step = st.step
    if step == "turn":
        opened = open_buildings(st)
        if st.chips[st.player] <= 0:
            return _CHOOSE_OPEN[opened]
        if st.flags.reroll_all:
            return _CHOOSE_OPEN[opened] + _REROLL_ALL
        key = opened, st.hand
        legal = _TURN_WITH_REROLLS.get(key)
        if legal is None:
            if len(_TURN_WITH_REROLLS) >= TURN_CACHE_SIZE:
                _TURN_WITH_REROLLS.clear()
            legal = _TURN_WITH_REROLLS[key] = _CHOOSE_OPEN[opened] + _reroll_actions(st.hand)
        return legal
    if step == "dice":
        opts = options(st, st.chosen)
        if st.chosen == LATRINA:
            return tuple(_LATRINA[n] for n in opts)
        return _place_actions(st.chosen, opts)
    return reward_options(st)


@lru_cache(maxsize=None)
def _place_actions(building: int, options: tuple) -> tuple:
    return tuple(sorted(A.place(building, d) for d in options))


def reward_options(st) -> tuple:
    if st.step == "senate":
        return tuple(_KEEP[c] for c in sorted(set(st.offer)))
    if st.step == "castrum":
        return tuple(_PROVINCE[t] for t in sorted(set(st.prov_shown)))
    if st.step == "forum":
        return tuple(_PATRICIAN[t] for t in sorted(set(st.pat_shown)))
    return ()


def why_illegal(st, action) -> tuple[str, str]:
    kind = getattr(action, "kind", None)
    step = st.step
    if step in REWARD_STEPS:
        what = {"senate": "keep a senate card", "castrum": "take a shown province",
                "forum": "take a shown patrician"}[step]
        return (f"{step} reward", f"player {st.player} must {what}; {action} is not one of the options")
    if kind == "reroll":
        if st.step != "turn":
            return ("one building per turn", f"the dice are being placed in {BUILDINGS[st.chosen]}; no reroll now")
        if st.chips[st.player] == 0:
            return ("Repete chips", f"player {st.player} has no Repete chip to spend")
        if st.game.misplay("reroll_all_dice") and action.keep:
            return ("reroll all dice (misplay option)", "this game rerolls every unplaced die")
        return ("reroll keeps a subset", f"{action} does not keep a subset of the roll {list(st.hand)}"
                " (keeping every die is no reroll)")
    if kind == "choose":
        if step != "turn":
            return ("one building per turn", f"{BUILDINGS[st.chosen]} is already chosen this turn")
        if action.building == LATRINA:
            return ("Latrina never by choice (seed point 8)",
                    "the Latrina takes dice only when no other building can reward them")
        return ("no rewarded placement", f"no combination of {list(st.hand)} can reach a rewarded rank in "
                f"{BUILDINGS[action.building]} now" if 0 <= action.building < len(BUILDINGS) else "unknown building")
    if kind in ("place", "latrina"):
        if step != "dice":
            return ("choose a building first", "a turn chooses the building, then the dice")
        if kind == "latrina" or action.building != st.chosen:
            where = "the Latrina" if kind == "latrina" else BUILDINGS[action.building]
            return ("one building per turn", f"this turn's building is {BUILDINGS[st.chosen]}, not {where}")
        rule = {TEMPLUM: "Templum: one more die than the leader and a higher sum",
                SENATUS: "Senatus: one straight per player, extended in later turns",
                CASTRUM: "Castrum: a group of equal dice",
                FORUM: "Forum: one die, or two dice summing to 5"}[st.chosen]
        return (rule, f"{action} is not possible with the roll {list(st.hand)} or cannot reach a rewarded rank")
    if kind in ("keep", "province", "patrician"):
        return ("rewards come at the end of a set", f"{action} is a reward; player {st.player} is placing dice now")
    return ("not an action of this game", f"{action!r} is not an Alea Iacta Est action")


# -- apply ------------------------------------------------------------------------------------------
# Every container of the state is a tuple: a change builds the new tuple and assigns it.
def apply_action(st, action) -> None:
    kind = action.kind
    p = st.player
    if kind == "place":
        _PLACE[action.building](st, p, action.dice)
        _end_turn(st, p, len(action.dice))
    elif kind == "choose":
        st.chosen, st.step = action.building, "dice"
    elif kind == "reroll":
        st.chips = replaced(st.chips, p, st.chips[p] - 1)
        st.hand = tuple(sorted(action.keep + tuple(_roll(st, len(st.hand) - len(action.keep)))))
        st._places = st._open = None
    elif kind == "latrina":
        st.lat = replaced(st.lat, p, st.lat[p] + action.count)
        _end_turn(st, p, action.count)
    elif kind == "keep":
        _kept_card(st, action.card)
    elif kind == "province":
        st.prov_shown = _without(st.prov_shown, action.tile)
        st.provs = replaced(st.provs, p, st.provs[p] + (action.tile,))
        _next_reward(st)
    elif kind == "patrician":
        st.pat_shown = _without(st.pat_shown, action.tile)
        st.pats = replaced(st.pats, p, st.pats[p] + (action.tile,))
        _next_reward(st)


def _place_templum(st, p, dice):
    st.tem = replaced(st.tem, p, tuple(sorted(st.tem[p] + dice)))
    st.tem_leader = p
    draws = len(st.tem[p]) if st.flags.templum_draw_all else len(dice)
    new = _draw_fortune(st, draws)  # seed point 5: one tile per die added
    st.drawn = replaced(st.drawn, p, tuple(sorted(st.drawn[p] + tuple(new))))


def _place_senatus(st, p, dice):
    st.stamp += 1
    st.sen = replaced(st.sen, p, tuple(sorted(st.sen[p] + dice)))
    st.sen_stamp = replaced(st.sen_stamp, p, st.stamp)


def _place_castrum(st, p, dice):
    st.stamp += 1
    v = dice[0]
    for i, g in enumerate(st.cas):
        if g[0] == p and g[1] == v:
            st.cas = replaced(st.cas, i, (p, v, g[2] + len(dice), st.stamp))
            return
    st.cas += ((p, v, len(dice), st.stamp),)


def _place_forum(st, p, dice):
    forum = list(st.forum)
    for v in dice:
        forum.insert(_slot(forum, v), (v, p))
    if len(forum) > st.slots:  # pushed out to the Latrina
        lat = list(st.lat)
        for _, q in forum[st.slots:]:
            lat[q] += 1
        st.lat = tuple(lat)
        del forum[st.slots:]
    st.forum = tuple(forum)


_PLACE = {TEMPLUM: _place_templum, SENATUS: _place_senatus, CASTRUM: _place_castrum, FORUM: _place_forum}


def _draw_fortune(st, k: int) -> list:
    """Fortune tiles from the face-down pile; discards are reshuffled when it runs out (seed point 5)."""
    out = []
    if not k:
        return out
    rng = st.chance.next_rng()
    pile = list(st.fpile)
    for _ in range(k):
        if sum(pile) == 0:
            pile, st.fdisc = list(st.fdisc), (0,) * len(FORTUNE_VALUES)
            if sum(pile) == 0:
                break
        r = rng.randrange(sum(pile))
        for i, n in enumerate(pile):
            if r < n:
                pile[i] -= 1
                out.append(FORTUNE_VALUES[i])
                break
            r -= n
    st.fpile = tuple(pile)
    return out


def _end_turn(st, p, placed: int) -> None:
    st.free = replaced(st.free, p, st.free[p] - placed)
    st.hand, st.chosen, st._places, st._open = (), -1, None, None
    if st.free[p] == 0:
        if st.flags.set_ends_at_once:
            _score_set(st)
            return
        st.ending = True  # seed point 3: the turn cycle is finished first
    _next_turn(st)


def _next_turn(st) -> None:
    P, q = st.nplayers, st.player
    while True:
        q = (q + 1) % P
        if q == st.caesar and (st.ending or not any(st.free)):
            _score_set(st)
            return
        if st.free[q] > 0:
            _start_turn(st, q)
            return


# -- set scoring --------------------------------------------------------------------------------------
def _score_set(st) -> None:
    """Seed points 5, 6, 9: the buildings pay out in order; choices are asked in rank order."""
    st.hand, st.chosen, st._places, st._open = (), -1, None, None
    _reward_templum(st)
    ranked = senatus_ranking(st)
    lat, sen = list(st.lat), list(st.sen)
    for q in ranked[st.rewarded:]:  # straights ranked too low: their dice go to the Latrina
        lat[q] += len(sen[q])
        sen[q] = ()
    st.lat, st.sen = tuple(lat), tuple(sen)
    winners = ranked[:st.rewarded]
    if winners:
        k = min(3, len(st.deck))
        st.offer, st.deck = st.deck[:k], st.deck[k:]
    else:
        st.offer = ()
    st.under = min(st.under, len(st.deck))
    st.queue = tuple(winners)
    st.step = "senate"
    _next_reward(st, first=True)


def _reward_templum(st) -> None:
    """First keeps 2 of the tiles drawn this set, every other participant 1; a lone participant keeps
    its tile and draws one more. The rest are discarded face up."""
    lead = st.tem_leader
    if lead < 0:
        return
    for p in range(st.nplayers):
        if not st.tem[p]:
            continue
        keep = 2 if p == lead else 1
        tiles = sorted(st.drawn[p], reverse=True)
        if len(tiles) < keep and not st.flags.lone_templum_no_extra:
            tiles += _draw_fortune(st, keep - len(tiles))
            tiles.sort(reverse=True)
        st.fortune = replaced(st.fortune, p, tuple(sorted(st.fortune[p] + tuple(tiles[:keep]))))
        st.drawn = replaced(st.drawn, p, ())
        fdisc = list(st.fdisc)  # read after the draw: an empty pile takes the discards
        for v in tiles[keep:]:
            fdisc[FORTUNE_VALUES.index(v)] += 1
        st.fdisc = tuple(fdisc)


def senatus_ranking(st) -> list:
    """Senatus participants best first: longer straight, then the tie rule."""
    sign = 1 if st.flags.earliest else -1
    who = [p for p in range(st.nplayers) if st.sen[p]]
    return sorted(who, key=lambda p: (-len(st.sen[p]), sign * st.sen_stamp[p]))


def castrum_ranking(st) -> list:
    """Castrum groups best first: more dice, then higher value, then the tie rule."""
    sign = 1 if st.flags.earliest else -1
    return sorted(st.cas, key=lambda g: (-g[2], -g[1], sign * g[3]))


def _kept_card(st, card) -> None:
    p = st.player
    st.offer = _without(st.offer, card)
    st.cards = replaced(st.cards, p, tuple(sorted(st.cards[p] + (card,))))
    st.queue = st.queue[1:]
    _next_reward(st)


def _next_reward(st, first: bool = False) -> None:
    """Ask the next reward choice, making single-option choices, moving building to building."""
    while True:
        if st.step == "senate":
            if st.queue and st.offer:
                st.player = st.queue[0]
                if len(set(st.offer)) > 1:
                    return
                _take_single_card(st)
                continue
            # seed point 6/9: the leftover goes under the deck (the misplay: out of the game)
            if st.flags.senate_leftover_discarded:
                st.senate_out += st.offer
            else:
                st.deck += st.offer
                st.under += len(st.offer)
            st.offer, st.queue = (), ()
            _start_castrum(st)
        elif st.step == "castrum":
            if st.queue and st.prov_shown:
                st.player, st.queue = st.queue[0], st.queue[1:]
                if len(set(st.prov_shown)) > 1:
                    return
                st.provs = replaced(st.provs, st.player, st.provs[st.player] + st.prov_shown[-1:])
                st.prov_shown = st.prov_shown[:-1]
                continue
            _start_forum(st)
        elif st.step == "forum":
            if st.queue and st.pat_shown:
                st.player, st.queue = st.queue[0], st.queue[1:]
                if len(set(st.pat_shown)) > 1:
                    return
                st.pats = replaced(st.pats, st.player, st.pats[st.player] + st.pat_shown[-1:])
                st.pat_shown = st.pat_shown[:-1]
                continue
            _finish_set(st)
            return
        else:
            return


def _take_single_card(st) -> None:
    p, st.queue = st.queue[0], st.queue[1:]
    st.cards = replaced(st.cards, p, tuple(sorted(st.cards[p] + st.offer[:1])))
    st.offer = st.offer[1:]


def _start_castrum(st) -> None:
    """Groups take one province each in rank order; groups beyond the shown provinces go to the Latrina."""
    ranked = castrum_ranking(st)
    n = len(st.prov_shown)
    lat = list(st.lat)
    for q, _, c, _ in ranked[n:]:
        lat[q] += c
    st.lat = tuple(lat)
    st.cas = tuple(g for g in st.cas if g in ranked[:n])
    st.queue = tuple(g[0] for g in ranked[:n])
    st.step = "castrum"


def _start_forum(st) -> None:
    """Each die in the Forum, left to right, takes one shown patrician."""
    st.queue = tuple(q for _, q in st.forum)[:len(st.pat_shown)]
    st.step = "forum"


def _finish_set(st) -> None:
    """Latrina chips (one per die there, unplaced dice included), leftovers aside, the next set."""
    st.chips = tuple(st.chips[p] + st.lat[p] + st.free[p] for p in range(st.nplayers))
    if st.flags.leftover_tiles_reused:
        st.prov_supply = tuple(sorted(st.prov_supply + st.prov_shown))
        st.pat_supply = tuple(sorted(st.pat_supply + st.pat_shown))
    else:  # seed point 9: set aside face up
        st.aside_prov = tuple(sorted(st.aside_prov + st.prov_shown))
        st.aside_pat = tuple(sorted(st.aside_pat + st.pat_shown))
    _clear_buildings(st)
    st.queue, st.offer, st.ending = (), (), False
    st.free = (DICE,) * st.nplayers
    if st.set_no == st.nsets:
        st.step, st.player = "over", -1
        st.free = (0,) * st.nplayers
        return
    st.set_no += 1
    st.caesar = (st.caesar + 1) % st.nplayers  # the Caesar marker passes to the left
    _reveal(st)
    _start_turn(st, st.caesar)
