"""The forward model of Alea Iacta Est: setup, legal actions and apply.

A turn is three small decisions: spend a Repete chip to reroll (keeping any subset) or choose a
building; then choose the dice placed there. At the end of a set the rewards that need a choice
(the senate card kept, the province or patrician taken) are decisions of their own, asked in
rank order; a choice with a single option is made by the engine. Everything else (rolling,
drawing fortune tiles, chips, final scoring) happens automatically.

Where a rule lives: one function per building's placement (``_templum`` .. ``_forum``), one per
building's reward (``_reward_*``), the Latrina rule in ``_open_by_bits`` (when) and
``_latrina_counts`` (how many dice). The turn's questions are answered from tables filled by those
functions (``Roll``, ``_FORUM``, the ``lru_cache`` functions), keyed by what each function reads;
tests/alea/test_placements.py holds every table answer to the functions themselves.
"""

from __future__ import annotations

from bisect import bisect_left
from functools import lru_cache
from itertools import combinations, combinations_with_replacement, repeat
from math import floor
from typing import NamedTuple

from boardlab.alea import actions as A
from boardlab.alea.components import (
    BUILDINGS, CASTRUM, DICE, FORTUNE_COUNTS, FORTUNE_VALUES, FORUM, LATRINA, NPAT, NPROV, PLAYER_COUNTS, SENATE,
    SENATUS, TEMPLUM, senate_deck,
)
from boardlab.core.chance import ChanceStream
from boardlab.core.tuples import replaced

REWARD_STEPS = ("senate", "castrum", "forum")


# -- dice multisets ----------------------------------------------------------------------------
# What a roll's questions keep is kept per roll (``Roll``) or in small tables of shared tuples: each
# object a table keeps is one more for the garbage collector to walk, and while the tables fill (the
# first few hundred games of a process) its collections cost more than the tables save.
def _sub_multisets(hand: tuple) -> list:
    """Every distinct sub-multiset of the sorted ``hand`` (ascending tuples) in sorted order, the
    empty one first: depth first, so the hand's own prefixes come first and the hand itself is
    entry ``len(hand)``."""
    out = []
    n = len(hand)

    def extend(prefix: tuple, start: int) -> None:  # depth first: a prefix sorts before its extensions
        out.append(prefix)
        last = 0
        for i in range(start, n):
            if hand[i] != last:  # one branch per distinct value, so no sub-multiset twice
                last = hand[i]
                extend(prefix + (last,), i + 1)

    extend((), 0)
    return out


@lru_cache(maxsize=None)
def submultisets(hand: tuple) -> tuple:
    """Every distinct sub-multiset of ``hand`` (ascending tuples) in sorted order, the empty one first."""
    return tuple(_sub_multisets(tuple(sorted(hand))))


def _of_size(hand: tuple, k: int) -> tuple:
    """The distinct sub-multisets of ``k`` dice of the sorted ``hand``, in sorted order (the
    combinations of a sorted tuple come in sorted order; equal ones are dropped)."""
    return tuple(dict.fromkeys(combinations(hand, k)))


def _reroll_actions(hand: tuple) -> tuple:
    """Every reroll of the sorted ``hand``: each sub-multiset kept but the hand itself, looked up
    among the prebuilt rerolls (the sub-multisets are not kept: see the section's comment)."""
    keeps = _sub_multisets(hand)
    del keeps[len(hand)]
    return tuple(map(_REROLL.__getitem__, keeps))


#: {dice kept: the reroll action}: the 1,716 ways to keep up to 7 dice, shared by every roll (built
#: here, under a millisecond)
_REROLL = {keep: A.reroll(keep) for k in range(DICE) for keep in combinations_with_replacement(range(1, 7), k)}
#: _RUN[v][j]: j dice of value v, one tuple shared by every roll
_RUN = [[(v,) * j for j in range(DICE + 1)] for v in range(7)]
#: _VALUE_COUNT[v][n]: the pair (value, how many) of ``_value_counts``
_VALUE_COUNT = [[(v, n) for n in range(DICE + 1)] for v in range(7)]


def _without(row: tuple, item) -> tuple:
    """``row`` without the first ``item`` (as ``list.remove``)."""
    i = row.index(item)
    return row[:i] + row[i + 1:]


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
    # the misplay: the leftover card leaves the game, so a third place (5 players) is never rewarded
    rewarded = min(2, pc.senatus_rewarded) if game.misplay("senate_leftover_discarded") else pc.senatus_rewarded
    return sets, templum, slots, pc.provinces_per_set, rewarded, pc.patricians_removed


def set_up(st, game, seed: int, chance: int):
    """Lay out a new game on ``st``, a bare state (``state.new_state`` makes it): rules never
    import the state module, so the two do not import each other."""
    st._places = st._open = None
    st._bars = (None, ())  # see _senatus_bars
    st._roll = NO_ROLL  # see _roll_now
    P = game.players
    st.nplayers = P
    st.nsets, st.templum, st.slots, st.nprov, st.rewarded, removed = table(game)
    st.flags = flags(game)
    st.chance = ChanceStream(seed, version=chance)
    st.set_no, st.caesar, st.player, st.step, st.ending, st.is_over = 1, 0, 0, "turn", False, False
    st.free = (DICE,) * P
    st.hand, st.chosen = (), -1
    st.chips = (0,) * P
    st.provs = st.pats = st.cards = st.fortune = ((),) * P
    st.fpile = tuple(FORTUNE_COUNTS[v] if st.templum else 0 for v in FORTUNE_VALUES)
    st.fdisc = (0,) * len(FORTUNE_VALUES)
    deck = senate_deck(st.templum, game.senate_deck)
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


def _roll(st, kept: tuple, n: int) -> None:
    """The hand becomes the dice ``kept`` and ``n`` dice rolled (one chance event), ascending: the
    Roll's own tuple, the Roll kept in ``st._roll`` (see ``_roll_now``). Stream 2 finds the Roll
    by the code of its faces (``_code``), summed from the stream's number for the roll by tables:
    no tuple is built, sorted or hashed (the dice are the same as ``chance.dice(n)``'s)."""
    chance = st.chance
    if chance.version != 1 and n <= 8:
        r = chance.roll_number(n)
        code = _KEPT_CODE[kept] + (_DICE_CODES[n][r] if n <= 4 else _FOUR_CODES[r % 1296] + _DICE_CODES[n - 4][r // 1296])
        roll = st._roll = _BY_CODE.get(code) or _roll_of_code(code)
        st.hand = roll.hand
        return
    if chance.version != 1:
        hand = tuple(sorted(kept + chance.dice(n)))
    else:
        dice = list(kept)  # stream 1 rolled them one float each
        rnd = chance.next_rng().random
        for _ in repeat(None, n):
            dice.append(floor(rnd() * 6) + 1)  # floor: int() for these, faster
        dice.sort()
        hand = tuple(dice)
    roll = st._roll = _ROLLS.get(hand) or _roll_of(hand)
    st.hand = roll.hand


def _code(dice) -> int:
    """The faces of ``dice`` counted in 4-bit fields (face v in bits 4v-4 .. 4v-1): the code of two
    sets of dice together is the sum of their codes, whatever their order."""
    return sum(map(_FACE_CODE.__getitem__, dice))


_FACE_CODE = (0,) + tuple(1 << 4 * (v - 1) for v in range(1, 7))


def _dice_codes(k: int) -> list:
    """[r: the code of the k dice whose base-6 digits, lowest first, are r]: the top die's digit
    is the slowest to change, so the list for k dice is six copies of the one for k - 1, each with
    one face added (built in additions: the tables are built at import)."""
    if k == 0:
        return [0]
    fewer = _dice_codes(k - 1)
    return [c + face for face in _FACE_CODE[1:] for c in fewer]


#: _DICE_CODES[k][r]: the code of the k dice (k = 0..4) of number r (``ChanceStream.roll_number``);
#: a roll of 5 to 8 dice is four of them and the rest
_DICE_CODES = [_dice_codes(k) for k in range(5)]
_FOUR_CODES = _DICE_CODES[4]
#: {dice kept by a reroll (or none): their code}
_KEPT_CODE = {keep: _code(keep) for keep in _REROLL}
#: {code: the Roll of those faces}
_BY_CODE = {}


def _roll_of_code(code: int) -> Roll:
    hand = tuple(v for v in range(1, 7) for _ in range(code >> 4 * (v - 1) & 15))
    roll = _BY_CODE[code] = _roll_of(hand)
    return roll


def _start_turn(st, p: int) -> None:
    """Player p rolls all of their unplaced dice (seed point 3)."""
    st.player, st.step, st.chosen = p, "turn", -1
    _roll(st, (), st.free[p])
    st._places = st._open = None


# -- placements -----------------------------------------------------------------------------------
def open_buildings(st) -> tuple:
    """The buildings the player to move may choose now (cached until the state changes).

    Seed point 8: a placement that cannot reach a rewarded rank is no placement; only when no
    building has one may (and must) the dice go to the Latrina. ``_turn_legal`` writes these
    lines out again (a call less at every turn): change both."""
    opened = st._open
    if opened is None:
        opened = st._open = _OPEN_BY_BITS[_open_bits(st) | (16 if st.flags.latrina_by_choice else 0)]
    return opened


def _open_bits(st) -> int:
    """Bit b set when building b (Templum..Forum) has a placement now: the quick answer to whether
    ``_OPTIONS[b]`` lists anything (tests/alea/test_placements.py holds them to it). The helpers' quick
    checks are written out here (it runs at every turn)."""
    hand, p, f, roll = st.hand, st.player, st.flags, st._roll
    if roll.hand is not hand:
        roll = _roll_now(st)
    bits = 0
    if st.templum:
        lead = st.tem_leader
        if lead < 0:
            bits = 1
        else:
            most, own = st.tem[lead], st.tem[p]
            k = len(most) + 1 - len(own)
            if 1 <= k <= len(hand) and roll.top[k] > sum(most) - sum(own):  # the k highest dice beat the leader
                bits = 1
    longest = _longest_straight(roll.mask, st.sen[p], f.min_straight)
    if longest and (f.unrewarded or longest >= (st._bars[1] if st._bars[0] is st.sen else _senatus_bars(st))[p]):
        bits |= 2
    if (not f.castrum_one_group and (f.unrewarded or len(st.cas) < len(st.prov_shown))  # _every_group_rewarded
            or _castrum_ranked_open(st, p, hand, f)):
        bits |= 4
    if len(st.forum) < st.slots and (hand[0] != 6 or not f.forum_refuses_six) or _forum_actions(st):
        bits |= 8  # room left: any die lands inside
    return bits


def _open_by_bits() -> list:
    """[bits: the open buildings], bit b set when building b (Templum..Forum) has a placement and
    bit 4 when the Latrina may be chosen anyway (misplay): the Latrina is open when nothing else is."""
    table = []
    for bits in range(32):
        out = tuple(b for b in (TEMPLUM, SENATUS, CASTRUM, FORUM) if bits >> b & 1)
        table.append(out + (LATRINA,) if not out or bits & 16 else out)
    return table


_OPEN_BY_BITS = _open_by_bits()


class Roll:
    """What turns ask of one sorted roll, worked out once (rolls recur: there are 3,002 rolls of 1-8
    dice), so a turn looks the roll up once instead of once per question: its faces as a bit mask,
    the sums of its k highest dice, and the action tuples found so far."""

    __slots__ = ("hand", "mask", "top", "templum", "castrum", "rerolls", "turn")

    def __init__(self, hand: tuple):
        self.hand = hand  # the one tuple of this roll the rules put in states (see ``_roll_now``)
        self.mask = sum(1 << v for v in set(hand))
        self.top = (0,) + tuple(sum(hand[-k:]) for k in range(1, len(hand) + 1))  # top[k]: the k highest
        # {what the building's rule reads besides the roll (see the *_actions functions): its actions}
        self.templum, self.castrum = {}, {}
        self.rerolls = None  # every reroll action (built when a player with chips rolls it)
        self.turn = {}  # {open buildings: the turn's legal actions with every reroll}


#: {sorted roll: its Roll}
_ROLLS = {}


def _roll_of(hand: tuple) -> Roll:
    roll = _ROLLS.get(hand)
    if roll is None:
        roll = _ROLLS[hand] = Roll(hand)
    return roll


def _roll_now(st) -> Roll:
    """The Roll of ``st.hand``, kept in ``st._roll``: the rules put a roll's own ``hand`` tuple in
    the state (``_roll``), so one identity test finds it without hashing the hand again; a hand
    set from outside (a test, a lesson, a bot's sample) is looked up."""
    roll = st._roll
    if roll.hand is not st.hand:
        roll = st._roll = _ROLLS.get(st.hand) or _roll_of(st.hand)
    return roll


#: the Roll kept by a state before any roll (its hand is no state's)
NO_ROLL = Roll(())
NO_ROLL.hand = None


def options(st, building: int) -> tuple:
    """The dice the player to move may place in an open ``building`` (cached)."""
    cache = st._places
    if cache is None:
        cache = st._places = {}
    opts = cache.get(building)
    if opts is None:
        if building == LATRINA:
            opts = _latrina_counts(len(st.hand), st.flags.latrina_dice)
        else:
            opts = _OPTIONS[building](st, st.player, st.hand, st.flags)
        cache[building] = opts
    return opts


def placements(st) -> dict:
    """{building: (dice tuples, or Latrina dice counts)} the player to move may place now."""
    return {b: options(st, b) for b in open_buildings(st)}


def _latrina_counts(n: int, rule: str) -> tuple:
    """How many of ``n`` rolled dice may go to the Latrina (the ``latrina_dice`` option)."""
    return {"choice": tuple(range(1, n + 1)), "one": (1,), "all": (n,)}[rule]


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


@lru_cache(maxsize=None)
def _straights_of_faces(mask: int, own: tuple, min_len: int) -> tuple:
    """(length, new dice) of every straight a roll with the faces of bit ``mask`` can make or extend
    ``own`` to, at least ``min_len`` long (the faces decide, not how many of each): the straights
    ``own`` may become (``_straights_from``) whose new faces the roll shows, shortest first."""
    return tuple([pair for pair, need in _straights_from(own) if pair[0] >= min_len and not need & ~mask])


@lru_cache(maxsize=None)
def _straights_from(own: tuple) -> tuple:
    """((length, new dice), their faces as a bit mask) of every straight ``own`` (a straight, or ``()``)
    may become by adding dice, sorted: what ``_straights_of_faces`` filters by the roll (its pairs
    are these, shared)."""
    lo, hi = (own[0], own[-1]) if own else (None, None)
    out = []
    for a in range(1, 7):
        for b in range(a, 7):
            if own and not (a <= lo and b >= hi and (a, b) != (lo, hi)):
                continue
            new = tuple(v for v in range(a, b + 1) if not own or v < lo or v > hi)
            out.append(((b - a + 1, new), sum(1 << v for v in new)))
    return tuple(sorted(out))  # shortest first: the last is the longest


@lru_cache(maxsize=None)
def _longest_straight(mask: int, own: tuple, min_len: int) -> int:
    cands = _straights_of_faces(mask, own, min_len)
    return cands[-1][0] if cands else 0


@lru_cache(maxsize=None)
def _senatus_thresholds(lengths: tuple, rewarded: int, earliest: bool) -> tuple:
    """For each player, the shortest straight its placement now must reach to rank among the
    ``rewarded`` (``lengths``: every player's straight, 0 for none)."""
    out = []
    for p in range(len(lengths)):
        others = sorted((n for q, n in enumerate(lengths) if n and q != p), reverse=True)
        if len(others) < rewarded:
            out.append(0)
        else:
            bar = others[rewarded - 1]  # the R-th best other straight
            out.append(bar + 1 if earliest else bar)  # latest placement wins a full tie
    return tuple(out)


def _senatus_bars(st) -> tuple:
    """``_senatus_thresholds`` of the position, kept in ``st._bars`` with the straights it was computed
    from (a tuple, replaced when a straight changes: while it is the same object the bars hold)."""
    cached = st._bars
    if cached[0] is not st.sen:
        cached = st._bars = (st.sen, _senatus_thresholds(tuple(map(len, st.sen)), st.rewarded, st.flags.earliest))
    return cached[1]


def _senatus(st, p, hand, f):
    """One straight per player, extended in later turns (seed point 6 is about its reward)."""
    return _senatus_of(_roll_of(hand).mask, st.sen[p], f.min_straight,
                       0 if f.unrewarded else _senatus_bars(st)[p])


@lru_cache(maxsize=None)
def _senatus_of(mask: int, own: tuple, min_len: int, bar: int) -> tuple:
    """The new dice of every straight at least ``bar`` long (``_senatus`` by what it reads)."""
    return tuple(new for length, new in _straights_of_faces(mask, own, min_len) if length >= bar)


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
    return tuple(_VALUE_COUNT[v][hand.count(v)] for v in sorted(set(hand)))


def _singles(hand: tuple) -> tuple:
    return tuple(_RUN[v][1] for v in sorted(set(hand)))


def _groups(hand: tuple) -> tuple:
    """Every group of equal dice in ``hand``: by value, then size."""
    return tuple(_RUN[v][j] for v, n in _value_counts(hand) for j in range(1, n + 1))


def _castrum(st, p, hand, f):
    """Groups of equal dice; seed point 6 (second): a player may hold several groups."""
    if _every_group_rewarded(st, f):
        return _groups(hand)
    return _castrum_by_rank(st, p, hand, f)


def _every_group_rewarded(st, f) -> bool:
    """Fewer groups than provinces (or any group allowed), and no one-group rule: every group."""
    return not f.castrum_one_group and (f.unrewarded or len(st.cas) < len(st.prov_shown))


def _castrum_ranked_open(st, p, hand, f) -> bool:
    """Whether ``_castrum_by_rank`` lists anything (without listing)."""
    own = {v: c for q, v, c, _ in st.cas if q == p}
    one_group = own and f.castrum_one_group
    places = len(st.prov_shown)
    for v, n in _value_counts(hand):
        if one_group and v not in own:
            continue
        if f.unrewarded or _castrum_rank(st, p, v, own.get(v, 0) + n, f.earliest) < places:
            return True
    return False


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
        out += _RUN[v][k:n + 1]
    return tuple(out)


def _forum_position(st, value: int) -> int:
    """Where a die of ``value`` goes: lowest values leftmost, the latest of equal values first."""
    return _slot(st.forum, value)


def _slot(forum, value: int) -> int:
    """How many dice of ``forum`` (ordered by value) are lower than ``value``."""
    return bisect_left(forum, (value,))  # (value,) sorts before every (value, player)


@lru_cache(maxsize=None)
def _forum_all(hand: tuple, refuses_six: bool) -> tuple:
    """Every Forum placement of ``hand`` when all of them land inside."""
    out = [(v,) for v, _ in _value_counts(hand) if not (v == 6 and refuses_six)]
    return tuple(out + [(a, b) for a, b in ((1, 4), (2, 3)) if a in hand and b in hand])


def _forum(st, p, hand, f):
    """Seed point 7: one die of any value (a lone 6 too) or two dice summing to 5."""
    if _forum_has_room(st, f):
        return _forum_all(hand, f.forum_refuses_six)
    return _forum_inside(st, p, hand, f)


def _forum_has_room(st, f) -> bool:
    """Room for two more dice (or any die allowed): every placement lands inside."""
    return f.unrewarded or len(st.forum) + 1 < st.slots


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
_CHOOSE_OPEN = {key: tuple(_CHOOSE[b] for b in key) for key in _OPEN_BY_BITS}
_REROLL_ALL = (A.reroll(()),)
_LATRINA = {n: A.latrina(n) for n in range(1, DICE + 1)}
_KEEP = {c: A.keep_card(c) for c in range(len(SENATE))}
_PROVINCE = {t: A.take_province(t) for t in range(NPROV)}
_PATRICIAN = {t: A.take_patrician(t) for t in range(NPAT)}


def generate_legal(st) -> tuple:
    """The legal actions, in sorted order (each step builds its tuple sorted, from prebuilt actions)."""
    return _PLACE_LEGAL[st.chosen](st) if st.step == "dice" else _LEGAL_BY_STEP[st.step](st)


def legal_actions(st) -> tuple:
    """``AleaState.legal_actions``: ``generate_legal`` kept until the state changes (written out
    here, not called: it runs at every decision)."""
    legal = st._legal
    if legal is None:
        legal = st._legal = _PLACE_LEGAL[st.chosen](st) if st.step == "dice" else _LEGAL_BY_STEP[st.step](st)
    return legal


def _turn_legal(st) -> tuple:
    opened = st._open
    if opened is None:  # open_buildings written out (a call less at every turn)
        opened = st._open = _OPEN_BY_BITS[_open_bits(st) | (16 if st.flags.latrina_by_choice else 0)]
    if st.chips[st.player] <= 0:
        return _CHOOSE_OPEN[opened]
    if st.flags.reroll_all:
        return _CHOOSE_OPEN[opened] + _REROLL_ALL
    roll = _roll_now(st)
    legal = roll.turn.get(opened)
    if legal is None:
        if roll.rerolls is None:
            roll.rerolls = _reroll_actions(st.hand)
        legal = roll.turn[opened] = _CHOOSE_OPEN[opened] + roll.rerolls
    return legal


# The dice step's actions by building: the sorted Place actions of ``_OPTIONS[b]``, cached by what
# the rule reads (the roll, and the building's few facts) so a turn builds no action.
def _templum_actions(st) -> tuple:
    lead = st.tem_leader
    if lead < 0:
        key = None  # the first placement: any one die
    else:
        most, own = st.tem[lead], st.tem[st.player]
        key = len(most) + 1 - len(own), sum(most) - sum(own)  # dice to add, sum to beat
    return _found(st, _roll_now(st).templum, key, TEMPLUM)


def _found(st, found: dict, key, building: int) -> tuple:
    """The actions ``found[key]``, from the building's rule function the first time."""
    actions = found.get(key)
    if actions is None:
        actions = found[key] = _place_actions(building, _OPTIONS[building](st, st.player, st.hand, st.flags))
    return actions


def _senatus_actions(st) -> tuple:
    f, p, hand = st.flags, st.player, st.hand
    return _straight_actions(_roll_now(st).mask, st.sen[p], f.min_straight,
                             0 if f.unrewarded else _senatus_bars(st)[p])


@lru_cache(maxsize=None)
def _straight_actions(mask: int, own: tuple, min_len: int, bar: int) -> tuple:
    return _place_actions(SENATUS, _senatus_of(mask, own, min_len, bar))


def _castrum_actions(st) -> tuple:
    if _every_group_rewarded(st, st.flags):  # every group, whatever the position
        return _found(st, _roll_now(st).castrum, None, CASTRUM)
    return _place_actions(CASTRUM, _castrum_by_rank(st, st.player, st.hand, st.flags))


def _forum_actions(st) -> tuple:
    f = st.flags
    mask = _roll_now(st).mask  # the Forum asks which faces, not how many
    key = (mask, f.forum_refuses_six) if _forum_has_room(st, f) else (mask, f.forum_refuses_six, *_forum_caps(st))
    return _found(st, _FORUM, key, FORUM)


#: {(the roll's faces, refuses six?[, _forum_caps]): the Forum's actions}: at most 64 x 2 x 43 entries
_FORUM = {}


def _forum_caps(st) -> tuple:
    """All that ``_forum_inside`` reads of a Forum without room for two more dice: the highest value a
    single die and a pair's higher die may have to land inside. A die lands inside when fewer than
    ``slots`` dice are lower: with room for one, a single always and a pair when a die at least as
    high stands there; in a full Forum, a single when one such die stands there, a pair when two do."""
    forum = st.forum
    top1 = forum[-1][0] if forum else 0
    if len(forum) < st.slots:
        return 6, top1
    return top1, forum[-2][0] if len(forum) > 1 else 0


def _latrina_actions(st) -> tuple:
    return _latrina_of(len(st.hand), st.flags.latrina_dice)


@lru_cache(maxsize=None)
def _latrina_of(n: int, rule: str) -> tuple:
    return tuple(_LATRINA[k] for k in _latrina_counts(n, rule))


_PLACE_LEGAL = (_templum_actions, _senatus_actions, _castrum_actions, _forum_actions, _latrina_actions)


@lru_cache(maxsize=None)
def _place_actions(building: int, options: tuple) -> tuple:
    return tuple(sorted([_PLACES.get((building, d)) or _place(building, d) for d in options]))


#: {(building, dice): the Place action}, one action shared by every table that lists it
_PLACES = {}


def _place(building: int, dice: tuple):
    action = _PLACES[building, dice] = A.place(building, dice)
    return action


def reward_options(st) -> tuple:
    """The reward choices of a reward step (``()`` at any other step)."""
    return _LEGAL_BY_STEP[st.step](st) if st.step in REWARD_STEPS else ()


def _choices(actions: dict, shown: tuple) -> tuple:
    """The actions taking each distinct card or tile ``shown``."""
    return tuple(map(actions.__getitem__, sorted(set(shown))))


#: {step: its legal actions} but for the dice step (``_PLACE_LEGAL`` by the chosen building)
_LEGAL_BY_STEP = {
    "turn": _turn_legal,
    "senate": lambda st: _choices(_KEEP, st.offer),
    "castrum": lambda st: _choices(_PROVINCE, st.prov_shown),
    "forum": lambda st: _choices(_PATRICIAN, st.pat_shown),
    "over": lambda st: (),
}


def why_illegal(st, action) -> tuple[str, str, dict]:
    """(rule, detail, fields) for an action not among the legal options now: English templates
    whose Korean is in ``alea.glossary.KO`` (the refusals' section)."""
    kind = getattr(action, "kind", None)
    step, p = st.step, st.player
    if step in REWARD_STEPS:
        what = {"senate": "keep a senate card", "castrum": "take a shown province",
                "forum": "take a shown patrician"}[step]
        return (f"{step} reward", f"player {{player}} must {what}; {{action}} is not one of the options",
                dict(player=p, action=action))
    if kind == "reroll":
        if step != "turn":
            return ("one building per turn", "the dice are being placed in {building}; no reroll now",
                    dict(building=BUILDINGS[st.chosen]))
        if st.chips[p] == 0:
            return ("Repete chips", "player {player} has no Repete chip to spend", dict(player=p))
        if st.game.misplay("reroll_all_dice") and action.keep:
            return ("reroll all dice (misplay option)", "this game rerolls every unplaced die", {})
        return ("reroll keeps a subset", "{action} does not keep a subset of the roll {hand} (keeping every die "
                "is no reroll)", dict(action=action, hand=list(st.hand)))
    if kind == "choose":
        if step != "turn":
            return ("one building per turn", "{building} is already chosen this turn",
                    dict(building=BUILDINGS[st.chosen]))
        if action.building == LATRINA:
            return ("Latrina never by choice (seed point 8)",
                    "the Latrina takes dice only when no other building can reward them", {})
        if not 0 <= action.building < len(BUILDINGS):
            return ("no rewarded placement", "unknown building", {})
        return ("no rewarded placement", "no combination of {hand} can reach a rewarded rank in {building} now",
                dict(hand=list(st.hand), building=BUILDINGS[action.building]))
    if kind in ("place", "latrina"):
        if step != "dice":
            return ("choose a building first", "a turn chooses the building, then the dice", {})
        if kind == "latrina" or action.building != st.chosen:
            where = LATRINA if kind == "latrina" else action.building
            return ("one building per turn", "this turn's building is {building}, not {other}",
                    dict(building=BUILDINGS[st.chosen], other=BUILDINGS[where]))
        rule = {TEMPLUM: "Templum: one more die than the leader and a higher sum",
                SENATUS: "Senatus: one straight per player, extended in later turns",
                CASTRUM: "Castrum: a group of equal dice",
                FORUM: "Forum: one die, or two dice summing to 5"}[st.chosen]
        return (rule, "{action} is not possible with the roll {hand} or cannot reach a rewarded rank",
                dict(action=action, hand=list(st.hand)))
    if kind in ("keep", "province", "patrician"):
        return ("rewards come at the end of a set", "{action} is a reward; player {player} is placing dice now",
                dict(action=action, player=p))
    return ("not an action of this game", "{action} is not an Alea Iacta Est action", dict(action=repr(action)))


# -- apply ------------------------------------------------------------------------------------------
# Every container of the state is a tuple: a change builds the new tuple and assigns it.
def apply_action(st, action) -> None:
    APPLY[action.kind](st, action)


def _apply_place(st, action) -> None:
    p = st.player
    _PLACE[action.building](st, p, action.dice)
    _end_turn(st, p, len(action.dice))


def _apply_choose(st, action) -> None:
    st.chosen, st.step = action.building, "dice"


def _apply_reroll(st, action) -> None:
    p = st.player
    st.chips = replaced(st.chips, p, st.chips[p] - 1)
    _roll(st, action.keep, len(st.hand) - len(action.keep))
    st._places = st._open = None


def _apply_latrina(st, action) -> None:
    p = st.player
    st.lat = replaced(st.lat, p, st.lat[p] + action.count)
    _end_turn(st, p, action.count)


def _apply_keep(st, action) -> None:
    p, card = st.player, action.card
    st.offer = _without(st.offer, card)
    st.cards = replaced(st.cards, p, tuple(sorted(st.cards[p] + (card,))))
    st.queue = st.queue[1:]
    _next_reward(st)


def _apply_province(st, action) -> None:
    p = st.player
    st.prov_shown = _without(st.prov_shown, action.tile)
    st.provs = replaced(st.provs, p, st.provs[p] + (action.tile,))
    _next_reward(st)


def _apply_patrician(st, action) -> None:
    p = st.player
    st.pat_shown = _without(st.pat_shown, action.tile)
    st.pats = replaced(st.pats, p, st.pats[p] + (action.tile,))
    _next_reward(st)


#: {action kind: its rule} (``AleaState.RULES_BY_KIND``: the core's ``apply`` calls it directly)
APPLY = {"place": _apply_place, "choose": _apply_choose, "reroll": _apply_reroll, "latrina": _apply_latrina,
         "keep": _apply_keep, "province": _apply_province, "patrician": _apply_patrician}


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
        forum.insert(_slot(forum, v), (v, p))  # before the dice of equal value: the latest first
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
    """The next player with dice rolls, or the set ends (``_start_turn`` and ``_score_set`` clear the turn)."""
    free = st.free = replaced(st.free, p, st.free[p] - placed)
    if free[p] == 0:
        if st.flags.set_ends_at_once:
            _score_set(st)
            return
        st.ending = True  # seed point 3: the turn cycle is finished first
    P, caesar, q = st.nplayers, st.caesar, p
    while True:
        q = q + 1 if q + 1 < P else 0
        if q == caesar and (st.ending or not any(free)):
            _score_set(st)
            return
        if free[q] > 0:
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
    rewarded = set(ranked[:n])
    st.cas = tuple(g for g in st.cas if g in rewarded)
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
        st.step, st.player, st.is_over = "over", -1, True
        st.free = (0,) * st.nplayers
        return
    st.set_no += 1
    st.caesar = (st.caesar + 1) % st.nplayers  # the Caesar marker passes to the left
    _reveal(st)
    _start_turn(st, st.caesar)
