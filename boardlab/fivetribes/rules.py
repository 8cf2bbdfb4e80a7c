"""The Five Tribes forward model: setup, legal actions for the decision asked now, and apply.

A round is: the bid (each marker in bid order takes a turn-order spot), then one action turn
per marker in turn order, then clean-up (refill). An action turn is a chain of small steps:

``start``    move from a tile (or ``no legal move``), or use a djinn power
``drop``     one step of the walk: which neighbour and which colour
(automatic)  collect, tile control, Vizier/Elder/Merchant actions
``builders`` how many Fakirs to add (or Echidna)       -- only when there is a choice
``kill``     the Assassins' victim (or Iblis first)
``place``    where a palm/palace goes when Lamia/Hagis could move it
``market`` / ``sacred``   optional tile actions, asked only when there is a choice
``sibittis`` which drawn djinn to keep
``end``      sell sets of merchandise, use djinn powers, ``end turn`` -- skipped when
             ``end turn`` is the only option

With the default ``power_timing="every step"`` the paid "your turn" powers are offered at
``start``, ``builders``, ``kill``, ``market``, ``sacred`` and ``end`` (a usable power makes those
steps a choice, so they are asked); with ``"start and end"`` only at ``start`` and ``end``.
The state object is built by ``state.py``; this module never imports it (no import circle).

The position's small records (bag, per-player values, camels/palms/palaces, piles, track, the
move in progress, the colour masks) are tuples: this module REPLACES them when they change
(``core.tuples.replaced``/``added``, ``_give_card``), so ``copy`` shares them. Only the board's meeple counts
are a bytearray changed in place. Three derived values are kept up to date with what they follow
(``state.freeze`` recomputes them after an edit by hand, the conformance invariants check them):
``st.masks`` (per colour, the bitmask of tiles holding it), so legal starts, drops and the
Assassins never rescan the board for colours; ``st.built`` (tiles with a camel, palm tree or
palace); ``st.is_over`` (``phase == "over"``, read at every decision).

Rule names used in IllegalAction errors are the headings of RULES.md.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, compress
from operator import itemgetter

from boardlab.core.chance import ChanceStream
from boardlab.core.tuples import added, replaced
from boardlab.fivetribes import movegen
from boardlab.fivetribes.actions import (
    END_TURN, NO_KILL, NO_MOVE, SKIP_MARKET, SKIP_SACRED, Bid, Builders, Buy, Drop, Keep, Kill, Move, Place,
    Power, Sell, TakeDjinn, bid_price, form_problem,
)
from boardlab.fivetribes.components import (
    ANUN_NAK, BAAL, BID_COSTS, BLOCK, BLUE, BOAZ, BOURAQ, CARD_NAMES, COLOURS, DECK, DJINNS, ECHIDNA, ENKI, FAKIR,
    FRONT_ZERO, GREEN, HAGIS, IBLIS, KANDICHA, KUMARBI, LAMIA, LETA, MARID, MEEPLE_COUNTS, MERCH, MONKIR, NBR, NEKIR,
    NTILES, PAY_CODES, PAY_NAMES, PAYMENTS, RED, SACRED_PAYMENTS, SIBITTIS, SLOAR, TILE_KIND, TILE_NAMES, TILE_SET,
    TURN_POWERS, UTUG, WHITE, YELLOW, ZERO_SLOTS, blue_tiles_around, const, distance, set_value,
)

NCOL = 5
#: Ba'al / Marid / Monkir / Nekir: gold to the djinn's owner when the owner triggers it, or an opponent
PAYOUT_SELF = const("baal_self_gold")
PAYOUT_OTHER = const("baal_other_gold")
ROW_SIZE = const("resource_row")
DJINN_ROW = const("djinn_row")
SM_PRICE, SM_REACH = const("small_market_price"), const("small_market_reach")
LM_PRICE, LM_REACH = const("large_market_price"), const("large_market_reach")
ANUN_NAK_N = const("anun_nak_meeples")
SIB_N = const("sibittis_draw")
#: pre-built actions of the two most frequent decisions (actions are immutable: safe to share)
DROPS = tuple(tuple(Drop("drop", x, n) for n in range(NTILES)) for x in range(NCOL))
DROP_SETS = movegen.drop_sets(DROPS)
MOVES = tuple(Move("move", s) for s in range(NTILES))
#: ``BIDS[slot]``: the bid of a slot without Kumarbi's fakirs
BIDS = tuple(Bid("bid", s, 0) for s in range(len(BID_COSTS)))
#: ``AFFORDABLE[gold]``: the paid spots costing at most ``gold`` (``gold`` up to the dearest spot)
MAX_BID = max(BID_COSTS)
AFFORDABLE = tuple(tuple(s for s in range(ZERO_SLOTS, len(BID_COSTS)) if BID_COSTS[s] <= g) for g in range(MAX_BID + 1))
#: pre-built market purchases: ``BUY_ONE[i][card]`` takes the card at row position i (from 0),
#: ``BUY_TWO[i][j][card_i][card_j]`` two of them; ``PAIRS_BELOW[n]``: the position pairs i < j < n
BUY_ONE = tuple(tuple(Buy("buy", (i + 1,), (c,)) for c in range(len(CARD_NAMES))) for i in range(max(SM_REACH, LM_REACH)))
BUY_TWO = tuple(tuple(tuple(tuple(Buy("buy", (i + 1, j + 1), (ci, cj)) for cj in range(len(CARD_NAMES)))
                            for ci in range(len(CARD_NAMES))) for j in range(LM_REACH)) for i in range(LM_REACH))
PAIRS_BELOW = tuple(tuple(combinations(range(n), 2)) for n in range(LM_REACH + 1))
#: ``DISTANCES[a][b]``: ``distance(a, b)`` as a table (the Assassins' range test runs on every tile)
DISTANCES = tuple(tuple(distance(a, b) for b in range(NTILES)) for a in range(NTILES))
#: ``IN_RANGE[e][r]``: the bitmask of the tiles at most ``r`` steps from ``e`` (the Assassins' reach,
#: ANDed with the occupied tiles, so they never look at a tile out of range or empty)
MAX_DISTANCE = max(map(max, DISTANCES))
IN_RANGE = tuple(tuple(sum(1 << t for t in range(NTILES) if DISTANCES[e][t] <= r) for r in range(MAX_DISTANCE + 1))
                 for e in range(NTILES))
#: ``KILLS[tile][f]``: the one-meeple kills on the tile by colour, discarding ``f`` fakirs for range
#: (``f``: the steps beyond the Assassins' count, at most the board's widest distance)
KILLS = tuple(tuple(tuple(Kill("kill", t, (c,), -1, f) for c in range(NCOL)) for f in range(MAX_DISTANCE + 1))
              for t in range(NTILES))
ZERO5 = (0,) * NCOL
NO_MEEPLES = bytes(NCOL)
ALL_TILES = (1 << NTILES) - 1


def _give_card(st, p: int, c: int, n: int = 1) -> None:
    """``n`` more cards ``c`` for player ``p`` (negative: fewer)."""
    cards = st.cards
    st.cards = cards[:p] + (added(cards[p], c, n),) + cards[p + 1:]


def _meeple_gone(st, t: int, c: int) -> None:
    """A meeple of colour ``c`` left tile ``t``: its colour mask loses the tile when none is left."""
    if not st.meeples[t * NCOL + c]:
        masks = st.masks
        st.masks = replaced(masks, c, masks[c] & ~(1 << t))


def _meeple_added(st, t: int, c: int) -> None:
    masks = st.masks
    st.masks = replaced(masks, c, masks[c] | 1 << t)

# =============================================================================================
# setup
# =============================================================================================


def set_up(st, seed: int, chance: int) -> None:
    """Set up a new game on a blank state ``st`` (its ``game`` set): all randomness from ``seed``,
    drawn by chance stream version ``chance``."""
    P = st.game.players
    st.nplayers = P
    st.is_over = False
    st.chance = ChanceStream(seed, version=chance)
    rng = st.chance.next_rng()
    tiles = list(TILE_SET)
    rng.shuffle(tiles)
    st.tiles = tuple(tiles)
    bag = [c for c in range(NCOL) for _ in range(MEEPLE_COUNTS[c])]
    rng.shuffle(bag)
    st.meeples = bytearray(NTILES * NCOL)  # a bytearray: copied in one step (see state.py)
    per = const("meeples_per_tile")
    for t in range(NTILES):
        for c in bag[t * per:(t + 1) * per]:
            st.meeples[t * NCOL + c] += 1
    st.masks = tuple(movegen.colour_masks(st.meeples))
    left = [0] * NCOL
    for c in bag[NTILES * per:]:
        left[c] += 1
    st.bag = tuple(left)
    st.camel = (-1,) * NTILES
    st.palms = (0,) * NTILES
    st.palaces = (0,) * NTILES
    st.built = 0  # bitmask of the tiles holding a camel, palm tree or palace (kept with them)
    st.palm_supply = const("palms")
    st.palace_supply = const("palaces")
    st.gold = (const("start_gold"),) * P
    st.viziers = (0,) * P
    st.elders = (0,) * P
    st.camels = (const(f"camels_{P}p"),) * P
    st.cards = ((0,) * len(CARD_NAMES),) * P
    st.djinn_owner = (-1,) * len(DJINNS)
    st.used = (0,) * P
    # the draw piles are multisets kept sorted: a card is picked at random when it is drawn
    # (``draw_cards``), so the state never holds the order of cards nobody has seen yet
    st.res_deck = tuple(sorted(DECK))
    st.res_row = ()
    st.res_discard = ()
    st.dj_deck = tuple(range(len(DJINNS)))
    st.dj_row = ()
    st.dj_discard = ()
    nm = const(f"markers_{P}p")
    st.markers = tuple(m % P for m in range(P * nm))
    order = list(range(P * nm))
    rng.shuffle(order)  # markers start at random on the bid-order track
    st.bid_order = tuple(order)
    st.round = 1
    st.end_camel = st.end_no_move = False
    _clear_turn(st)
    st.play_order, st.turn_index, st.next_bid_order = (), 0, ()
    _refill(st)
    _begin_round(st)


def _clear_turn(st) -> None:
    st.mv_start = st.mv_pos = st.mv_prev = -1
    st.hand = ZERO5
    st.path = ()
    st.orig = ZERO5
    st.p_tile = -1  # the move's final tile and how many meeples were collected there
    st.p_count = 0
    st.p_item = ""  # a palm/palace waiting for its place (step ``place``), its tile, and
    st.p_place = -1  # the step to go back to after it (or after the Sibittis choice)
    st.p_return = ""
    st.drawn = ()
    st.echidna = st.iblis = False


def _draw(pile: tuple, discard: tuple, n: int, rng) -> tuple[list, tuple, tuple]:
    """Draw up to ``n`` items at random from a sorted pile, turning the discards into a new pile
    when it runs out: (items drawn, the pile and the discards left). The pile is a multiset:
    which card comes next is decided by ``rng`` now, not by an order stored in the state
    (GUIDE 2: a reseeded copy must not know the future)."""
    out = []
    pile = sorted(pile)  # sorted already in play; makes a hand-edited pile draw the same as its JSON form
    for _ in range(n):
        if not pile:
            if not discard:
                break
            pile = sorted(discard)
            discard = ()
        out.append(pile.pop(rng.randrange(len(pile))))
    return out, tuple(pile), tuple(discard)


def draw_cards(st, n: int) -> list:
    """Draw up to ``n`` resource cards from the pile (one chance event); fewer when pile and
    discards run out. The cards leave the pile; the caller puts them somewhere."""
    if n <= 0:
        return []
    out, st.res_deck, st.res_discard = _draw(st.res_deck, st.res_discard, n, st.chance.next_rng())
    return out


def draw_djinns(st, n: int) -> list:
    """Draw up to ``n`` djinns from the djinn pile (one chance event), like ``draw_cards``."""
    if n <= 0:
        return []
    out, st.dj_deck, st.dj_discard = _draw(st.dj_deck, st.dj_discard, n, st.chance.next_rng())
    return out


def _refill(st) -> None:
    st.res_row += tuple(draw_cards(st, ROW_SIZE - len(st.res_row)))
    st.dj_row += tuple(draw_djinns(st, DJINN_ROW - len(st.dj_row)))


# =============================================================================================
# round and turn flow
# =============================================================================================


def _begin_round(st) -> None:
    st.phase = "bid"
    st.step = "bid"
    st.bid_next = 0
    st.track = (-1,) * len(BID_COSTS)
    if st.game.power_reset == "round":
        st.used = (0,) * st.nplayers
    else:  # a new round: Kumarbi (used when bidding) may be used again
        st.used = tuple(u & ~KUMARBI_BIT for u in st.used)
    st.player = st.markers[st.bid_order[0]]


def _begin_action(st) -> None:
    m = st.play_order[st.turn_index]
    st.next_bid_order += (m,)  # the marker moves to the first free bid-order spot
    p = st.markers[m]
    st.player = p
    if st.game.power_reset == "action":
        st.used = replaced(st.used, p, 0)
    _clear_turn(st)
    st.step = "start"


def _finish_action(st) -> None:
    st.turn_index += 1
    if st.turn_index < len(st.play_order):
        _begin_action(st)  # clears the turn
    else:
        _clear_turn(st)
        _end_round(st)


def _end_round(st) -> None:
    if not st.end_camel and not st.end_no_move and not movegen.any_start(st.meeples, st.game.loop_drops_count,
                                                                                   st.masks):
        st.end_no_move = True  # nobody could move next round: the game ends now
    if st.end_camel or st.end_no_move:
        st.phase = "over"
        st.is_over = True
        st.step = "over"
        st.player = -1
        return
    _refill(st)
    st.bid_order = st.next_bid_order
    st.next_bid_order = ()
    st.play_order = ()
    st.turn_index = 0
    st.round += 1
    _begin_round(st)


def _can_pay(st, p: int, pay) -> bool:
    e, f = pay
    return st.elders[p] >= e and st.cards[p][FAKIR] >= f


def _pay(st, p: int, pay) -> None:
    e, f = pay
    if e:
        st.elders = added(st.elders, p, -e)
        st.bag = added(st.bag, WHITE, e)
    _discard_fakirs(st, p, f)


def _payouts(st, djinn: int, p: int) -> None:
    """Ba'al / Marid / Monkir / Nekir: +1 gold to the owner if the owner did it, +2 otherwise."""
    q = st.djinn_owner[djinn]
    if q >= 0:
        st.gold = added(st.gold, q, PAYOUT_SELF if q == p else PAYOUT_OTHER)


KUMARBI_BIT = 1 << KUMARBI


def _powers_between(st, p: int) -> list:
    """The "your turn" powers offered between the move and the end step (``power_timing``)."""
    return _turn_powers(st, p) if st.game.power_timing == "every step" else []


def _power_ready(st, p: int, d: int) -> bool:
    return st.djinn_owner[d] == p and not (st.used[p] >> d & 1)


def _pay_options(st, p: int, d: int):
    return [pay for pay in PAYMENTS[DJINNS[d].cost] if _can_pay(st, p, pay)]


def _place_camel(st, p: int, t: int) -> bool:
    if st.camel[t] < 0 and st.camels[p] > 0:
        st.camel = replaced(st.camel, t, p)
        st.built |= 1 << t
        st.camels = added(st.camels, p, -1)
        if st.camels[p] == 0:
            st.end_camel = True
        return True
    return False


def _tile_empty(st, t: int) -> bool:
    b = t * NCOL
    m = st.meeples
    return not (m[b] or m[b + 1] or m[b + 2] or m[b + 3] or m[b + 4])


def _gain_djinn(st, p: int, d: int) -> None:
    st.djinn_owner = replaced(st.djinn_owner, d, p)
    if d != BAAL or st.game.baal_counts_itself:  # gaining Ba'al itself pays only with that option
        _payouts(st, BAAL, p)


# =============================================================================================
# legal actions
# =============================================================================================


def _built_sorted(st) -> tuple:
    """A step whose ``generate_legal`` lists in order: kind "move" < "pass" < "use" at the start
    (tiles, djinns and payments ascending), slots ascending in a bid, "buy" < "pass" < "use" in a
    market, the kills (``_kill_targets``) before the powers."""
    return tuple(generate_legal(st))


def _generated_sorted(st) -> tuple:
    return tuple(sorted(generate_legal(st)))


#: a drop decision's sorted options per (pos, prev, ``movegen.plain_drop_colours``): each option
#: set met is built and sorted once (a random game meets a few hundred; cleared when large)
_DROPS_SORTED: dict = {}
DROPS_KEPT = 1 << 16


def _sorted_drops(st) -> tuple:
    if st.game.loop_drops_count:
        return _generated_sorted(st)
    pos, prev, hand = st.mv_pos, st.mv_prev, st.hand
    colours = movegen.plain_drop_colours(pos, prev, hand, sum(hand), st.orig)
    key = (pos * 32 + prev + 1) << 20 | colours
    got = _DROPS_SORTED.get(key)
    if got is None:
        if len(_DROPS_SORTED) >= DROPS_KEPT:
            _DROPS_SORTED.clear()
        got = _DROPS_SORTED[key] = tuple(sorted(movegen.drops_of(pos, prev, colours, DROP_SETS)))
    return got


def generate_legal(st) -> list:
    """Every legal action for the decision asked now (``SORTED_LEGAL``: the sorted tuple)."""
    step = st.step
    p = st.player
    if step == "drop":
        if st.game.loop_drops_count:
            return movegen.drop_options(st.mv_pos, st.mv_prev, st.hand, sum(st.hand), st.orig, st.masks,
                                        True, DROP_SETS)
        return movegen.plain_drops(st.mv_pos, st.mv_prev, st.hand, sum(st.hand), st.orig, DROP_SETS)
    if step == "start":
        out = movegen.legal_starts(st.meeples, st.game.loop_drops_count, False, st.masks, MOVES) or [NO_MOVE]
        out.extend(_turn_powers(st, p))
        return out
    if step == "bid":
        return _bid_options(st)
    if step == "end":
        return list(_end_options(st))
    if step == "builders":
        out = [Builders("builders", k) for k in range(st.cards[p][FAKIR] + 1)]
        if not st.echidna and _power_ready(st, p, ECHIDNA):
            out.extend(Power("use", ECHIDNA, -1, PAY_NAMES[pay]) for pay in _pay_options(st, p, ECHIDNA))
        return out + _powers_between(st, p)
    if step == "kill":  # in order: kills ("kill" < "pass" < "use"), no kill when none, the powers sorted
        out = _kill_targets(st, p) or [NO_KILL]
        powers = _powers_between(st, p)
        if out[0] is not NO_KILL and not st.iblis and _power_ready(st, p, IBLIS):
            powers += [Power("use", IBLIS, -1, PAY_NAMES[pay]) for pay in _pay_options(st, p, IBLIS)]
        return out + sorted(powers)
    if step == "place":
        return _place_options(st, p)
    if step == "market":
        return _market_options(st) + _powers_between(st, p)
    if step == "sacred":
        out = [TakeDjinn("take", d, PAY_NAMES[pay]) for d in st.dj_row for pay in SACRED_PAYMENTS
               if _can_pay(st, p, pay)]
        out.append(SKIP_SACRED)
        return out + _powers_between(st, p)
    if step == "sibittis":
        return [Keep("keep", d) for d in st.drawn]
    return []


def _bid_options(st) -> list:
    p = st.player
    gold = st.gold[p]
    track = st.track
    out = []
    if track[0] < 0:  # a zero spot is still free
        out.append(BIDS[FRONT_ZERO])
    kumarbi = st.djinn_owner[KUMARBI] == p and not st.used[p] & KUMARBI_BIT
    fakirs = st.cards[p][FAKIR] if kumarbi else 0
    if not fakirs:  # the usual bid: the free paid spots the gold covers
        out += [BIDS[s] for s in AFFORDABLE[min(gold, MAX_BID)] if track[s] < 0]
    else:
        for s in range(ZERO_SLOTS, len(BID_COSTS)):
            if track[s] >= 0:
                continue
            if BID_COSTS[s] <= gold:
                out.append(BIDS[s])
            for k in range(1, min(fakirs, s - FRONT_ZERO) + 1):
                if bid_price(s, k) <= gold:
                    out.append(Bid("bid", s, k))
    if not out:  # cannot afford any free spot: take the cheapest one, paying all one's gold
        s = next(s for s in range(ZERO_SLOTS, len(BID_COSTS)) if track[s] < 0)
        out.append(Bid("bid", s, 0))
    return out


def _turn_powers(st, p: int) -> list:
    owners = _turn_power_owners(st.djinn_owner)
    if p not in owners:  # no "your turn" djinn (most turns of a game): nothing to look at
        return []
    out = []
    used = st.used[p]
    for d, q in zip(TURN_POWERS, owners):
        if q != p or used >> d & 1:
            continue
        pays = [PAY_NAMES[pay] for pay in _pay_options(st, p, d)]
        if not pays:
            continue
        tiles = _power_tiles(st, p, d)
        if tiles is None:
            continue
        for t in tiles:
            for pay in pays:
                out.append(_power(d, t, pay))
    return out


@lru_cache(maxsize=None)
def _power(d: int, t: int, pay: str):
    """The action of using djinn ``d`` (on tile ``t``), paying ``pay`` (built once)."""
    return Power("use", d, t, pay)


@lru_cache(maxsize=16)
def _tiles_of_kind(tiles: tuple, kind: str) -> tuple:
    """The tiles of a board layout of one kind (a layout never changes during a game)."""
    return tuple(t for t in range(NTILES) if TILE_KIND[tiles[t]] == kind)


def _bare_tiles(st, occupied: int) -> list:
    """The tiles without camel, palm tree or palace that hold meeples (``occupied`` 1) or none (0)."""
    m0, m1, m2, m3, m4 = st.masks
    held = m0 | m1 | m2 | m3 | m4
    bare = ALL_TILES & ~st.built
    return _tiles_in(bare & held if occupied else bare & ~held)


#: ``_CHUNKS[i][bits]``: the tiles ``10 i + k`` of the set bits k of a 10-bit chunk of a tile mask
_CHUNKS = tuple(tuple(tuple(10 * i + k for k in range(10) if bits >> k & 1) for bits in range(1 << 10))
                for i in range((NTILES + 9) // 10))


def _tiles_in(mask: int) -> list:
    """The tiles of a tile bitmask, in order."""
    c0, c1, c2 = _CHUNKS
    return [*c0[mask & 1023], *c1[mask >> 10 & 1023], *c2[mask >> 20 & 1023]]


_turn_power_owners = itemgetter(*TURN_POWERS)


def _power_tiles(st, p: int, d: int):
    """Tiles a power can target ([-1] for a power without a tile; None when unusable now)."""
    if d == ANUN_NAK:
        if not sum(st.bag):
            return None
        return _bare_tiles(st, 0) or None
    if d == BOURAQ:
        if not st.palace_supply:
            return None
        return _tiles_of_kind(st.tiles, "palace")
    if d == ENKI:
        if not st.palm_supply:
            return None
        return _tiles_of_kind(st.tiles, "palm")
    if d == LETA:
        if not st.camels[p]:
            return None
        return _bare_tiles(st, 0) or None
    if d == UTUG:
        if not st.camels[p]:
            return None
        return _bare_tiles(st, 1) or None
    if d == SIBITTIS:
        return [-1] if (st.dj_deck or st.dj_discard) else None
    if d == SLOAR:
        return [-1] if (st.res_deck or st.res_discard) else None
    return None


def _sales(counts: tuple) -> tuple:
    """Every set of distinct merchandise types among those ``counts`` holds, sorted (built once per
    set of types held: at most 511)."""
    held = tuple(c for c, n in zip(MERCH, counts) if n)
    sales = _SALES.get(held)
    if sales is None:
        sales = _SALES[held] = tuple(sorted(Sell("sell", combo) for k in range(1, len(held) + 1)
                                            for combo in combinations(held, k)))
    return sales


def _end_options(st) -> tuple:
    """The end step's options in order: end turn ("pass"), the sales ("sell"), the powers ("use");
    the first two kept per merchandise counts (``_ENDS``: the key is read at once from the cards,
    and the table is emptied when it grows large, as counts can combine in a million ways)."""
    p = st.player
    counts = _merchandise(st.cards[p])
    got = _ENDS.get(counts)
    if got is None:
        if len(_ENDS) >= ENDS_KEPT:
            _ENDS.clear()
        got = _ENDS[counts] = (END_TURN, *_sales(counts))
    powers = _turn_powers(st, p)
    return got + tuple(powers) if powers else got


_SALES: dict = {}
_ENDS: dict = {}
ENDS_KEPT = 4096


def _victim_in_reach(st, p: int) -> bool:
    """Whether the Assassins have a victim (a meeple within range, or an opponent's Vizier or
    Elder not shielded by Boaz): whether the kill step is a choice at all."""
    m0, m1, m2, m3, m4 = st.masks
    rng = st.p_count + st.cards[p][FAKIR]
    if (m0 | m1 | m2 | m3 | m4) & IN_RANGE[st.p_tile][min(rng, MAX_DISTANCE)]:
        return True
    boaz = st.djinn_owner[BOAZ]
    return any((st.viziers[q] or st.elders[q]) for q in range(st.nplayers) if q != p and q != boaz)


def _kill_targets(st, p: int) -> list:
    """The Assassins' victims in reach, sorted: opponents' pieces (tile -1) first, then the board's
    meeples tile by tile (the tiles of the range mask in order, colours ascending)."""
    e = st.p_tile
    a = st.p_count
    rng = a + st.cards[p][FAKIR]
    two = st.iblis
    out = _piece_kills(st, p, two)
    meeples = st.meeples
    m0, m1, m2, m3, m4 = st.masks
    dist = DISTANCES[e]
    for t in _tiles_in((m0 | m1 | m2 | m3 | m4) & IN_RANGE[e][min(rng, MAX_DISTANCE)]):
        d = dist[t]
        f = d - a if d > a else 0
        b = t * NCOL
        counts = meeples[b:b + NCOL]
        if two and sum(counts) >= 2:
            for c1 in range(NCOL):
                if counts[c1]:
                    for c2 in range(c1, NCOL):
                        if counts[c2] >= (2 if c2 == c1 else 1):
                            out.append(Kill("kill", t, (c1, c2), -1, f))
        else:
            out += compress(KILLS[t][f], counts)  # the colours on the tile
    return out


def _piece_kills(st, p: int, two: bool) -> list:
    """The kills of opponents' Viziers and Elders (Boaz shields its owner's), sorted."""
    out = []
    boaz = st.djinn_owner[BOAZ]
    for q in range(st.nplayers):
        if q == p or q == boaz:
            continue
        v, w = st.viziers[q], st.elders[q]
        if two and v + w >= 2:
            for pair, ok in (((YELLOW, YELLOW), v >= 2), ((YELLOW, WHITE), v and w), ((WHITE, WHITE), w >= 2)):
                if ok:
                    out.append(Kill("kill", -1, pair, q, 0))
        else:
            if v:
                out.append(Kill("kill", -1, (YELLOW,), q, 0))
            if w:
                out.append(Kill("kill", -1, (WHITE,), q, 0))
    if len(out) > 1:
        out.sort()
    return out


def _place_options(st, p: int) -> list:
    item, t = st.p_item, st.p_place
    out = [Place("place", item, t, "")]
    d = LAMIA if item == "palm" else HAGIS
    if _power_ready(st, p, d):
        near = NBR[t] if st.game.hagis_lamia_reach == "orthogonal" else [u for u in BLOCK[t] if u != t]
        for pay in _pay_options(st, p, d):
            out.extend(Place("place", item, u, PAY_NAMES[pay]) for u in near)
    return out


def _market_price(st) -> int:
    return SM_PRICE if TILE_KIND[st.tiles[st.p_tile]] == "small market" else LM_PRICE


def _market_options(st) -> list:
    """The purchases (positions ascending), then skip (kind "buy" < "pass": in order)."""
    row = st.res_row
    out = []
    if st.gold[st.player] < _market_price(st):
        return [SKIP_MARKET]
    if TILE_KIND[st.tiles[st.p_tile]] == "small market":
        out.extend(BUY_ONE[i][row[i]] for i in range(min(SM_REACH, len(row))))
    else:
        n = min(LM_REACH, len(row))
        if n == 1:
            out.append(BUY_ONE[0][row[0]])
        for i, j in PAIRS_BELOW[n]:
            out.append(BUY_TWO[i][j][row[i]][row[j]])
    out.append(SKIP_MARKET)
    return out


#: per step, the function listing its options as a sorted tuple (``state.legal_actions``)
SORTED_LEGAL = {
    "drop": _sorted_drops, "start": _built_sorted, "bid": _built_sorted, "end": _end_options,
    "market": _built_sorted, "builders": _generated_sorted, "kill": _built_sorted,
    "place": _generated_sorted, "sacred": _generated_sorted, "sibittis": _generated_sorted,
}


# =============================================================================================
# apply
# =============================================================================================


def apply_action(st, a) -> None:
    APPLY[a[0]](st, a)


def _apply_sell(st, a) -> None:
    p = st.player
    row = list(st.cards[p])
    for c in a.cards:
        row[c] -= 1
    st.cards = replaced(st.cards, p, tuple(row))
    st.res_discard += a.cards
    st.gold = added(st.gold, p, set_value(len(a.cards)))
    _end_step(st)


def _apply_builders(st, a) -> None:
    p = st.player
    _discard_fakirs(st, p, a.fakirs)
    gold = blue_tiles_around(st.tiles, st.p_tile) * (st.p_count + a.fakirs)
    st.gold = added(st.gold, p, gold * 2 if st.echidna else gold)
    _tile_action(st)


def _apply_buy(st, a) -> None:
    p = st.player
    st.gold = added(st.gold, p, -_market_price(st))
    row = list(st.res_row)
    for pos in sorted(a.positions, reverse=True):
        _give_card(st, p, row.pop(pos - 1))
    st.res_row = tuple(row)
    _end_step(st)


def _apply_take(st, a) -> None:
    p = st.player
    _pay(st, p, PAY_CODES[a.pay])
    row = list(st.dj_row)
    row.remove(a.djinn)
    st.dj_row = tuple(row)
    _gain_djinn(st, p, a.djinn)
    _end_step(st)


def _apply_keep(st, a) -> None:
    p = st.player
    st.dj_discard += tuple(d for d in st.drawn if d != a.djinn)
    st.drawn = ()
    _gain_djinn(st, p, a.djinn)
    _return(st)


def _discard_fakirs(st, p: int, k: int) -> None:
    if k:
        _give_card(st, p, FAKIR, -k)
        st.res_discard += (FAKIR,) * k


def _apply_bid(st, a) -> None:
    m = st.bid_order[st.bid_next]
    p = st.markers[m]
    _, slot, fakirs = a  # unpacked: quicker than two field reads (drops, moves and bids alike)
    price = bid_price(slot, fakirs) if fakirs else BID_COSTS[slot]
    gold = st.gold[p]
    if price and gold:
        st.gold = replaced(st.gold, p, gold - min(price, gold))  # a broke bidder pays all it has (see RULES.md)
    if fakirs:
        _discard_fakirs(st, p, fakirs)
        if st.game.kumarbi_per == "round":
            st.used = replaced(st.used, p, st.used[p] | KUMARBI_BIT)
    track = st.track
    if slot < ZERO_SLOTS:
        # the new zero bidder takes the front zero spot and pushes earlier ones back
        track = st.track = track[1:ZERO_SLOTS] + (m,) + track[ZERO_SLOTS:]
    else:
        track = st.track = replaced(track, slot, m)
    st.bid_next += 1
    if st.bid_next < len(st.bid_order):
        st.player = st.markers[st.bid_order[st.bid_next]]
        return
    st.phase = "turn"
    st.play_order = tuple(m for m in reversed(track) if m >= 0)
    st.turn_index = 0
    st.next_bid_order = ()
    _begin_action(st)


def _apply_move(st, a) -> None:
    s = a[1]  # the tile
    b = s * NCOL
    st.hand = tuple(st.meeples[b:b + NCOL])
    st.meeples[b:b + NCOL] = NO_MEEPLES
    clear = ~(1 << s)
    m0, m1, m2, m3, m4 = st.masks
    st.orig = st.masks = (m0 & clear, m1 & clear, m2 & clear, m3 & clear, m4 & clear)  # the board after the pick-up
    st.mv_start = st.mv_pos = s
    st.mv_prev = -1
    st.path = ()
    st.step = "drop"


def _apply_drop(st, a) -> None:
    _, x, n = a  # colour, tile
    st.meeples[n * NCOL + x] += 1
    hand = st.hand
    hand = st.hand = hand[:x] + (hand[x] - 1,) + hand[x + 1:]
    masks = st.masks
    if not masks[x] >> n & 1:  # the first meeple of its colour on the tile
        st.masks = masks[:x] + (masks[x] | 1 << n,) + masks[x + 1:]
    marid = st.djinn_owner[MARID]
    if marid >= 0 and st.camel[n] == marid:
        _payouts(st, MARID, st.player)
    st.mv_prev = st.mv_pos
    st.mv_pos = n
    st.path += (n,)
    if not any(hand):
        _finish_move(st, x, n)


def _finish_move(st, c: int, e: int) -> None:
    p = st.player
    b = e * NCOL + c
    n = st.meeples[b]
    st.meeples[b] = 0
    masks = st.masks
    st.masks = replaced(masks, c, masks[c] & ~(1 << e))  # no meeple of colour c left on e
    st.orig = st.hand = ZERO5
    st.p_tile = e
    st.p_count = n
    if _tile_empty(st, e):
        _place_camel(st, p, e)
    if c == YELLOW:
        st.viziers = added(st.viziers, p, n)
    elif c == WHITE:
        st.elders = added(st.elders, p, n)
    elif c == GREEN:
        st.bag = added(st.bag, GREEN, n)
        row = st.res_row
        k = min(n, len(row))
        for card in row[:k]:
            _give_card(st, p, card)
        st.res_row = row[k:]
    elif c == BLUE:
        st.bag = added(st.bag, BLUE, n)
        if st.cards[p][FAKIR] or (_power_ready(st, p, ECHIDNA) and _pay_options(st, p, ECHIDNA)) \
                or _powers_between(st, p):
            st.step = "builders"
            return
        st.gold = added(st.gold, p, blue_tiles_around(st.tiles, e) * n)
    else:
        st.bag = added(st.bag, RED, n)
        if _victim_in_reach(st, p) or _powers_between(st, p):
            st.step = "kill"
            return
    _tile_action(st)


def _apply_kill(st, a) -> None:
    p = st.player
    kandicha = st.djinn_owner[KANDICHA] == p
    _discard_fakirs(st, p, a.fakirs)
    if a.player >= 0:
        q = a.player
        for c in a.colours:
            if c == YELLOW:
                st.viziers = added(st.viziers, q, -1)
            else:
                st.elders = added(st.elders, q, -1)
            if kandicha:
                if c == YELLOW:
                    st.viziers = added(st.viziers, p, 1)
                else:
                    st.elders = added(st.elders, p, 1)
            else:
                st.bag = added(st.bag, c, 1)
    else:
        t = a.tile
        for c in a.colours:
            st.meeples[t * NCOL + c] -= 1
            _meeple_gone(st, t, c)
            if kandicha and c in (YELLOW, WHITE):
                if c == YELLOW:
                    st.viziers = added(st.viziers, p, 1)
                else:
                    st.elders = added(st.elders, p, 1)
                continue
            st.bag = added(st.bag, c, 1)
            if kandicha and c == GREEN:
                for card in draw_cards(st, 1):
                    _give_card(st, p, card)
            elif kandicha and c == BLUE:
                st.gold = added(st.gold, p, blue_tiles_around(st.tiles, t))
        if _tile_empty(st, t):
            _place_camel(st, p, t)  # after the destination, which was claimed first
    times = len(a.colours) if st.game.nekir_per == "meeple" else 1
    for _ in range(times):
        _payouts(st, NEKIR, p)
    _tile_action(st)


def _tile_action(st) -> None:
    """The final tile's action, whether or not the mover controls it."""
    e = st.p_tile
    kind = TILE_KIND[st.tiles[e]]
    p = st.player
    if kind == "palm":
        if st.palm_supply:
            _start_place(st, p, "palm", e, "end")
            return
    elif kind == "palace":
        if st.palace_supply:
            _start_place(st, p, "palace", e, "end")
            return
    elif kind in ("small market", "large market"):
        if (st.gold[p] >= _market_price(st) and st.res_row) or _powers_between(st, p):
            st.step = "market"
            return
    else:  # sacred place
        if (st.dj_row and any(_can_pay(st, p, pay) for pay in SACRED_PAYMENTS)) or _powers_between(st, p):
            st.step = "sacred"
            return
    _end_step(st)


def _start_place(st, p: int, item: str, t: int, ret: str) -> None:
    d = LAMIA if item == "palm" else HAGIS
    if _power_ready(st, p, d) and _pay_options(st, p, d):
        st.step = "place"
        st.p_item = item
        st.p_place = t
        st.p_return = ret
        return
    _do_place(st, p, item, t)
    st.p_return = ret
    _return(st)


def _do_place(st, p: int, item: str, t: int) -> None:
    st.built |= 1 << t
    if item == "palm":
        st.palms = added(st.palms, t, 1)
        st.palm_supply -= 1
    else:
        st.palaces = added(st.palaces, t, 1)
        st.palace_supply -= 1
        _payouts(st, MONKIR, p)


def _apply_place(st, a) -> None:
    p = st.player
    if a.pay:
        d = LAMIA if a.item == "palm" else HAGIS
        _pay(st, p, PAY_CODES[a.pay])
        st.used = replaced(st.used, p, st.used[p] | 1 << d)
    _do_place(st, p, a.item, a.tile)
    _return(st)


def _return(st) -> None:
    """Back to the step a placement or the Sibittis choice interrupted."""
    ret = st.p_return
    st.p_return = st.p_item = ""
    st.p_place = -1
    if ret == "end":
        _end_step(st)
    else:
        st.step = ret


def _apply_pass(st, a) -> None:
    what = a.what
    if what == "end turn":
        _finish_action(st)
    elif what == "no legal move":
        st.end_no_move = True
        _end_step(st)
    else:  # skip market / skip sacred place / no kill
        if what == "no kill":
            _tile_action(st)
        else:
            _end_step(st)


_merchandise = itemgetter(*MERCH)  # a player's counts of the merchandise types


def _end_step(st) -> None:
    st.step = "end"
    p = st.player
    cards = st.cards[p]
    if any(_merchandise(cards)) or _turn_powers(st, p):  # merchandise to sell, or a power
        return
    _finish_action(st)


def _apply_power(st, a) -> None:
    p = st.player
    d = a.djinn
    _pay(st, p, PAY_CODES[a.pay])
    st.used = replaced(st.used, p, st.used[p] | 1 << d)
    here = st.step
    if d == ECHIDNA:
        st.echidna = True
        return
    if d == IBLIS:
        st.iblis = True
        return
    t = a.tile
    if d == ANUN_NAK:
        rng = st.chance.next_rng()
        pool = [c for c in range(NCOL) for _ in range(st.bag[c])]
        for c in rng.sample(pool, min(ANUN_NAK_N, len(pool))):
            st.bag = added(st.bag, c, -1)
            st.meeples[t * NCOL + c] += 1
            _meeple_added(st, t, c)
    elif d == BOURAQ:
        _start_place(st, p, "palace", t, here)
        return
    elif d == ENKI:
        _start_place(st, p, "palm", t, here)
        return
    elif d in (LETA, UTUG):
        _place_camel(st, p, t)
    elif d == SIBITTIS:
        st.drawn = tuple(draw_djinns(st, SIB_N))
        st.p_return = here
        st.step = "sibittis"
        return
    elif d == SLOAR:
        for card in draw_cards(st, 1):
            _give_card(st, p, card)
    if here == "end":
        _end_step(st)


#: the rules' function applying each kind of action (``state.apply`` calls it directly)
APPLY = {
    "drop": _apply_drop, "move": _apply_move, "bid": _apply_bid, "pass": _apply_pass, "use": _apply_power,
    "sell": _apply_sell, "builders": _apply_builders, "kill": _apply_kill, "place": _apply_place,
    "buy": _apply_buy, "take": _apply_take, "keep": _apply_keep,
}


# =============================================================================================
# why an action is illegal
# =============================================================================================

_STEP_KINDS = {
    "bid": ("bid",), "start": ("move", "use", "pass"), "drop": ("drop",), "builders": ("builders", "use"),
    "kill": ("kill", "use", "pass"), "place": ("place",), "market": ("buy", "pass", "use"),
    "sacred": ("take", "pass", "use"),
    "sibittis": ("keep",), "end": ("sell", "use", "pass"),
}
_STEP_TEXT = {
    "bid": "a turn-order spot (bid)", "start": "a tile to move from (or a djinn power)",
    "drop": "the next drop of the move", "builders": "how many Fakirs to add to the Builders (or a djinn power)",
    "kill": "the Assassins' victim", "place": "where the palm tree/palace goes",
    "market": "a market purchase (or skip)", "sacred": "a djinn to take (or skip)",
    "sibittis": "the djinn to keep", "end": "sales, djinn powers or end turn",
}


def why_illegal(st, a) -> tuple[str, str, dict]:
    """(rule, detail, fields) for an action not among the legal options now: English templates
    whose Korean is in ``fivetribes.glossary.KO`` (the refusals' section)."""
    problem = form_problem(a)
    if problem:  # a hand-built action: the Korean names the action, not the field at fault
        return ("action form", "{problem}", dict(problem=problem, action=repr(a)))
    step = st.step
    kind = a.kind
    p = st.player
    if kind not in _STEP_KINDS.get(step, ()):
        return ("decision order", f"now asking player {{player}} for {_STEP_TEXT.get(step, step)}; {{action}} is not that",
                dict(player=p, action=a))
    if kind == "bid":
        return _why_bid(st, a)
    if kind == "move":
        t = dict(tile=TILE_NAMES[a.tile])
        if _tile_empty(st, a.tile):
            return ("movement: start", "{tile} has no meeples to pick up", t)
        return ("movement: last meeple", "no path from {tile} ends on a tile holding a colour in hand", t)
    if kind == "drop":
        n, x = a.tile, a.colour
        f = dict(tile=TILE_NAMES[n], at=TILE_NAMES[st.mv_pos], colour=COLOURS[x])
        if n not in NBR[st.mv_pos]:
            return ("movement: orthogonal steps", "{tile} is not orthogonally adjacent to {at} (no diagonal steps)", f)
        if n == st.mv_prev:
            return ("movement: no backtrack", "cannot step straight back to {tile}", f)
        if not st.hand[x]:
            return ("movement: drop order", "no {colour} meeple left in hand", f)
        if sum(st.hand) == 1:
            return ("movement: last meeple", "the last {colour} meeple must land on a tile already holding "
                    "{colour}; {tile} has none", f)
        return ("movement: last meeple", "after dropping {colour} on {tile} no path can end on a tile "
                "holding a colour still in hand", f)
    if kind == "pass":
        if a.what == "no legal move":
            return ("movement: compulsory", "a legal move exists, so the player must move", {})
        if a.what == "no kill":
            return ("assassins", "a victim is in reach, so the Assassins must kill", {})
        return ("decision order", "{action} is not an option now", dict(action=a))
    if kind == "use":
        d = a.djinn
        f = dict(player=p, djinn=DJINNS[d].name, cost=DJINNS[d].cost, pay=a.pay)
        if st.djinn_owner[d] != p:
            return ("djinn powers", "player {player} does not hold {djinn}", f)
        if st.used[p] >> d & 1:
            return ("djinn powers: once per turn", "{djinn} was already used this turn", f)
        if a.pay not in PAY_CODES or PAY_CODES[a.pay] not in PAYMENTS[DJINNS[d].cost]:
            return ("djinn powers: cost", "{djinn} costs {cost}, not {pay}", f)
        if not _can_pay(st, p, PAY_CODES[a.pay]):
            return ("djinn powers: cost", "player {player} cannot pay {pay}", f)
        if d in TURN_POWERS and step not in ("start", "end") and st.game.power_timing != "every step":
            return ("djinn powers: when", "with power_timing={timing} {djinn} is offered only before the move and "
                    "at the end step", dict(f, timing=repr(st.game.power_timing)))
        return ("djinn powers", "{djinn} cannot be used that way now", f)
    if kind == "sell":
        return ("merchandise sale", "player {player} does not hold one of each of {action}", dict(player=p, action=a))
    if kind == "builders":
        return ("builders", "player {player} holds only {fakirs} fakirs", dict(player=p, fakirs=st.cards[p][FAKIR]))
    if kind == "kill":
        if a.player == p:
            return ("assassins", "you cannot kill your own Viziers or Elders", {})
        if a.player >= 0 and st.djinn_owner[BOAZ] == a.player:
            return ("djinn Boaz", "player {player}'s Viziers and Elders are protected by Boaz", dict(player=a.player))
        if len(a.colours) == 2 and not st.iblis:
            return ("assassins", "Assassins kill one meeple (two only with Iblis)", {})
        if a.tile >= 0:
            d = distance(st.p_tile, a.tile)
            if d > st.p_count + st.cards[p][FAKIR]:
                return ("assassins: range", "{tile} is {steps} steps away; range is {count} assassins + {fakirs} fakirs",
                        dict(tile=TILE_NAMES[a.tile], steps=d, count=st.p_count, fakirs=st.cards[p][FAKIR]))
        return ("assassins", "{action} is not a possible victim", dict(action=a))
    if kind == "place":
        return ("palm trees and palaces", f"the {st.p_item} goes on {{tile}} (or a neighbour with "
                f"{'Lamia' if st.p_item == 'palm' else 'Hagis'})", dict(tile=TILE_NAMES[st.p_place]))
    if kind == "buy":
        return ("markets", "{action} does not match the front of the row {row}",
                dict(action=a, row=[CARD_NAMES[c] for c in st.res_row[:LM_REACH]]))
    if kind == "take":
        if a.djinn not in st.dj_row:
            return ("sacred place", "{djinn} is not face up", dict(djinn=DJINNS[a.djinn].name))
        return ("sacred place", "player {player} cannot pay {pay}", dict(player=p, pay=a.pay))
    if kind == "keep":
        return ("djinn Sibittis", "{djinn} was not drawn", dict(djinn=DJINNS[a.djinn].name))
    return ("decision order", "{action} is not an option now", dict(action=a))


def _why_bid(st, a) -> tuple[str, str, dict]:
    p = st.player
    if a.slot < ZERO_SLOTS:
        if a.slot != FRONT_ZERO:
            return ("bid: zero spots", "a 0 bid always takes the front zero spot {front}", dict(front=FRONT_ZERO))
        return ("bid: zero spots", "the three 0 spots are full; this marker must pay", {})
    if st.track[a.slot] >= 0:
        return ("bid: one marker per paid spot", "slot {slot} is already taken", dict(slot=a.slot))
    if a.fakirs and st.djinn_owner[KUMARBI] != p:
        return ("djinn Kumarbi", "player {player} does not hold Kumarbi", dict(player=p))
    if a.fakirs and st.used[p] & KUMARBI_BIT:
        return ("djinn Kumarbi", "Kumarbi was already used this round (option kumarbi_per='round')", {})
    if a.fakirs > st.cards[p][FAKIR]:
        return ("djinn Kumarbi", "player {player} holds only {fakirs} fakirs", dict(player=p, fakirs=st.cards[p][FAKIR]))
    return ("bid: pay at once", "player {player} has {gold} gold; slot {slot} costs {price}",
            dict(player=p, gold=st.gold[p], slot=a.slot, price=bid_price(a.slot, a.fakirs)))
