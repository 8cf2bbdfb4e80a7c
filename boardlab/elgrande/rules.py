"""El Grande's forward model: setup, the legal options of each small decision, and apply.

A round: (2-player 2023: the dummy places by region card) the action cards are revealed
(the dummy's power card is flipped), each player plays a power card from the start player on,
then turns go from the highest card down. A turn is: caballeros to the court (``court``,
``recall``), an action card (``card``), the order of its two parts (``order``), the placement
(``place``) and the special action, each finished before the other starts. After the last turn
the round ends (leftover cards, the new start player) and after rounds 3, 6 and 9 comes the
general scoring (``cdisk``: the secret Castillo destinations, then the scoring).

Each step's options come from one ``_opt_<step>`` function; ``apply_action`` performs an option
with its ``_ap_<kind>`` function, which runs every automatic event until the next decision.
Special actions are dispatched by the card's ``effect`` (see ``action_cards.csv``).

Speed (the hot path of every simulation and search): a position's parts are tuples replaced on
change, so ``copy`` copies one list (see ``state.ElGrandeState``); the options of the common
decisions come from tables built at import (placement, power cards, drops) and pre-built actions,
every step builds its options already sorted (``LEGAL``: ``legal_actions`` never sorts), a scored
place's podium is looked up by its counts (``scoring.podium_table``), and hot loops avoid
comprehensions (each is a call of its own in Python 3.11).
"""

from __future__ import annotations

from boardlab.core.chance import ChanceStream
from boardlab.core.tuples import added, replaced
from boardlab.elgrande import components as C
from boardlab.elgrande.actions import COLOUR_NAMES, COURT, Action
from boardlab.elgrande.scoring import BONUS_CAT, CASTILLO_CAT, REGIONS_CAT, SPECIAL_CAT, podium, podium_table

CAST = C.CASTILLO
NR = C.NREGIONS
NP = C.NPLACES

# pre-built actions (the hot path never builds one)
A_POWER = tuple(Action("power", v) for v in range(14))
A_COURT = tuple(Action("court", n) for n in range(40))
A_RECALL = tuple(Action("recall", r) for r in range(NR))
A_PLACE = tuple(tuple(Action("place", r, k) for k in range(6)) for r in range(NP))
A_STOP_PLACE, A_STOP_MOVE = Action("stop", 0), Action("stop", 1)
A_ORDER = (Action("order", 0), Action("order", 1))
A_SPECIAL = (Action("special", 0), Action("special", 1))
A_MODE = (Action("mode", 0), Action("mode", 1))
A_REGION = tuple(Action("region", r) for r in range(NP))
A_PICK = tuple(tuple(Action("pick", c, r) for r in range(NR)) for c in range(5))
A_DROP = tuple(Action("drop", r) for r in range(NP))
A_SEND = tuple(tuple(Action("send", c, r) for r in range(COURT + 1)) for c in range(5))
A_DISK = tuple(Action("disk", r) for r in range(NR))
A_SCORE = tuple(Action("score", r) for r in range(NP))
A_TILE = tuple(tuple(Action("tile", t, r) for r in range(NR)) for t in range(2))
A_POWERBACK = tuple(Action("powerback", v) for v in range(14))
A_GRANDE = tuple(Action("grande", r) for r in range(NR))
A_KING = tuple(Action("king", r) for r in range(NR))
A_CARD = tuple(tuple(Action("card", i, t) for t in range(len(C.CARD_TYPES))) for i in range(5))
A_VETO = (Action("veto", 0), Action("veto", 1))

#: steps where one player sets a secret disk (the others' disks stay hidden in ``view``)
DISK_STEPS = ("disk", "cdisk")


# -- shared parts of a position ---------------------------------------------------------------------
# A copy of a state shares every part but the caballeros on the board (``cab``, a list copied by
# ``copy``): the other parts are tuples, replaced when they change (core.tuples), never changed.
class TurnOrder(list):
    """The round's turn order: a list (it compares equal to one) that refuses every change, since
    copies share it; a new order replaces it."""

    __slots__ = ()

    def _refuse(self, *args, **kwargs):
        raise TypeError("the turn order is shared by copies of the state: replace it, never change it")

    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse
    append = extend = insert = pop = remove = clear = sort = reverse = _refuse

    def __reduce__(self):
        return TurnOrder, (list(self),)


NO_ORDER = TurnOrder()


class SharedChance(ChanceStream):
    """The position's chance stream, shared by copies: it refuses to change; drawing (``draw``)
    and reseeding (``state.reseed``) replace it."""

    __slots__ = ()

    def next_rng(self):
        raise TypeError("the chance stream is shared by copies of the state: draw with rules.draw(state)")

    def reseed(self, seed: int) -> None:
        raise TypeError("the chance stream is shared by copies of the state: reseed the state")

    def copy(self) -> SharedChance:
        return self


def draw(st):
    """A generator for the next chance event; the state's stream is replaced by the one after it
    (a fresh copy draws: ChanceStream's own copy and next_rng, which SharedChance refuses)."""
    stream = ChanceStream.copy(st.chance)
    rng = ChanceStream.next_rng(stream)
    st.chance = stream
    return rng


class Config:
    """What a Game's options mean for the engine, computed once per game (plain values, a seat table
    and a cache of the places' values by score-tile position)."""

    __slots__ = ("P", "NC", "dummy", "values", "ranks", "rounds", "scoring_rounds", "under", "tile_values",
                 "edition", "stacks", "values_by_tiles", "seats_from", "movable", "groups")

    def __init__(self, game):
        self.P = game.players
        self.NC = game.colours
        self.dummy = game.players if game.dummy else -1
        self.values = game.values
        self.ranks = game.ranks_scoring
        self.rounds = game.rounds
        self.scoring_rounds = C.SCORING_ROUNDS
        self.under = game.leftovers_under
        self.tile_values = game.tile_values
        self.edition = game.edition
        self.stacks = game.stacks()
        self.values_by_tiles: dict = {}  # score-tile positions -> the values of every place (see values_of_places)
        #: the seats in playing order from each seat (seat c, its left neighbour, ...)
        self.seats_from = tuple(tuple((c + i) % self.P for i in range(self.P)) for c in range(self.P))
        #: the regions of each group a scoring card names (C.region_group), by group
        self.groups = {g: C.region_group(self.values, g) for g in (4, 5, 67)}
        #: the colours a move may pick up, by [mover][own ones allowed][opponents' allowed]
        self.movable = tuple(tuple(tuple(tuple(x for x in range(self.NC) if (own if x == p else opp))
                                         for opp in (False, True)) for own in (False, True))
                             for p in range(self.P))


_CONFIGS: dict = {}


def config(game) -> Config:
    cfg = _CONFIGS.get(game)
    if cfg is None:
        cfg = _CONFIGS[game] = Config(game)
    return cfg


# -- setup ---------------------------------------------------------------------------------------
def set_up(st, game, seed: int, chance: int):
    """Lay out a new game on ``st``, a blank state (``state.new_state`` makes it): rules never
    import the state module, so the two do not import each other."""
    cfg = config(game)
    st.seed = seed
    st.chance = SharedChance(seed, version=chance)
    rng = draw(st)
    cards = list(range(NR))
    rng.shuffle(cards)
    st.king = cards[0]
    P, NC = cfg.P, cfg.NC
    st.first = rng.randrange(P)  # the First Player marker goes to a random player (DRM, SPD)
    grande, court, province = [-1] * P, [0] * NC, [0] * NC
    for i in range(P):
        p = (st.first + i) % P  # region cards are drawn from the start player on (SPD)
        r = cards[1 + i]
        grande[p] = r
        st.cab[r * NC + p] = C.START_CABALLEROS
        court[p] = C.COURT_START
        province[p] = C.CABALLEROS - C.START_CABALLEROS - C.COURT_START
    if cfg.dummy >= 0:
        province[cfg.dummy] = C.CABALLEROS  # the dummy's caballeros wait beside the board
    st.grande, st.court, st.province = tuple(grande), tuple(court), tuple(province)
    if cfg.dummy >= 0:
        st.dummy_deck = tuple(C.POWER_VALUES)
        st.region_deck = tuple(range(NR))
    st.stacks = tuple(tuple(s) for s in cfg.stacks)
    st.under = ((),) * len(cfg.stacks)
    st.offer = (-1,) * len(cfg.stacks)
    st.round_i = 0
    _start_round(st)
    return st


def _start_round(st) -> None:
    cfg = st.cfg
    rng = draw(st)
    if cfg.dummy >= 0:
        _dummy_places(st, rng)
    last = len(st.stacks) - 1
    stacks, under, offer = list(st.stacks), list(st.under), []
    for i in range(last):
        s = stacks[i]
        if s:
            j = rng.randrange(len(s))
            offer.append(s[j])
            stacks[i] = s[:j] + s[j + 1:]
        elif under[i]:
            offer.append(under[i][0])
            under[i] = under[i][1:]
        else:
            offer.append(-1)
    offer.append(stacks[last][0])  # the King card is available again every round
    st.stacks, st.under, st.offer = tuple(stacks), tuple(under), tuple(offer)
    if cfg.dummy >= 0:
        d = st.dummy_deck
        j = rng.randrange(len(d))
        st.played = replaced(st.played, cfg.dummy, d[j])  # flipped before anyone plays (D-2P)
        st.taken = 1 << d[j]
        st.dummy_deck = d[:j] + d[j + 1:]
    st.queue = cfg.seats_from[st.first]
    st.step = "power"
    st.player = st.queue[0]


def _dummy_places(st, rng) -> None:
    """Two region cards, two dummy caballeros in each region shown; none in the King's region."""
    d, NC = st.cfg.dummy, st.cfg.NC
    deck, supply = st.region_deck, st.province[d]
    for _ in range(C.DUMMY_CARDS):
        if not deck or supply == 0:
            break
        j = rng.randrange(len(deck))
        r = deck[j]
        deck = deck[:j] + deck[j + 1:]
        if r == st.king:
            continue
        k = C.DUMMY_PER_CARD if C.DUMMY_PER_CARD < supply else supply
        st.cab[r * NC + d] += k
        supply -= k
    st.region_deck = deck
    if supply != st.province[d]:
        st.province = replaced(st.province, d, supply)


# -- helpers ----------------------------------------------------------------------------------------
def opponents_from_left(st, c: int, dummy_too: bool) -> list[int]:
    """The other colours in seat order starting with the left neighbour (the dummy last)."""
    out = list(st.cfg.seats_from[c][1:])
    if dummy_too and st.cfg.dummy >= 0:
        out.append(st.cfg.dummy)
    return out


def recallable(st, c: int) -> int:
    """Own caballeros in regions that may go back to the court (never the Castillo or the King's region)."""
    column = st.cab[c::st.cfg.NC]  # colour c's caballeros by place (the Castillo last)
    return sum(column[:NR]) - column[st.king]


def place_values(st, r: int):
    """The values a place scores: a score tile's when one lies there, else the board's."""
    return values_of_places(st)[r]


def values_of_places(st) -> tuple:
    """``place_values`` of every place, by place (remembered per position of the score tiles)."""
    table = st.cfg.values_by_tiles
    values = table.get(st.tiles)
    if values is None:
        cfg, tiles = st.cfg, st.tiles
        values = table[tiles] = tuple(cfg.tile_values[tiles.index(r)] if r in tiles else cfg.values[r]
                                      for r in range(NP))
    return values


def score_place(st, r: int, cat: int, ranks: int | None = None) -> None:
    """Score one region (or the Castillo): rank points to ``cat`` and the +2 bonuses."""
    score_places(st, (r,), cat, ranks)


def score_places(st, places, cat: int, ranks: int | None = None) -> None:
    """Score each of ``places`` as ``score_place`` does, in that order, writing the sheet once."""
    cfg = st.cfg
    NC, P = cfg.NC, cfg.P
    ranks = cfg.ranks if ranks is None else ranks
    podiums = podium_table(ranks, P)
    values = values_of_places(st)
    cab, grande, king = tuple(st.cab), st.grande, st.king  # (a tuple: each place's slice is its counts)
    sheet = list(map(list, st.sheet))
    for r in places:
        lo = r * NC
        counts = cab[lo:lo + NC]
        entry = podiums.get(counts)
        if entry is None:
            entry = podiums[counts] = podium(counts, ranks, P)
        placed, first = entry
        if placed:
            vals = values[r]  # 3 values, and at most 3 ranks score (Game refuses more)
            for c, i in placed:
                sheet[c][cat] += vals[i]
        if first >= 0 and r != CAST:
            if grande[first] == r:
                sheet[first][BONUS_CAT] += C.GRANDE_BONUS
            if king == r:
                sheet[first][BONUS_CAT] += C.KING_BONUS
    st.sheet = tuple(map(tuple, sheet))


# -- the legal options of each step ---------------------------------------------------------------
def generate_legal(st) -> list:
    return OPTIONS[st.step](st)


#: the power-card actions of a bit mask of card values, in two halves: values 1..6 by bits 0..6
#: of the mask, values 7..13 by bits 7..13
_POWER_LOW = tuple(tuple(A_POWER[v] for v in C.POWER_VALUES if v < 7 and m >> v & 1) for m in range(128))
_POWER_HIGH = tuple(tuple(A_POWER[v] for v in C.POWER_VALUES if v >= 7 and m << 7 >> v & 1) for m in range(128))


def _opt_power(st):
    # ``taken``: the values played this round as a bit mask, kept with ``played``
    free = st.hand[st.player] & ~st.taken
    out = _POWER_LOW[free & 127] + _POWER_HIGH[free >> 7]
    if not out:  # cannot happen with 13 cards (RULES.md); refuse loudly rather than stall
        raise RuntimeError(f"player {st.player} has no playable power card")
    return out


def court_max(st, c: int) -> int:
    n = C.POWER_CABALLEROS[st.played[c]]
    if st.province[c] >= n:  # enough in the province: no need to count the recallable ones
        return n
    return min(n, st.province[c] + recallable(st, c))


#: the court options by the most that may go: take 0..n (prefixes of A_COURT, built once)
_COURT_OPTIONS = tuple(A_COURT[:n + 1] for n in range(len(A_COURT)))


def _opt_court(st):
    return _COURT_OPTIONS[court_max(st, st.player)]


def _opt_recall(st):
    c, NC = st.player, st.cfg.NC
    return tuple([A_RECALL[r] for r in range(NR) if r != st.king and st.cab[r * NC + c]])


#: the action-card options by the offer, remembered (an offer recurs over a game's turns and over
#: many games; cleared when it grows large)
_CARD_OPTIONS: dict = {}
CARD_OPTIONS_MAX = 1 << 15


def _opt_card(st):
    offer = st.offer
    out = _CARD_OPTIONS.get(offer)
    if out is None:
        if len(_CARD_OPTIONS) > CARD_OPTIONS_MAX:
            _CARD_OPTIONS.clear()
        out = _CARD_OPTIONS[offer] = tuple([A_CARD[i][t] for i, t in enumerate(offer) if t >= 0])
    return out


def _opt_order(st):
    return A_ORDER


def _place_targets(king: int, anywhere: bool) -> tuple[int, ...]:
    if anywhere:
        return tuple(r for r in range(NR) if r != king) + (CAST,)
    return C.NEIGHBOURS[king] + (CAST,)


def place_targets(st) -> tuple[int, ...]:
    return _place_targets(st.king, st.anywhere)


def _place_options(king: int, k: int, anywhere: bool) -> tuple:
    out = [A_PLACE[r][n] for r in _place_targets(king, anywhere) for n in range(1, k + 1)]
    if not anywhere:
        out.append(A_STOP_PLACE)  # "up to" the card's number; the Place-2 card must be done fully
    return tuple(sorted(out))


#: the placement options by [anywhere][King's region][most that may be placed]
_PLACE_OPTIONS = tuple(tuple(tuple(_place_options(king, k, anywhere) for k in range(6)) for king in range(NR))
                       for anywhere in (False, True))


def _opt_place(st):
    left, court = st.place_left, st.court[st.player]  # the most that may be placed (no min(): hot path)
    return _PLACE_OPTIONS[st.anywhere][st.king][left if left < court else court]


def _opt_special(st):
    return A_SPECIAL


def _opt_mode(st):
    out = []
    if _own_regions(st, st.player):
        out.append(A_MODE[0])
    if st.court[st.player]:
        out.append(A_MODE[1])
    return tuple(out)


def _own_regions(st, c: int) -> list[int]:
    NC = st.cfg.NC
    return [r for r in range(NR) if r != st.king and st.cab[r * NC + c]]


def _opt_region(st):
    eff = C.CARD_TYPES[st.card].effect
    if eff == "move":  # the one source region of "Move 5 from one region"
        return tuple([A_REGION[r] for r in _move_sources(st)])
    if eff in ("own_out", "own_out_or_place"):
        return tuple([A_REGION[r] for r in _own_regions(st, st.player)])
    # eviction: any region but the King's
    return tuple([A_REGION[r] for r in _NOT_KING[st.king]])


def _movable_colours(st) -> tuple[int, ...]:
    """The colours of which the move may still pick up caballeros (own, opponents', any)."""
    own = st.left_own > 0 or st.left_any > 0
    opp = st.left_opp > 0 or st.left_any > 0
    return st.cfg.movable[st.player][own][opp]


def _move_sources(st) -> list[int]:
    NC, cab = st.cfg.NC, st.cab
    colours = _movable_colours(st)
    return [r for r in range(NR) if r != st.king and any(cab[r * NC + x] for x in colours)]


#: the regions other than the King's, by the King's region
_NOT_KING = tuple(tuple(r for r in range(NR) if r != king) for king in range(NR))


def _pick_sources(st):
    """The regions the move may pick up from: its one source region, or any; never the King's."""
    if st.src >= 0:
        return (st.src,) if st.src != st.king else ()
    return _NOT_KING[st.king]


def _opt_pick(st):
    NC, cab = st.cfg.NC, st.cab
    sources = _pick_sources(st)
    out = []
    for x in _movable_colours(st):  # colour first, then region: sorted (loops: a comprehension is a call)
        column, picks = cab[x::NC], A_PICK[x]  # colour x's caballeros by place
        for r in sources:
            if column[r]:
                out.append(picks[r])
    out.append(A_STOP_MOVE)
    return tuple(out)


#: the destinations of a picked-up caballero by (region it leaves, King's region)
_DROP_OPTIONS = tuple(tuple(tuple(A_DROP[r] for r in range(NP) if r != held and r != king) for king in range(NR))
                      for held in range(NR))


def _opt_drop(st):
    return _DROP_OPTIONS[st.hold_r][st.king]


def _opt_send(st):
    c = st.queue[0]
    column, sends, king = st.cab[c::st.cfg.NC], A_SEND[c], st.king
    out = []
    for r in range(NR):  # (a loop: a comprehension is a call of its own)
        if column[r] and r != king:
            out.append(sends[r])
    if st.sending == "own" and st.court[c]:  # Withdrawal: the opponent may send from the court too
        out.append(sends[COURT])  # the court's code comes after every region's: still sorted
    return tuple(out)


def disk_options(st, c: int) -> list[int]:
    """The regions colour c may set its secret disk to in the current disk step."""
    if st.step == "cdisk":
        return list(range(NR))  # the King's region is allowed: those caballeros go to the court
    eff = C.CARD_TYPES[st.card].effect
    NC = st.cfg.NC
    if eff == "disk_back":
        need = 2 if C.CARD_TYPES[st.card].param("n") == 2 else 1
        column, king, out = st.cab[c::NC], st.king, []
        for r in range(NR):
            if column[r] >= need and r != king:
                out.append(r)
        return out
    if eff == "eviction":
        return [r for r in range(NR) if r != st.king and r != st.src]
    return list(range(NR))  # disk_scoring


def _opt_disk(st):
    if st.step == "cdisk":
        return A_DISK  # every region (as disk_options says), by table: a general scoring asks each player
    return tuple([A_DISK[r] for r in disk_options(st, st.queue[0])])


def _opt_score(st):
    return A_SCORE


def _opt_tile(st):
    out = []
    for t, where in enumerate(st.tiles):
        if where == st.king:
            continue  # a tile in the King's region cannot leave it
        other = st.tiles[1 - t]
        out += [A_TILE[t][r] for r in range(NR) if r != st.king and r != where and r != other]
    return tuple(out)


def _opt_powerback(st):
    h = st.hand[st.player]
    return tuple([A_POWERBACK[v] for v in C.POWER_VALUES if not h >> v & 1])


def _opt_grande(st):
    g = st.grande[st.player]
    return tuple([A_GRANDE[r] for r in range(NR) if r != st.king and r != g])


#: the King's moves by his region: to an adjacent region (Royal Adviser), to any other (King card)
_KING_ADJACENT = tuple(tuple(A_KING[r] for r in sorted(C.NEIGHBOURS[king])) for king in range(NR))
_KING_ANYWHERE = tuple(tuple(A_KING[r] for r in range(NR) if r != king) for king in range(NR))


def _opt_king(st):
    if C.CARD_TYPES[st.card].effect == "king_adjacent":
        return _KING_ADJACENT[st.king]
    return _KING_ANYWHERE[st.king]


OPTIONS = {
    "power": _opt_power, "court": _opt_court, "recall": _opt_recall, "card": _opt_card, "order": _opt_order,
    "place": _opt_place, "special": _opt_special, "mode": _opt_mode, "region": _opt_region, "pick": _opt_pick,
    "drop": _opt_drop, "send": _opt_send, "disk": _opt_disk, "cdisk": _opt_disk, "score": _opt_score,
    "tile": _opt_tile, "powerback": _opt_powerback, "grande": _opt_grande, "king": _opt_king,
    "veto": lambda st: A_VETO,
}



def _no_options(st):
    return ()


#: the legal tuple of each step as ``legal_actions`` returns it, not sorted again: every option
#: function above builds its options sorted, as a tuple (by table, or in ascending order of one
#: kind; the conformance tests check it at every step); none once the game is over
LEGAL = dict(OPTIONS, over=_no_options)

#: the action kinds each step asks for
STEP_KINDS = {
    "power": ("power",), "court": ("court",), "recall": ("recall",), "card": ("card",), "order": ("order",),
    "place": ("place", "stop"), "special": ("special",), "mode": ("mode",), "region": ("region",),
    "pick": ("pick", "stop"), "drop": ("drop",), "send": ("send",), "disk": ("disk",), "cdisk": ("disk",),
    "score": ("score",), "tile": ("tile",), "powerback": ("powerback",), "grande": ("grande",),
    "king": ("king",), "veto": ("veto",), "over": (),
}


# -- apply -------------------------------------------------------------------------------------------
def apply_action(st, a) -> None:
    APPLY[a.kind](st, a)


def _ap_power(st, a):
    p, v = st.player, a.a
    hand, played = list(st.hand), list(st.played)
    hand[p] &= ~(1 << v)
    played[p] = v
    st.hand, st.played = tuple(hand), tuple(played)
    st.taken |= 1 << v
    queue = st.queue = st.queue[1:]
    if queue:
        st.player = queue[0]
        return
    st.order = TurnOrder(sorted(range(st.cfg.NC), key=st.played.__getitem__, reverse=True))  # highest card first
    st.turn_i = 0
    _begin_turn(st)


def _begin_turn(st) -> None:
    while True:
        if st.turn_i >= len(st.order):
            _end_round(st)
            return
        c = st.order[st.turn_i]
        if c == st.cfg.dummy:
            _dummy_turn(st)
            st.turn_i += 1
            continue
        st.player = c
        st.card = -1
        st.placed = st.special_done = False
        n = court_max(st, c)
        if n > 0:
            st.step = "court"
            st._legal = _COURT_OPTIONS[n]  # the court decision's options (as _next_pick keeps the picks')
        else:
            st.step = "card"
        return


def _dummy_turn(st) -> None:
    """The dummy removes the remaining card showing the most caballeros and does not use it."""
    best, most = -1, -1
    for i, t in enumerate(st.offer):
        if t >= 0 and _CARD_PLACE[t] > most:  # the first of the cards showing the most
            best, most = i, _CARD_PLACE[t]
    if best >= 0:
        _discard_card(st, best, st.offer[best])


#: the caballeros each action card type shows (C.CARD_TYPES[t].place), by type
_CARD_PLACE = tuple(t.place for t in C.CARD_TYPES)


def _discard_card(st, i: int, t: int) -> None:
    st.offer = replaced(st.offer, i, -1)
    if t not in C.KING_CARD_TYPES:  # the King card is turned face down and comes back next round
        st.discard += (t,)


def _ap_court(st, a):
    c = st.player
    take = a.a if a.a < st.province[c] else st.province[c]
    if take:
        st.province = added(st.province, c, -take)
        st.court = added(st.court, c, take)
    st.recall_left = a.a - take
    st.recall_then = "card"
    st.step = "recall" if st.recall_left else "card"


def _ap_recall(st, a):
    c, NC = st.player, st.cfg.NC
    st.cab[a.a * NC + c] -= 1
    st.court = added(st.court, c, 1)
    st.recall_left -= 1
    if st.recall_left and _opt_recall(st):
        return
    st.recall_left = 0
    if st.recall_then == "card":
        st.step = "card"
    else:
        _special_finished(st)


def _ap_card(st, a):
    st.card = a.b
    st.card_stack = a.a
    st.offer = replaced(st.offer, a.a, -1)
    st.step = "order"


def _ap_order(st, a):
    if a.a == 0:
        _begin_placement(st)
    else:
        _begin_special(st)


def _begin_placement(st, anywhere: bool = False, n: int | None = None) -> None:
    st.anywhere = anywhere
    st.place_left = C.CARD_TYPES[st.card].place if n is None else n
    st.announced = False
    if not st.place_left or not st.court[st.player]:
        _placement_finished(st)
    else:
        st.step = "place"


def _announce(st, c: int, k: int) -> None:
    """Caballeros thrown into the Castillo are announced by count (D-CAST, SEED)."""
    ann = st.announce
    if st.announced and ann and ann[-1][0] == c:
        st.announce = ann[:-1] + ((c, ann[-1][1] + k),)
    else:
        st.announce = ann + ((c, k),)
    st.announced = True


def _ap_place(st, a):
    c, NC = st.player, st.cfg.NC
    r, k = a.a, a.b
    st.cab[r * NC + c] += k
    st.court = added(st.court, c, -k)
    st.place_left -= k
    if r == CAST:
        _announce(st, c, k)
    if not st.place_left or not st.court[c]:
        _placement_finished(st)


def _ap_stop(st, a):
    if a.a == 0:
        _placement_finished(st)
    else:
        _special_finished(st)


def _placement_finished(st) -> None:
    if st.anywhere:  # the Place-2 special action
        st.anywhere = False
        _special_finished(st)
        return
    st.placed = True
    if st.special_done:
        _end_turn(st)
    else:
        st.step = "special"


def _ap_special(st, a):
    if a.a == 1:
        _begin_special(st)
    else:
        st.special_done = True
        _end_turn(st)


def _special_finished(st) -> None:
    st.special_done = True
    st.player = st.order[st.turn_i]  # opponents may have decided during the special action
    st.src = st.hold_c = st.hold_r = -1
    st.queue = ()
    if st.placed:
        _end_turn(st)
    else:
        _begin_placement(st)


def _end_turn(st) -> None:
    # the card left the offer when it was taken (``_ap_card``)
    if st.kept:  # a Veto kept in front of its holder
        st.kept = False
    elif st.card not in C.KING_CARD_TYPES:  # the King card is turned face down and comes back next round
        st.discard += (st.card,)
    st.card = st.card_stack = -1
    st.turn_i += 1
    _begin_turn(st)


# -- special actions ------------------------------------------------------------------------------------
def _begin_special(st) -> None:
    """A special action begins: first every other Veto holder (left neighbour first) may cancel it."""
    me = st.player
    holders = {h for h, _ in st.vetoes if h != me} if st.vetoes else ()
    if holders:
        st.queue = tuple(c for c in opponents_from_left(st, me, False) if c in holders)
        st.step = "veto"
        st.player = st.queue[0]
        return
    _run_special(st)


def _run_special(st) -> None:
    t = C.CARD_TYPES[st.card]
    _BEGIN[t.effect](st, t)


def _ap_veto(st, a):
    holder = st.queue[0]
    st.queue = st.queue[1:]
    if a.a == 1:  # vetoed: the Veto card is used up and the special action does not happen
        i = min(range(len(st.vetoes)), key=lambda j: (st.vetoes[j][0] != holder, st.vetoes[j][1]))
        st.vetoes = st.vetoes[:i] + st.vetoes[i + 1:]
        st.discard += (C.VETO_CARD,)
        _special_finished(st)
        return
    if st.queue:
        st.player = st.queue[0]
        return
    st.player = st.order[st.turn_i]
    _run_special(st)


def _b_veto(st, t):
    """Keep the Veto: usable once this round or the next, then discarded (RG9)."""
    st.kept = True
    st.vetoes += ((st.player, st.round_i + 1),)
    _special_finished(st)


def _b_move(st, t):
    own = t.param("own")
    if own:
        st.left_own, st.left_opp, st.left_any = own, t.param("opp"), 0
    else:
        n, who = t.param("n"), t.param("who")
        st.left_own = n if who == "own" else 0
        st.left_opp = n if who == "opp" else 0
        st.left_any = n if who == "any" else 0
    st.src = -1
    if t.param("one_source"):
        if not _move_sources(st):
            _special_finished(st)
            return
        st.step = "region"
    else:
        _next_pick(st)


def _next_pick(st) -> None:
    """The move goes on with a pick while a caballero is left to pick up (the last thing each of its
    callers does: the options built to know it are the pick's legal actions, kept in the state's
    cache, which ``apply`` cleared before calling the rules)."""
    options = _opt_pick(st)
    if len(options) == 1:  # nothing left to move: only "stop moving"
        _special_finished(st)
    else:
        st.step = "pick"
        st._legal = options


def _ap_region(st, a):
    eff = C.CARD_TYPES[st.card].effect
    st.src = a.a
    if eff == "move":
        _next_pick(st)
    elif eff in ("own_out", "own_out_or_place"):
        st.hold_c, st.hold_r = st.player, a.a
        st.step = "drop"
    else:  # eviction: each opponent with caballeros there sets a secret destination
        NC = st.cfg.NC
        st.queue = tuple(c for c in opponents_from_left(st, st.player, False) if st.cab[a.a * NC + c])
        st.disks = (-1,) * NC
        _next_disk(st)


def _ap_pick(st, a):
    st.hold_c, st.hold_r = a.a, a.b
    st.step = "drop"


def _ap_drop(st, a):
    NC = st.cfg.NC
    c, r = st.hold_c, st.hold_r
    st.cab[r * NC + c] -= 1
    st.cab[a.a * NC + c] += 1
    if a.a == CAST:
        st.announced = False
        _announce(st, c, 1)
    eff = C.CARD_TYPES[st.card].effect
    if eff == "move":
        if c == st.player:
            if st.left_own:
                st.left_own -= 1
            else:
                st.left_any -= 1
        elif st.left_opp:
            st.left_opp -= 1
        else:
            st.left_any -= 1
        st.hold_c = st.hold_r = -1
        _next_pick(st)
        return
    # own out of one region: every own caballero leaves it
    if st.cab[r * NC + c] == 0:
        _special_finished(st)


def _b_place_anywhere(st, t):
    _begin_placement(st, anywhere=True, n=t.param("n"))


def _b_own_out_or_place(st, t):
    if not _opt_mode(st):
        _special_finished(st)
    else:
        st.step = "mode"


def _ap_mode(st, a):
    if a.a == 0:
        st.step = "region"
    else:
        _begin_placement(st, anywhere=True, n=C.CARD_TYPES[st.card].param("n"))


def _b_own_out(st, t):
    if not _own_regions(st, st.player):
        _special_finished(st)
    else:
        st.step = "region"


def _b_decay(st, t):
    n = t.param("n")
    for c in opponents_from_left(st, st.player, False):  # the dummy has no court
        k = min(n, st.court[c])
        st.court = added(st.court, c, -k)
        st.province = added(st.province, c, k)
    _special_finished(st)


def _b_withdrawal(st, t):
    """Each opponent, left neighbour first, returns 3 from regions and/or court (the dummy: none, assumed)."""
    st.sending = "own"
    queue, send_left = [], []
    for c in opponents_from_left(st, st.player, False):
        k = min(t.param("n"), st.court[c] + recallable(st, c))
        if k:
            queue.append(c)
            send_left.append(k)
    st.queue, st.send_left = tuple(queue), tuple(send_left)
    _next_send(st)


def _b_one_each_back(st, t):
    """The player sends one caballero of each opponent (the dummy too) from the regions back."""
    st.sending = "chosen"
    NC = st.cfg.NC
    st.queue = tuple(c for c in opponents_from_left(st, st.player, True)
                     if any(st.cab[r * NC + c] for r in range(NR) if r != st.king))
    st.send_left = (1,) * len(st.queue)
    _next_send(st)


def _next_send(st) -> None:
    if not st.queue:
        _special_finished(st)
        return
    st.step = "send"
    st.player = st.queue[0] if st.sending == "own" else st.order[st.turn_i]


def _ap_send(st, a):
    c, r = a.a, a.b
    if r == COURT:
        st.court = added(st.court, c, -1)
    else:
        st.cab[r * st.cfg.NC + c] -= 1
    st.province = added(st.province, c, 1)
    st.send_left = (st.send_left[0] - 1,) + st.send_left[1:]
    if st.send_left[0] == 0 or not _opt_send(st):
        st.queue = st.queue[1:]
        st.send_left = st.send_left[1:]
    _next_send(st)


def _b_disk_back(st, t):
    st.queue = tuple(c for c in st.cfg.seats_from[st.player] if disk_options(st, c))
    st.disks = (-1,) * st.cfg.NC
    _next_disk(st)


def _b_disk_scoring(st, t):
    st.queue = st.cfg.seats_from[st.player]
    st.disks = (-1,) * st.cfg.NC
    _next_disk(st)


def _next_disk(st) -> None:
    if st.queue:
        st.step = "disk"
        st.player = st.queue[0]
        return
    st.player = st.order[st.turn_i]
    eff = C.CARD_TYPES[st.card].effect
    NC = st.cfg.NC
    if eff == "disk_back":
        n = C.CARD_TYPES[st.card].param("n")
        for c, r in enumerate(st.disks):
            if r >= 0:
                k = min(n, st.cab[r * NC + c])
                st.cab[r * NC + c] -= k
                st.province = added(st.province, c, k)
    elif eff == "eviction":
        src = st.src
        for c, r in enumerate(st.disks):
            if r >= 0:
                st.cab[r * NC + c] += st.cab[src * NC + c]
                st.cab[src * NC + c] = 0
    else:  # disk scoring: every region chosen by exactly one player scores
        chosen = [r for r in st.disks if r >= 0]
        score_places(st, [r for r in range(NR) if chosen.count(r) == 1], SPECIAL_CAT)
    st.disks = ()
    _special_finished(st)


def _ap_disk(st, a):
    c = st.queue[0]
    st.queue = st.queue[1:]
    st.disks = replaced(st.disks, c, a.a)
    if st.step == "cdisk":
        if st.queue:
            st.player = st.queue[0]
        else:
            _general_scoring(st)
        return
    _next_disk(st)


def _b_score_choice(st, t):
    st.step = "score"


def _ap_score(st, a):
    score_place(st, a.a, SPECIAL_CAT)  # the Castillo's caballeros stay inside (RG11, SEED)
    _special_finished(st)


def _b_score_group(st, t):
    score_places(st, st.cfg.groups[t.param("group")], SPECIAL_CAT)
    _special_finished(st)


def _b_score_castillo(st, t):
    score_place(st, CAST, SPECIAL_CAT)
    _special_finished(st)


def _b_first_only(st, t):
    score_places(st, range(NR), SPECIAL_CAT, ranks=1)
    _special_finished(st)


def _region_sizes(st) -> list[int]:
    NC = st.cfg.NC
    return [sum(st.cab[r * NC:(r + 1) * NC]) for r in range(NR)]


def _b_score_most(st, t):
    sizes = _region_sizes(st)
    best = max(sizes)
    if best > 0:
        score_places(st, [r for r in range(NR) if sizes[r] == best], SPECIAL_CAT)
    _special_finished(st)


def _b_score_fewest(st, t):
    sizes = _region_sizes(st)
    nonempty = [n for n in sizes if n > 0]
    if nonempty:
        low = min(nonempty)
        score_places(st, [r for r in range(NR) if sizes[r] == low], SPECIAL_CAT)
    _special_finished(st)


def _b_tile(st, t):
    if _opt_tile(st):
        st.step = "tile"
    else:
        _special_finished(st)


def _ap_tile(st, a):
    st.tiles = replaced(st.tiles, a.a, a.b)
    _special_finished(st)


def _b_power_back(st, t):
    st.step = "powerback"


def _ap_powerback(st, a):
    st.hand = replaced(st.hand, st.player, st.hand[st.player] | 1 << a.a)  # this round's card too (RG12)
    _special_finished(st)


def _b_grande(st, t):
    if st.grande[st.player] == st.king:  # a Grande in the King's region cannot leave (RG12)
        _special_finished(st)
    else:
        st.step = "grande"


def _ap_grande(st, a):
    st.grande = replaced(st.grande, st.player, a.a)
    _special_finished(st)


def _b_court(st, t):
    c = st.player
    n = min(t.param("n"), st.province[c] + recallable(st, c))
    take = min(n, st.province[c])
    st.province = added(st.province, c, -take)
    st.court = added(st.court, c, take)
    st.recall_left = n - take
    st.recall_then = "special"
    if st.recall_left:
        st.step = "recall"
    else:
        _special_finished(st)


def _b_king(st, t):
    st.step = "king"


def _b_eviction(st, t):
    st.src = -1
    st.step = "region"


def _ap_king(st, a):
    st.king = a.a
    _special_finished(st)


_BEGIN = {
    "move": _b_move, "place_anywhere": _b_place_anywhere, "own_out_or_place": _b_own_out_or_place,
    "own_out": _b_own_out, "decay": _b_decay, "withdrawal": _b_withdrawal, "one_each_back": _b_one_each_back,
    "score_choice": _b_score_choice, "disk_back": _b_disk_back, "score_group": _b_score_group,
    "score_castillo": _b_score_castillo, "first_only": _b_first_only, "score_most": _b_score_most,
    "score_fewest": _b_score_fewest, "tile": _b_tile, "power_back": _b_power_back, "grande": _b_grande,
    "court": _b_court, "king_adjacent": _b_king, "king": _b_king, "eviction": _b_eviction,
    "disk_scoring": _b_disk_scoring, "veto": _b_veto,
}


# -- round end and general scoring ------------------------------------------------------------------------
def _end_round(st) -> None:
    cfg = st.cfg
    left = [(i, t) for i, t in enumerate(st.offer) if t >= 0 and t not in C.KING_CARD_TYPES]
    if left:  # (the King card is turned face down and comes back next round)
        if cfg.under:  # Big Box: unused cards go under their own stack
            under = list(st.under)
            for i, t in left:
                under[i] += (t,)
            st.under = tuple(under)
        else:  # 2023 and 1995: the remaining cards are discarded
            st.discard += tuple([t for _, t in left])
    st.offer = (-1,) * len(st.offer)  # the offer is empty until the next round reveals cards
    expired = [v for v in st.vetoes if v[1] <= st.round_i] if st.vetoes else ()  # a Veto lasts a round more
    if expired:
        st.vetoes = tuple(v for v in st.vetoes if v[1] > st.round_i)
        st.discard += (C.VETO_CARD,) * len(expired)
    st.first = min(range(cfg.P), key=st.played.__getitem__)  # the lowest card starts next round
    st.played = (0,) * cfg.NC
    st.taken = 0
    st.order = NO_ORDER
    st.turn_i = 0
    if cfg.rounds[st.round_i] in cfg.scoring_rounds:
        NC = cfg.NC
        st.disks = (-1,) * NC
        st.queue = tuple(p for p in cfg.seats_from[st.first] if st.cab[CAST * NC + p])
        if st.queue:
            st.step = "cdisk"
            st.player = st.queue[0]
            return
        _general_scoring(st)
        return
    _next_round(st)


def _general_scoring(st) -> None:
    """Castillo scored, its caballeros sent to their secret destinations, then the nine regions."""
    cfg = st.cfg
    NC = cfg.NC
    score_place(st, CAST, CASTILLO_CAT)
    for c in range(NC):
        k = st.cab[CAST * NC + c]
        if not k:
            continue
        st.cab[CAST * NC + c] = 0
        r = st.disks[c] if c < cfg.P else -1
        if r < 0 or r == st.king:  # the King's region sends them to the court; the dummy's to its supply
            if c == cfg.dummy:
                st.province = added(st.province, c, k)
            else:
                st.court = added(st.court, c, k)
        else:
            st.cab[r * NC + c] += k
    st.announce = ()
    st.disks = ()
    score_places(st, range(NR), REGIONS_CAT)
    if cfg.dummy >= 0:
        st.region_deck = tuple(range(NR))  # all region cards are reshuffled after each scoring
    _next_round(st)


def _next_round(st) -> None:
    st.round_i += 1
    st.queue = ()
    if st.round_i >= len(st.cfg.rounds):
        st.step = "over"
        st.is_over = True
        st.player = -1
        return
    _start_round(st)


#: the apply function of each action kind (``state.apply`` calls it directly)
APPLY = {
    "power": _ap_power, "court": _ap_court, "recall": _ap_recall, "card": _ap_card, "order": _ap_order,
    "place": _ap_place, "stop": _ap_stop, "special": _ap_special, "mode": _ap_mode, "region": _ap_region,
    "pick": _ap_pick, "drop": _ap_drop, "send": _ap_send, "disk": _ap_disk, "score": _ap_score,
    "tile": _ap_tile, "powerback": _ap_powerback, "grande": _ap_grande, "king": _ap_king, "veto": _ap_veto,
}


# -- why an action is refused ------------------------------------------------------------------------------
def why_illegal(st, a) -> tuple[str, str, dict]:
    """(rule, detail, fields) for an action not among the legal options now: English templates
    whose Korean is in ``elgrande.glossary.KO`` (the refusals' section)."""
    from boardlab.elgrande.actions import Action as _A

    if not isinstance(a, _A):
        return ("action type", "expected an El Grande action, got {value}", dict(value=repr(a)))
    step, p = st.step, st.player
    if a.kind not in STEP_KINDS[step]:
        return ("decision asked now", "the decision now is {step} (a {wanted} action) for player {player}; "
                "{action} is a {kind} action", dict(step=repr(step), wanted=" or ".join(STEP_KINDS[step]) or "nothing",
                                                    player=p, action=a, kind=a.kind))
    NC = st.cfg.NC
    if a.kind == "power":
        if a.a in st.played:
            return ("power card already played this round", "{card} was already played this round", dict(card=a.a))
        return ("power card not in hand", "player {player} does not hold power card {card}", dict(player=p, card=a.a))
    if a.kind == "court":
        return ("court allowance", "the power card {card} allows at most {most} to the court now",
                dict(card=st.played[p], most=court_max(st, p)))
    if a.kind == "card":
        return ("action card taken", "{action} is not among the cards still on offer this round", dict(action=a))
    if a.kind == "place":
        if a.a == st.king:
            return ("King's region protected", "no caballero may be placed in the King's region", {})
        if a.a not in place_targets(st):
            return ("placement next to the King", "{action} is not in a region adjacent to the King's region",
                    dict(action=a))
        return ("placement allowance", "at most {most} more may be placed (the card's number, limited by the court)",
                dict(most=min(st.place_left, st.court[p])))
    if a.kind == "stop" and step == "place":
        return ("special action done fully", "the Place-2 special action must place as many as it can", {})
    if a.kind in ("pick", "drop", "send", "recall", "tile", "grande"):
        r = a.b if a.kind in ("pick", "send", "tile") else a.a
        if r == st.king:
            return ("King's region protected", "nothing enters or leaves the King's region", {})
        if a.kind == "pick" and r == CAST:
            return ("Castillo closed", "caballeros never leave the Castillo by a move", {})
        if a.kind == "pick" and 0 <= r < NR and not st.cab[r * NC + a.a]:
            return ("no such caballero", "no {colour} caballero in that region", dict(colour=COLOUR_NAMES[a.a]))
    if a.kind == "king" and C.CARD_TYPES[st.card].effect == "king_adjacent":
        return ("Royal Adviser", "the King moves to an adjacent region", {})
    return ("not a legal option", "{action} is not one of the options of the {step} decision",
            dict(action=a, step=repr(step)))


# -- invariants -------------------------------------------------------------------------------------------
def invariants(st) -> None:
    """Game invariants for the conformance harness (AssertionError naming what is wrong)."""
    cfg = st.cfg
    NC = cfg.NC
    assert min(st.cab) >= 0, "a negative caballero count"
    for c in range(NC):
        on = sum(st.cab[r * NC + c] for r in range(NP))
        total = on + st.court[c] + st.province[c]
        assert total == C.CABALLEROS, f"colour {c}: {total} caballeros instead of {C.CABALLEROS}"
        assert st.court[c] >= 0 and st.province[c] >= 0, f"colour {c}: negative court or province"
    if cfg.dummy >= 0:
        assert st.court[cfg.dummy] == 0, "the dummy has no court"
    assert 0 <= st.king < NR, "the King stands in a region"
    announced = [0] * NC
    for c, k in st.announce:
        announced[c] += k
    assert announced == st.cab[CAST * NC:(CAST + 1) * NC], "the Castillo holds what was announced"
    played = [v for v in st.played if v]
    assert len(played) == len(set(played)), "a power card value played twice in one round"
    assert st.card < 0 or st.offer[st.card_stack] == -1, "the card being played has left the offer"
    assert st.taken == sum(1 << v for v in played), "the mask of played power cards matches the cards played"
    assert st.is_over == (st.step == "over"), "is_over exactly at the step 'over'"
    n_cards = sum(len(s) for s in st.stacks[:-1]) + sum(len(u) for u in st.under) + len(st.discard) + sum(
        1 for t in st.offer if t >= 0 and t not in C.KING_CARD_TYPES) + (
        1 if st.card >= 0 and st.card not in C.KING_CARD_TYPES and not st.kept else 0) + len(st.vetoes)
    expected = sum(len(s) for s in cfg.stacks) - 1
    assert n_cards == expected, f"{n_cards} action cards instead of {expected}"
