"""The Five Tribes game state: plain lists of ints, a documented JSON form and its checks.

Rule logic (legal actions and apply) lives in ``rules.py``; this module holds the data, copying,
the JSON form (``to_json`` / ``from_json`` refusing inconsistent positions), the per-player
view that hides secret information, and the text summary used by golden files.

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
     "pending": {"tile", "count", "item", "return", "drawn": [names], "echidna", "iblis"},
     "end_camel": bool, "end_no_move": bool, "chance": {"seed", "draws"}}
"""

from __future__ import annotations

from boardlab.core.chance import ChanceStream
from boardlab.core.errors import InvalidPosition
from boardlab.core.game import State, require
from boardlab.fivetribes.components import (
    BID_COSTS, CARD_COUNTS, CARD_INDEX, CARD_NAMES, COLOURS, DJINN_INDEX, DJINNS, FAKIR, MEEPLE_COUNTS,
    NCARDS, NTILES, TILE_NAMES, TILE_SET, TILE_TYPE_INDEX, TILE_TYPES, WHITE, YELLOW, const,
)

STEPS = ("bid", "start", "drop", "builders", "kill", "place", "market", "sacred", "sibittis", "end", "over")
NCOL = 5


class FiveTribesState(State):
    # attributes are set by new_game / from_json / copy (see the module docstring)

    # -- contract ----------------------------------------------------------------------------
    @property
    def to_move(self):
        return None if self.phase == "over" else self.player

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def _generate_legal(self):
        from boardlab.fivetribes import rules
        return rules.generate_legal(self)

    def _apply(self, action):
        from boardlab.fivetribes import rules
        rules.apply_action(self, action)

    def _why_illegal(self, action):
        from boardlab.fivetribes import rules
        return rules.why_illegal(self, action)

    def score_sheet(self):
        from boardlab.fivetribes.scoring import score_sheet
        return score_sheet(self)

    def ranks(self):
        from boardlab.fivetribes.scoring import ranks
        return ranks(self)

    # -- copying -----------------------------------------------------------------------------
    def _copy_position(self) -> FiveTribesState:
        o = FiveTribesState.__new__(FiveTribesState)
        o.game = self.game
        o._legal = self._legal  # tuples of immutable actions: safe to share
        o.nplayers = self.nplayers
        o.tiles = self.tiles
        o.meeples = self.meeples[:]
        o.camel = self.camel[:]
        o.palms = self.palms[:]
        o.palaces = self.palaces[:]
        o.bag = self.bag[:]
        o.gold = self.gold[:]
        o.viziers = self.viziers[:]
        o.elders = self.elders[:]
        o.camels = self.camels[:]
        o.cards = [c[:] for c in self.cards]
        o.djinn_owner = self.djinn_owner[:]
        o.used = self.used[:]
        o.res_deck = self.res_deck[:]
        o.res_row = self.res_row[:]
        o.res_discard = self.res_discard[:]
        o.dj_deck = self.dj_deck[:]
        o.dj_row = self.dj_row[:]
        o.dj_discard = self.dj_discard[:]
        o.palm_supply = self.palm_supply
        o.palace_supply = self.palace_supply
        o.markers = self.markers
        o.bid_order = self.bid_order[:]
        o.bid_next = self.bid_next
        o.track = self.track[:]
        o.play_order = self.play_order[:]
        o.turn_index = self.turn_index
        o.next_bid_order = self.next_bid_order[:]
        o.phase = self.phase
        o.step = self.step
        o.player = self.player
        o.round = self.round
        o.mv_start = self.mv_start
        o.mv_pos = self.mv_pos
        o.mv_prev = self.mv_prev
        o.hand = self.hand[:]
        o.path = self.path[:]
        o.orig = self.orig[:]
        o.live = self.live[:]
        o.p_tile = self.p_tile
        o.p_count = self.p_count
        o.p_item = self.p_item
        o.p_return = self.p_return
        o.drawn = self.drawn[:]
        o.echidna = self.echidna
        o.iblis = self.iblis
        o.end_camel = self.end_camel
        o.end_no_move = self.end_no_move
        o.chance = self.chance.copy()
        return o

    # -- derived -----------------------------------------------------------------------------
    def owned_djinns(self, p: int) -> list[int]:
        return [d for d, o in enumerate(self.djinn_owner) if o == p]

    def tile_meeples(self, t: int) -> list[int]:
        return self.meeples[t * NCOL:t * NCOL + NCOL]

    def card_name(self, c: int) -> str:
        if c == FAKIR and self.game.slave_name:
            return "Slave"
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
            "meeples": [self.meeples[t * NCOL:t * NCOL + NCOL] for t in range(NTILES)],
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
                "path": list(self.path), "orig": list(self.orig), "live": list(self.live),
            } if moving else None,
            "pending": {
                "tile": self.p_tile, "count": self.p_count, "item": self.p_item, "return": self.p_return,
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
        try:
            return cls._from_json(game, data)
        except InvalidPosition:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise InvalidPosition(f"malformed Five Tribes position: {type(exc).__name__}: {exc}") from exc

    @classmethod
    def _from_json(cls, game, d: dict) -> FiveTribesState:
        require(isinstance(d, dict), f"a position must be a JSON object, got {type(d).__name__}")
        P = game.players
        o = cls.__new__(cls)
        State.__init__(o, game, None)
        o.nplayers = P
        require(d["phase"] in ("bid", "turn", "over"), f"phase must be bid, turn or over, got {d['phase']!r}")
        require(d["step"] in STEPS, f"step must be one of {STEPS}, got {d['step']!r}")
        o.phase, o.step = d["phase"], d["step"]
        require((o.phase == "bid") == (o.step == "bid") and (o.phase == "over") == (o.step == "over"),
                f"step {o.step!r} does not belong to phase {o.phase!r}")
        o.round = int(d["round"])
        require(o.round >= 1, "round must be at least 1")
        labels = d["tiles"]
        require(len(labels) == NTILES, f"tiles must list {NTILES} tiles, got {len(labels)}")
        for lab in labels:
            require(lab in TILE_TYPE_INDEX, f"unknown tile {lab!r}; tiles are {sorted(TILE_TYPE_INDEX)}")
        o.tiles = tuple(TILE_TYPE_INDEX[lab] for lab in labels)
        require(sorted(o.tiles) == sorted(TILE_SET), "the 30 tiles must be exactly the tiles of the box")
        rows = d["meeples"]
        require(len(rows) == NTILES and all(len(r) == NCOL for r in rows),
                f"meeples must be {NTILES} rows of {NCOL} counts")
        o.meeples = [_nat(v, "meeple count") for r in rows for v in r]
        o.camel = [int(v) for v in d["camels"]]
        require(len(o.camel) == NTILES and all(-1 <= v < P for v in o.camel),
                f"camels must list {NTILES} owners (-1 or a player 0..{P - 1})")
        o.palms = [_nat(v, "palm count") for v in d["palms"]]
        o.palaces = [_nat(v, "palace count") for v in d["palaces"]]
        require(len(o.palms) == NTILES and len(o.palaces) == NTILES, "palms and palaces need one count per tile")
        o.bag = [_nat(v, "bag count") for v in d["bag"]]
        require(len(o.bag) == NCOL, "bag needs one count per colour")
        o.palm_supply = _nat(d["palm_supply"], "palm supply")
        o.palace_supply = _nat(d["palace_supply"], "palace supply")
        require(o.palm_supply + sum(o.palms) == const("palms"),
                f"palm trees don't add up: {o.palm_supply} in supply + {sum(o.palms)} on tiles != {const('palms')}")
        require(o.palace_supply + sum(o.palaces) == const("palaces"),
                f"palaces don't add up: {o.palace_supply} in supply + {sum(o.palaces)} on tiles != {const('palaces')}")
        players = d["players"]
        require(len(players) == P, f"players must have {P} entries, got {len(players)}")
        o.gold, o.viziers, o.elders, o.camels, o.cards, o.used = [], [], [], [], [], []
        o.djinn_owner = [-1] * len(DJINNS)
        for p, row in enumerate(players):
            gold = row["gold"]
            require(isinstance(gold, int) and gold >= 0, f"player {p}: gold must be a whole number >= 0, got {gold!r}")
            o.gold.append(gold)
            o.viziers.append(_nat(row["viziers"], f"player {p} viziers"))
            o.elders.append(_nat(row["elders"], f"player {p} elders"))
            o.camels.append(_nat(row["camels"], f"player {p} camels"))
            cards = [0] * NCARDS
            for name, n in row["cards"].items():
                require(name.lower() in CARD_INDEX, f"player {p}: unknown card {name!r}")
                cards[CARD_INDEX[name.lower()]] += _nat(n, f"player {p} {name}")
            o.cards.append(cards)
            used = 0
            for name in row.get("powers_used", []):
                used |= 1 << _djinn(name)
            o.used.append(used)
            for name in row["djinns"]:
                k = _djinn(name)
                require(o.djinn_owner[k] == -1, f"djinn {name} is held by two players")
                o.djinn_owner[k] = p
        camels_each = const(f"camels_{P}p")
        for p in range(P):
            placed = o.camel.count(p)
            require(placed + o.camels[p] == camels_each,
                    f"player {p}: {placed} camels on tiles + {o.camels[p]} in supply != {camels_each}")
        o.res_deck = sorted(_card(n) for n in d["resource_deck"])
        o.res_row = [_card(n) for n in d["resource_row"]]
        o.res_discard = [_card(n) for n in d["resource_discard"]]
        require(len(o.res_row) <= const("resource_row"), "the resource row holds at most 9 cards")
        o.dj_deck = sorted(_djinn(n) for n in d["djinn_deck"])
        o.dj_row = [_djinn(n) for n in d["djinn_row"]]
        o.dj_discard = [_djinn(n) for n in d["djinn_discard"]]
        require(len(o.dj_row) <= const("djinn_row"), "the djinn row holds at most 3 djinns")
        o.markers = tuple(int(m) for m in d["markers"])
        nm = const(f"markers_{P}p") * P
        require(len(o.markers) == nm and sorted(o.markers) == sorted(p for p in range(P) for _ in range(nm // P)),
                f"markers must name each player's {nm // P} marker(s)")
        o.bid_order = [int(m) for m in d["bid_order"]]
        o.bid_next = int(d["bid_next"])
        o.track = [int(m) for m in d["track"]]
        o.play_order = [int(m) for m in d["play_order"]]
        o.turn_index = int(d["turn_index"])
        o.next_bid_order = [int(m) for m in d["next_bid_order"]]
        require(len(o.track) == len(BID_COSTS), f"track must have {len(BID_COSTS)} spots")
        mv = d.get("move")
        if o.step == "drop":
            require(isinstance(mv, dict), "a position in the middle of a move needs its 'move'")
            o.mv_start, o.mv_pos, o.mv_prev = int(mv["start"]), int(mv["pos"]), int(mv["prev"])
            o.hand = [_nat(v, "hand count") for v in mv["hand"]]
            o.path = [int(t) for t in mv["path"]]
            o.orig = [int(v) for v in mv["orig"]]
            o.live = [int(v) for v in mv["live"]]
            require(len(o.hand) == NCOL and sum(o.hand) > 0, "a move in progress must have meeples in hand")
        else:
            require(mv is None, f"'move' must be null outside the drop step (step is {o.step!r})")
            o.mv_start = o.mv_pos = o.mv_prev = -1
            o.hand, o.path, o.orig, o.live = [0] * NCOL, [], [0] * NCOL, [0] * NCOL
        pend = d["pending"]
        o.p_tile, o.p_count = int(pend["tile"]), int(pend["count"])
        o.p_item, o.p_return = str(pend["item"]), str(pend["return"])
        o.drawn = [_djinn(n) for n in pend["drawn"]]
        o.echidna, o.iblis = bool(pend["echidna"]), bool(pend["iblis"])
        o.end_camel, o.end_no_move = bool(d["end_camel"]), bool(d["end_no_move"])
        o.chance = ChanceStream.from_json(d["chance"])
        player = d["player"]
        o.player = -1 if player is None else int(player)
        require(o.phase == "over" or 0 <= o.player < P, f"player must be 0..{P - 1}, got {player!r}")
        _check_counts(o)
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


def _nat(v, what: str) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or v < 0:
        raise InvalidPosition(f"{what} must be a whole number >= 0, got {v!r}")
    return v


def _card(name: str) -> int:
    k = CARD_INDEX.get(str(name).lower())
    require(k is not None, f"unknown resource card {name!r}")
    return k


def _djinn(name: str) -> int:
    k = DJINN_INDEX.get(str(name).lower())
    require(k is not None, f"unknown djinn {name!r}")
    return k


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
    seen = o.dj_deck + o.dj_row + o.dj_discard + o.drawn + [d for d, p in enumerate(o.djinn_owner) if p >= 0]
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
        assert min(st.meeples) >= 0 and min(st.bag) >= 0, "negative meeple count"
        assert st.palm_supply + sum(st.palms) == const("palms"), "palm trees not conserved"
        assert st.palace_supply + sum(st.palaces) == const("palaces"), "palaces not conserved"
        assert len(st.res_row) <= const("resource_row") and len(st.dj_row) <= const("djinn_row")
    except InvalidPosition as exc:
        raise AssertionError(str(exc)) from exc
