"""The Five Tribes game state: tuples of ints (the board's meeple counts a bytearray), a documented JSON form and its checks.

Rule logic (legal actions, apply, setup) lives in ``rules.py``; this module holds the data,
copying, the JSON form (``to_json`` / ``from_json``, which ``validate.py`` checks first), the
per-player view that hides secret information, and the text summary used by golden files.
Imports go one way: state -> rules -> actions/movegen/components (no circle).

JSON form (all lists indexed by tile ``0..29`` = row*6+column, by player, or by colour in the
order yellow, white, green, blue, red; card lists hold card names). The two draw piles
(``resource_deck``, ``djinn_deck``) are multisets listed in table order: they hold no order, the
engine picks each drawn card at random from the chance stream when it is drawn::

    {"phase": "bid" | "turn" | "over", "step": "bid" | "start" | "drop" | "builders" | "kill"
       | "place" | "market" | "sacred" | "sibittis" | "end" | "over",
     "round": 1, "player": 0,                     # whose decision it is (null when over)
     "tiles": ["Oasis 8", ...],                    # 30 tile labels (type + printed value)
     "meeples": [[y, w, g, b, r], ...],            # 30 rows of counts per colour
     "camels": [-1 | player, ...], "palms": [...], "palaces": [...],
     "bag": [y, w, g, b, r], "palm_supply": 12, "palace_supply": 10,
     "players": [{"gold", "viziers", "elders", "camels", "cards": {name: n}, "djinns": [names],
                  "powers_used": [names]}],
     "resource_deck": [...], "resource_row": [...], "resource_discard": [...],
     "djinn_deck": [...], "djinn_row": [...], "djinn_discard": [...],
     "markers": [owner of marker 0, ...],
     "bid_order": [markers], "bid_next": i,       # markers in bidding order; next to bid
     "track": [marker | -1] * 9,                   # turn-order spots 0..8 (costs 0,0,0,1,3,5,8,12,18)
     "play_order": [markers], "turn_index": i, "next_bid_order": [markers],
     "move": {"start", "pos", "prev", "hand": [5], "path": [tiles], "orig": [5 masks],
              "live": [5 masks]} | null,
     "pending": {"tile", "count",                  # the move's final tile, meeples collected (-1, 0)
                 "item", "place", "return",        # palm/palace waiting for its tile (step place)
                 "drawn": [names],                 # djinns drawn with Sibittis (step sibittis)
                 "echidna", "iblis"},              # powers used on this turn's Builders/Assassins
     "end_camel": bool, "end_no_move": bool, "chance": {"seed", "draws"[, "version"]}}
"""

from __future__ import annotations

import json

from boardlab.core.chance import ChanceStream
from boardlab.core.errors import InvalidPosition
from boardlab.core.game import State, require
from boardlab.fivetribes import movegen, rules, scoring
from boardlab.fivetribes.components import (
    CARD_COUNTS, CARD_INDEX, CARD_NAMES, COLOURS, DJINN_INDEX, DJINNS, FIRST_PRINTING_NAMES, MEEPLE_COUNTS,
    NCARDS, NTILES, TILE_NAMES, TILE_TYPE_INDEX, TILE_TYPES, WHITE, YELLOW, const,
)
from boardlab.fivetribes.validate import check_position, with_card_names

NCOL = 5
#: the position's records: tuples, which the rules replace when they change (never edit), so a
#: copy shares them. Only ``meeples`` (the board's counts, changed at every drop) is edited in place:
#: a bytearray (counts 0..255), which a copy duplicates in one memory copy (a list of 150 counts
#: costs a third of a copy).
TUPLE_FIELDS = (
    "camel", "palms", "palaces", "bag", "gold", "viziers", "elders", "camels", "djinn_owner", "used",
    "res_deck", "res_row", "res_discard", "dj_deck", "dj_row", "dj_discard", "bid_order", "track",
    "play_order", "next_bid_order", "hand", "path", "orig", "drawn",
)
_new_state = object.__new__
_SORTED_LEGAL = rules.SORTED_LEGAL


def new_state(game, seed: int, chance: int) -> FiveTribesState:
    """A new game of ``game`` set up from ``seed`` with chance stream version ``chance`` (``rules.set_up``)."""
    st = FiveTribesState.__new__(FiveTribesState)
    State.__init__(st, game, seed)
    rules.set_up(st, seed, chance)
    return st


class FiveTribesState(State):
    # attributes are set by new_game / from_json / copy (see the module docstring)

    # -- contract ----------------------------------------------------------------------------
    @property
    def to_move(self):
        return None if self.phase == "over" else self.player

    #: ``phase == "over"``, kept as a plain attribute by the rules (``rules.set_up``, ``_end_round``)
    #: and ``freeze``: it is read at every decision
    is_over = False

    def legal_actions(self) -> tuple:
        """As the core's, without its sort: ``rules.SORTED_LEGAL`` builds the frequent steps'
        options in order (a test checks it against ``tuple(sorted(...))`` at every step)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = _SORTED_LEGAL[self.step](self) if not self.is_over else ()
        return legal

    # the rules' functions themselves, bound as methods (one call less on every decision)
    _generate_legal = rules.generate_legal
    _apply = rules.apply_action
    RULES_BY_KIND = rules.APPLY  # State.apply calls the rule of the action's kind itself

    def _why_illegal(self, action):
        return rules.why_illegal(self, action)

    def score_sheet(self):
        return scoring.score_sheet(self)

    def ranks(self):
        return scoring.ranks(self)

    # -- copying -----------------------------------------------------------------------------
    def _copy_position(self) -> FiveTribesState:
        o = _new_state(FiveTribesState)
        d = o.__dict__
        d.update(self.__dict__)  # ints, strings, tuples and the legal tuple (immutable: shared)
        d["meeples"] = self.meeples.copy()  # the one record edited in place
        d["chance"] = self.chance.copy()
        d["history"] = []  # the base class copies the history
        return o

    @property
    def live(self) -> tuple:
        """During a move, the colour masks of the board now (the pick-up board plus this move's
        drops: the JSON form's ``move.live``)."""
        return self.masks

    # -- derived -----------------------------------------------------------------------------
    def owned_djinns(self, p: int) -> list[int]:
        return [d for d, o in enumerate(self.djinn_owner) if o == p]

    def tile_meeples(self, t: int) -> list[int]:
        return list(self.meeples[t * NCOL:t * NCOL + NCOL])

    def card_name(self, c: int) -> str:
        if self.game.slave_name:
            return FIRST_PRINTING_NAMES.get(c, CARD_NAMES[c])
        return CARD_NAMES[c]

    # -- JSON --------------------------------------------------------------------------------
    def to_json(self) -> dict:
        P = self.nplayers
        moving = self.step == "drop"
        return {
            "phase": self.phase,
            "step": self.step,
            "round": self.round,
            "player": None if self.phase == "over" else self.player,
            "tiles": [TILE_TYPES[k].label for k in self.tiles],
            "meeples": [list(self.meeples[t * NCOL:t * NCOL + NCOL]) for t in range(NTILES)],
            "camels": list(self.camel),
            "palms": list(self.palms),
            "palaces": list(self.palaces),
            "bag": list(self.bag),
            "palm_supply": self.palm_supply,
            "palace_supply": self.palace_supply,
            "players": [
                {
                    "gold": self.gold[p],
                    "viziers": self.viziers[p],
                    "elders": self.elders[p],
                    "camels": self.camels[p],
                    "cards": {CARD_NAMES[c]: n for c, n in enumerate(self.cards[p]) if n},
                    "djinns": [DJINNS[d].name for d in self.owned_djinns(p)],
                    "powers_used": [DJINNS[d].name for d in range(len(DJINNS)) if self.used[p] >> d & 1],
                }
                for p in range(P)
            ],
            "resource_deck": [CARD_NAMES[c] for c in sorted(self.res_deck)],
            "resource_row": [CARD_NAMES[c] for c in self.res_row],
            "resource_discard": [CARD_NAMES[c] for c in self.res_discard],
            "djinn_deck": [DJINNS[d].name for d in sorted(self.dj_deck)],
            "djinn_row": [DJINNS[d].name for d in self.dj_row],
            "djinn_discard": [DJINNS[d].name for d in self.dj_discard],
            "markers": list(self.markers),
            "bid_order": list(self.bid_order),
            "bid_next": self.bid_next,
            "track": list(self.track),
            "play_order": list(self.play_order),
            "turn_index": self.turn_index,
            "next_bid_order": list(self.next_bid_order),
            "move": {
                "start": self.mv_start, "pos": self.mv_pos, "prev": self.mv_prev, "hand": list(self.hand),
                "path": list(self.path), "orig": list(self.orig), "live": list(self.masks),
            } if moving else None,
            "pending": {
                "tile": self.p_tile, "count": self.p_count, "item": self.p_item, "place": self.p_place,
                "return": self.p_return,
                "drawn": [DJINNS[d].name for d in self.drawn], "echidna": self.echidna, "iblis": self.iblis,
            },
            "end_camel": self.end_camel,
            "end_no_move": self.end_no_move,
            "chance": self.chance.to_json(),
        }

    def view(self, player: int) -> dict:
        """The JSON form as ``player`` sees it: other players' gold (until the end), the draw piles
        (their sizes only), the djinns another player is choosing from with Sibittis (their number
        only) and the chance stream are hidden."""
        data = self.to_json()
        if self.phase != "over":
            for p, row in enumerate(data["players"]):
                if p != player:
                    row["gold"] = None
        if self.drawn and self.player != player:
            data["pending"]["drawn"] = len(self.drawn)
        data["resource_deck"] = len(self.res_deck)
        data["djinn_deck"] = len(self.dj_deck)
        data["chance"] = None
        return data

    @classmethod
    def from_json(cls, game, data: dict) -> FiveTribesState:
        """The position ``data`` describes (``validate.check_position`` refuses an inconsistent one).

        The state keeps a deep copy of ``data`` as its ``start`` and the chance stream's seed as
        its ``seed``, so its record replays from that position however the caller edits ``data``.
        A card alias (the first printing's "Slave" for the Fakir) is read as the card's own name."""
        data = with_card_names(data)
        check_position(game, data)
        d = json.loads(json.dumps(data))  # a private copy (validated JSON data; faster than deepcopy)
        o = cls.__new__(cls)
        State.__init__(o, game, d["chance"]["seed"], data)  # the core keeps a private copy as start
        P = o.nplayers = game.players
        o.phase, o.step, o.round = d["phase"], d["step"], d["round"]
        o.player = -1 if d["player"] is None else d["player"]
        o.tiles = tuple(TILE_TYPE_INDEX[label] for label in d["tiles"])
        o.meeples = bytearray(v for row in d["meeples"] for v in row)  # the colour masks: ``freeze`` below
        o.camel, o.palms, o.palaces, o.bag = d["camels"], d["palms"], d["palaces"], d["bag"]
        o.palm_supply, o.palace_supply = d["palm_supply"], d["palace_supply"]
        rows = d["players"]
        o.gold = [r["gold"] for r in rows]
        o.viziers = [r["viziers"] for r in rows]
        o.elders = [r["elders"] for r in rows]
        o.camels = [r["camels"] for r in rows]
        o.cards = tuple(tuple(r["cards"].get(name, 0) for name in CARD_NAMES) for r in rows)
        owner = [-1] * len(DJINNS)
        used = [0] * P
        for p, r in enumerate(rows):
            for name in r["djinns"]:
                owner[_djinn(name)] = p
            for name in r["powers_used"]:
                used[p] |= 1 << _djinn(name)
        o.djinn_owner, o.used = owner, used
        o.res_deck = sorted(_card(n) for n in d["resource_deck"])
        o.res_row = [_card(n) for n in d["resource_row"]]
        o.res_discard = [_card(n) for n in d["resource_discard"]]
        o.dj_deck = sorted(_djinn(n) for n in d["djinn_deck"])
        o.dj_row = [_djinn(n) for n in d["djinn_row"]]
        o.dj_discard = [_djinn(n) for n in d["djinn_discard"]]
        o.markers = tuple(d["markers"])
        o.bid_order, o.bid_next, o.track = d["bid_order"], d["bid_next"], d["track"]
        o.play_order, o.turn_index, o.next_bid_order = d["play_order"], d["turn_index"], d["next_bid_order"]
        mv = d["move"]
        if mv is not None:
            o.mv_start, o.mv_pos, o.mv_prev = mv["start"], mv["pos"], mv["prev"]
            o.hand, o.path, o.orig = mv["hand"], mv["path"], mv["orig"]  # live: the masks (validated)
        else:
            o.mv_start = o.mv_pos = o.mv_prev = -1
            o.hand, o.path, o.orig = [0] * NCOL, [], [0] * NCOL
        pend = d["pending"]
        o.p_tile, o.p_count = pend["tile"], pend["count"]
        o.p_item, o.p_place, o.p_return = pend["item"], pend["place"], pend["return"]
        o.drawn = [_djinn(n) for n in pend["drawn"]]
        o.echidna, o.iblis = pend["echidna"], pend["iblis"]
        o.end_camel, o.end_no_move = d["end_camel"], d["end_no_move"]
        o.chance = ChanceStream.from_json(d["chance"])
        freeze(o)
        return o

    # -- text --------------------------------------------------------------------------------
    def summary(self) -> str:
        """Short text: meeples per tile (@camel owner, *palms, ^palaces), players, rows."""
        if self.phase == "over":
            head = "game over"
        else:
            head = f"round {self.round} {self.step}: player {self.player}"
        lines = [head]
        cells = []
        for t in range(NTILES):
            m = self.meeples[t * NCOL:t * NCOL + NCOL]
            s = "".join(COLOURS[c][0].upper() * m[c] for c in range(NCOL)) or "."
            if self.camel[t] >= 0:
                s += f"@{self.camel[t]}"
            if self.palms[t]:
                s += f"*{self.palms[t]}"
            if self.palaces[t]:
                s += f"^{self.palaces[t]}"
            cells.append(f"{TILE_NAMES[t]}:{s}")
        if self.round == 1 and self.step == "bid" and self.bid_next == 0:
            lines.append("tiles: " + " ".join(f"{TILE_NAMES[t]}:{TILE_TYPES[k].name.replace(' ', '')}{TILE_TYPES[k].value}"
                                              for t, k in enumerate(self.tiles)))
        lines.append(" ".join(cells))
        if self.step == "drop":
            hand = "".join(COLOURS[c][0].upper() * self.hand[c] for c in range(NCOL))
            lines.append(f"moving from {TILE_NAMES[self.mv_start]}, at {TILE_NAMES[self.mv_pos]}, hand {hand}")
        for p in range(self.nplayers):
            goods = "".join(f"{CARD_NAMES[c][:2]}{n}" for c, n in enumerate(self.cards[p]) if n)
            dj = ",".join(DJINNS[d].name for d in self.owned_djinns(p))
            lines.append(f"p{p}: {self.gold[p]}g V{self.viziers[p]} E{self.elders[p]} camels{self.camels[p]}"
                         f" [{goods}] {{{dj}}}")
        lines.append("row: " + " ".join(CARD_NAMES[c][:2] for c in self.res_row)
                     + " | djinns: " + ", ".join(DJINNS[d].name for d in self.dj_row))
        return "\n".join(lines)

    def __repr__(self):
        return f"<FiveTribesState {self.game.players}p round {self.round} {self.step} player {self.to_move}>"

    def _repr_svg_(self):
        from boardlab.fivetribes.render import state_svg
        return state_svg(self)


def freeze(st: FiveTribesState) -> FiveTribesState:
    """Turn the position's records into the tuples the rules replace (``TUPLE_FIELDS``; the
    cards per player too), recompute the colour masks from the meeples, the built-on mask and
    ``is_over`` from the phase, and drop the legal-action cache. ``from_json`` ends with it; a test that edits a position by hand calls it after."""
    d = st.__dict__
    for name in TUPLE_FIELDS:
        d[name] = tuple(d[name])
    st.cards = tuple(map(tuple, st.cards))
    st.meeples = bytearray(st.meeples)
    st.masks = tuple(movegen.colour_masks(st.meeples))
    st.built = built_mask(st)
    st.is_over = st.phase == "over"
    st._legal = None
    return st


def built_mask(st) -> int:
    """Bitmask of the tiles holding a camel, palm tree or palace."""
    return sum(1 << t for t in range(NTILES) if st.camel[t] >= 0 or st.palms[t] or st.palaces[t])


def _card(name: str) -> int:
    return CARD_INDEX[name.lower()]  # a name validate.py checked


def _djinn(name: str) -> int:
    return DJINN_INDEX[name.lower()]


def _check_counts(o: FiveTribesState) -> None:
    """Component conservation: meeples, cards, djinns."""
    hand = o.hand if o.step == "drop" else [0] * NCOL
    for c in range(NCOL):
        on_board = sum(o.meeples[t * NCOL + c] for t in range(NTILES))
        held = sum(o.viziers) if c == YELLOW else sum(o.elders) if c == WHITE else 0
        total = on_board + o.bag[c] + held + hand[c]
        require(total == MEEPLE_COUNTS[c],
                f"{COLOURS[c]} meeples don't add up: {on_board} on tiles + {o.bag[c]} in bag + {held} held"
                f" + {hand[c]} in hand = {total}, expected {MEEPLE_COUNTS[c]}")
    for k in range(NCARDS):
        n = (o.res_deck.count(k) + o.res_row.count(k) + o.res_discard.count(k) + sum(c[k] for c in o.cards))
        require(n == CARD_COUNTS[k], f"{CARD_NAMES[k]} cards don't add up: {n} found, expected {CARD_COUNTS[k]}")
    seen = [*o.dj_deck, *o.dj_row, *o.dj_discard, *o.drawn, *(d for d, p in enumerate(o.djinn_owner) if p >= 0)]
    require(sorted(seen) == list(range(len(DJINNS))),
            "each of the 22 djinns must be in exactly one place (deck, row, discard, drawn or a player)")
    placed = [m for m in o.track if m >= 0]
    require(len(set(placed)) == len(placed), "a marker sits on two turn-order spots")
    require(all(-1 <= m < len(o.markers) for m in o.track), "track holds an unknown marker")


def invariants(st: FiveTribesState) -> None:
    """Game invariants for the conformance harness (AssertionError naming what is wrong)."""
    try:
        _check_counts(st)
        for p in range(st.nplayers):
            assert st.gold[p] >= 0, f"player {p} has negative gold {st.gold[p]}"
            assert st.viziers[p] >= 0 and st.elders[p] >= 0, f"player {p} has negative viziers/elders"
            assert all(n >= 0 for n in st.cards[p]), f"player {p} has a negative card count"
            assert st.camel.count(p) + st.camels[p] == const(f"camels_{st.nplayers}p"), f"player {p} camels"
        assert type(st.meeples) is bytearray, "meeples must be a bytearray (a copy duplicates it in one step)"
        assert min(st.meeples) >= 0 and min(st.bag) >= 0, "negative meeple count"
        assert st.palm_supply + sum(st.palms) == const("palms"), "palm trees not conserved"
        assert st.palace_supply + sum(st.palaces) == const("palaces"), "palaces not conserved"
        assert len(st.res_row) <= const("resource_row") and len(st.dj_row) <= const("djinn_row")
        assert st.masks == tuple(movegen.colour_masks(st.meeples)), "colour masks out of step with the meeples"
        assert st.is_over == (st.phase == "over"), "is_over out of step with the phase"
        assert st.built == built_mask(st), "the mask of tiles with camel, palm or palace is out of step"
        for name in TUPLE_FIELDS:
            assert type(getattr(st, name)) is tuple, f"{name} must be a tuple (replaced, never edited: copies share it)"
        assert type(st.cards) is tuple and all(type(c) is tuple for c in st.cards), "cards must be tuples"
    except InvalidPosition as exc:
        raise AssertionError(str(exc)) from exc
