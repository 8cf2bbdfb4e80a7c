"""The El Grande game state: ints and tuples of ints (the board a list), a documented JSON form,
its checks and the view.

Rule logic (legal options and apply) lives in ``rules.py``; this module holds the data, copying,
the JSON form (``to_json`` / ``from_json``, refusing an inconsistent position with the field
path), the per-player ``view`` hiding what that player may not see, and the golden summary.

JSON form (colours are seat numbers; in the 2-player 2023 game colour 2 is the dummy; regions
are the ids of ``regions.csv``; action cards are their names). Action stacks hold no order:
the engine draws the revealed card at random from the chance stream when it is revealed, so a
reseeded lookahead copy cannot know what comes next. Big Box leftovers (``under``) are ordered,
oldest first::

    {"round_index": 0,                       # index into the game's rounds (1..9, short: 2 3 5 6 8 9)
     "step": "power" | "court" | ... | "over", "player": 0 | null,
     "king": "toledo", "grandes": ["aragon", ...],
     "caballeros": {"galicia": [n per colour], ..., "castillo": [...]},
     "court": [n per colour], "province": [n per colour],
     "sheet": [[castillo, regions, bonuses, special] per player],
     "hands": [[power cards in hand] per player], "played": [card played this round or 0, per colour],
     "start_player": 0, "order": [colours, highest card first], "turn_index": 0,
     "stacks": [[names]], "under": [[names]], "offer": [name | null], "discard": [names],
     "tiles": [region | null, region | null],
     "dummy_deck": [power cards], "region_deck": [regions],     # 2-player 2023 only, else []
     "announcements": [[colour, n], ...],   # Castillo throw-ins since it was last emptied
     "vetoes": [[holder, round_index it lasts to], ...],   # Veto cards kept (veto=True only)
     "turn": {"card", "card_stack", "placed", "special_done", "place_left", "anywhere", "announced",
              "recall_left", "recall_then", "left_own", "left_opp", "left_any", "source",
              "held", "queue", "send_left", "sending", "disks", "kept"},
     "chance": {"seed", "draws"[, "version"]}}
"""

from __future__ import annotations

import json

from boardlab.core import validate as V
from boardlab.core.errors import InvalidPosition
from boardlab.core.game import State
from boardlab.core.tuples import replaced
from boardlab.elgrande import components as C
from boardlab.elgrande.rules import (
    APPLY, DISK_STEPS, LEGAL, NO_ORDER, STEP_KINDS, SharedChance, TurnOrder, apply_action, config, draw, generate_legal,
)

NR, NP, CAST = C.NREGIONS, C.NPLACES, C.CASTILLO
PLACE_IDS = C.REGION_IDS + ("castillo",)


class ElGrandeState(State):
    """One El Grande position; attributes are plain ints, tuples and lists (see the module docstring).

    The caballeros on the board and in the Castillo, ``cab`` (place * colours + colour), are a list
    changed in place (every copy copies it); every other part is a tuple (``order``: a list that
    refuses changes; ``chance``: a stream that refuses changes), replaced when it changes, so
    copies share it. Two derived attributes are kept up to date by the rules (and checked by
    ``rules.invariants``): ``taken``, the power cards played this round as a bit mask, and
    ``is_over``."""

    @classmethod
    def blank(cls, game) -> ElGrandeState:
        st = cls.__new__(cls)
        State.__init__(st, game, None)
        cfg = config(game)
        st.cfg = cfg
        NC = cfg.NC
        st.round_i = 0
        st.step = "power"
        st.player = 0
        st.king = 0
        st.grande = (-1,) * cfg.P
        st.cab = [0] * (NP * NC)
        st.court = (0,) * NC
        st.province = (0,) * NC
        st.sheet = ((0, 0, 0, 0),) * cfg.P
        st.hand = (C.FULL_HAND,) * cfg.P
        st.played = (0,) * NC
        st.taken = 0
        st.is_over = False
        st.first = 0
        st.order = NO_ORDER
        st.turn_i = 0
        st.stacks = ()
        st.under = ()
        st.offer = ()
        st.discard = ()
        st.tiles = (-1, -1)
        st.dummy_deck = ()
        st.region_deck = ()
        st.announce = ()
        st.card = st.card_stack = -1
        st.placed = st.special_done = st.anywhere = st.announced = False
        st.place_left = st.recall_left = 0
        st.recall_then = "card"
        st.left_own = st.left_opp = st.left_any = 0
        st.src = st.hold_c = st.hold_r = -1
        st.queue = ()
        st.send_left = ()
        st.sending = "own"
        st.disks = ()
        st.vetoes = ()
        st.kept = False
        st.chance = SharedChance(0)
        return st

    # -- contract ------------------------------------------------------------------------------
    @property
    def to_move(self):
        return None if self.step == "over" else self.player

    #: True once the game is over: a plain attribute (``_next_round`` sets it), asked at every decision
    is_over = False

    # the rules' functions themselves, bound as methods (one call less on every decision)
    _generate_legal = generate_legal
    _apply = apply_action
    RULES_BY_KIND = APPLY  # State.apply calls the rule of the action's kind itself

    def legal_actions(self) -> tuple:
        """The options for the decision asked now, sorted (core contract): the step's function of
        ``rules.LEGAL`` builds them in order, so they are not sorted again."""
        legal = self._legal
        if legal is None:
            legal = self._legal = LEGAL[self.step](self)
        return legal

    def _why_illegal(self, action):
        from boardlab.elgrande import rules
        return rules.why_illegal(self, action)

    def score_sheet(self):
        from boardlab.elgrande.scoring import score_sheet
        return score_sheet(self)

    def ranks(self):
        from boardlab.elgrande.scoring import ranks
        return ranks(self)

    @property
    def round(self) -> int | None:
        """The round being played (1..9), None when the game is over."""
        return None if self.step == "over" else self.cfg.rounds[self.round_i]

    # -- copying -------------------------------------------------------------------------------
    def _copy_position(self) -> ElGrandeState:
        o = ElGrandeState.__new__(ElGrandeState)
        o.__dict__.update(self.__dict__)  # the tuples and the chance stream are shared (class docstring)
        o.cab = self.cab[:]
        return o

    def reseed(self, seed: int) -> None:
        """A lookahead copy's different future, from what the player to move could know: new chance
        events, and during a secret-disk step the disks the other players have already set (hidden
        from this player, see ``view``) chosen anew at random among their options."""
        self.chance = SharedChance(seed, self.chance.draws, self.chance.version)
        if self.step in DISK_STEPS:
            from boardlab.elgrande.rules import disk_options

            secret = [c for c, r in enumerate(self.disks) if r >= 0 and c != self.player]
            if secret:
                rng = draw(self)
                for c in secret:
                    self.disks = replaced(self.disks, c, rng.choice(disk_options(self, c)))
                self._legal = None

    # -- JSON ----------------------------------------------------------------------------------
    def to_json(self) -> dict:
        NC = self.cfg.NC
        rid = _rid
        name = _card_name
        return {
            "round_index": self.round_i,
            "step": self.step,
            "player": None if self.step == "over" else self.player,
            "king": rid(self.king),
            "grandes": [rid(r) for r in self.grande],
            "caballeros": {PLACE_IDS[r]: self.cab[r * NC:(r + 1) * NC] for r in range(NP)},
            "court": list(self.court),
            "province": list(self.province),
            "sheet": [list(s) for s in self.sheet],
            "hands": [[v for v in C.POWER_VALUES if h >> v & 1] for h in self.hand],
            "played": list(self.played),
            "start_player": self.first,
            "order": list(self.order),
            "turn_index": self.turn_i,
            "stacks": [[name(t) for t in sorted(s)] for s in self.stacks],
            "under": [[name(t) for t in s] for s in self.under],
            "offer": [name(t) if t >= 0 else None for t in self.offer],
            "discard": sorted(name(t) for t in self.discard),
            "tiles": [rid(r) if r >= 0 else None for r in self.tiles],
            "dummy_deck": sorted(self.dummy_deck),
            "region_deck": [rid(r) for r in sorted(self.region_deck)],
            "announcements": [list(a) for a in self.announce],
            "vetoes": [list(v) for v in self.vetoes],
            "turn": {
                "card": name(self.card) if self.card >= 0 else None,
                "card_stack": self.card_stack,
                "placed": self.placed,
                "special_done": self.special_done,
                "place_left": self.place_left,
                "anywhere": self.anywhere,
                "announced": self.announced,
                "recall_left": self.recall_left,
                "recall_then": self.recall_then,
                "left_own": self.left_own,
                "left_opp": self.left_opp,
                "left_any": self.left_any,
                "source": rid(self.src) if self.src >= 0 else None,
                "held": [self.hold_c, rid(self.hold_r)] if self.hold_c >= 0 else None,
                "queue": list(self.queue),
                "send_left": list(self.send_left),
                "sending": self.sending,
                "disks": [rid(r) if r >= 0 else None for r in self.disks],
                "kept": self.kept,
            },
            "chance": self.chance.to_json(),
        }

    def view(self, player: int) -> dict:
        """The JSON form as ``player`` sees it.

        Hidden: who is inside the Castillo beyond the announcements (``caballeros.castillo`` is
        None; ``castillo_total`` and ``announcements`` remain), the other players' secret disks
        until they are revealed, what the draw piles hold (action stacks, the dummy's power and
        region decks: sizes only) and the chance stream. Unplayed power cards are public as sets
        (every played card lies face up)."""
        if not (type(player) is int and 0 <= player < self.cfg.P):
            raise ValueError(f"player must be a seat 0..{self.cfg.P - 1}, got {player!r}")
        data = self.to_json()
        data["castillo_total"] = sum(data["caballeros"]["castillo"])
        data["caballeros"]["castillo"] = None
        data["turn"]["disks"] = [d if c == player else (None if d is None else "hidden")
                                 for c, d in enumerate(data["turn"]["disks"])]
        data["stacks"] = [len(s) for s in self.stacks]
        data["dummy_deck"] = len(self.dummy_deck)
        data["region_deck"] = len(self.region_deck)
        data["chance"] = None
        data["viewer"] = player
        return data

    @classmethod
    def from_json(cls, game, data) -> ElGrandeState:
        try:
            return _from_json(cls, game, data)
        except InvalidPosition:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise InvalidPosition(f"malformed El Grande position: {type(exc).__name__}: {exc}") from exc

    # -- text -------------------------------------------------------------------------------------
    def summary(self) -> str:
        cfg = self.cfg
        NC = cfg.NC
        ed = cfg.edition
        head = (f"round {self.round or '-'}, {self.step}"
                + (f", player {self.player}" if self.step != "over" else "")
                + f"; King in {C.region_name(self.king, ed)}; start player {self.first}")
        places = []
        for r in range(NP):
            row = self.cab[r * NC:(r + 1) * NC]
            if any(row):
                places.append(f"{C.region_name(r, ed)} " + "/".join(map(str, row)))
        lines = [head, "  " + "; ".join(places) if places else "  (no caballeros on the board)"]
        for c in range(NC):
            who = "dummy" if c == cfg.dummy else f"player {c}"
            extra = ""
            if c < cfg.P:
                hand = "".join(f"{v:x}" if v < 16 else "" for v in C.POWER_VALUES if self.hand[c] >> v & 1)
                extra = (f", Grande {C.region_name(self.grande[c], ed)}, hand {hand}, "
                         f"score {sum(self.sheet[c])}")
            card = f", played {self.played[c]}" if self.played[c] else ""
            lines.append(f"  {who}: court {self.court[c]}, province {self.province[c]}{card}{extra}")
        offer = ", ".join(_card_name(t) for t in self.offer if t >= 0)
        lines.append(f"  offer: {offer or '-'}")
        return "\n".join(lines)

    def __repr__(self):
        return f"<El Grande {self.game.edition} {self.cfg.P}p: {self.summary().splitlines()[0]}>"

    def _repr_svg_(self):
        from boardlab.elgrande.render import board_svg
        return board_svg(self)


def _rid(r: int) -> str:
    return C.REGION_IDS[r]


def _card_name(t: int) -> str:
    return C.CARD_TYPES[t].name


def _region(value, path: str, allow_none: bool = False, castillo: bool = False) -> int:
    if value is None and allow_none:
        return -1
    ids = PLACE_IDS if castillo else C.REGION_IDS
    V.expect_choice(value, path, ids)
    return ids.index(value)


def _card(value, path: str, allow_none: bool = False) -> int:
    if value is None and allow_none:
        return -1
    V.expect_choice(value, path, [t.name for t in C.CARD_TYPES])
    return C.CARD_INDEX[value]


_KEYS = ("round_index", "step", "player", "king", "grandes", "caballeros", "court", "province", "sheet", "hands",
         "played", "start_player", "order", "turn_index", "stacks", "under", "offer", "discard", "tiles",
         "dummy_deck", "region_deck", "announcements", "vetoes", "turn", "chance")
_TURN_KEYS = ("card", "card_stack", "placed", "special_done", "place_left", "anywhere", "announced", "recall_left",
              "recall_then", "left_own", "left_opp", "left_any", "source", "held", "queue", "send_left", "sending",
              "disks", "kept")


def _from_json(cls, game, d) -> ElGrandeState:
    V.expect_dict(d, "position", _KEYS)
    st = cls.blank(game)
    cfg = st.cfg
    P, NC = cfg.P, cfg.NC
    st.round_i = V.expect_int(d["round_index"], "round_index", 0, len(cfg.rounds))
    st.step = V.expect_choice(d["step"], "step", tuple(STEP_KINDS))
    V.require((st.step == "over") == (st.round_i == len(cfg.rounds)), "round_index",
              f"{len(cfg.rounds)} exactly when the step is 'over'")
    st.is_over = st.step == "over"
    if st.is_over:
        V.require(d["player"] is None, "player", "null when the game is over")
        st.player = -1
    else:
        st.player = V.expect_int(d["player"], "player", 0, P - 1)
    st.king = _region(d["king"], "king")
    V.expect_list(d["grandes"], "grandes", P)
    st.grande = tuple(_region(r, f"grandes[{p}]") for p, r in enumerate(d["grandes"]))
    V.expect_dict(d["caballeros"], "caballeros", PLACE_IDS)
    for r, pid in enumerate(PLACE_IDS):
        row = V.expect_list(d["caballeros"][pid], f"caballeros.{pid}", NC)
        for c, n in enumerate(row):
            st.cab[r * NC + c] = V.expect_int(n, f"caballeros.{pid}[{c}]", 0, C.CABALLEROS)
    for key, attr in (("court", "court"), ("province", "province")):
        row = V.expect_list(d[key], key, NC)
        setattr(st, attr, tuple(V.expect_int(n, f"{key}[{c}]", 0, C.CABALLEROS) for c, n in enumerate(row)))
    for c in range(NC):
        total = sum(st.cab[r * NC + c] for r in range(NP)) + st.court[c] + st.province[c]
        V.require(total == C.CABALLEROS, f"caballeros[colour {c}]",
                  f"{C.CABALLEROS} caballeros of each colour across regions, Castillo, court and province "
                  f"(found {total})")
    if cfg.dummy >= 0:
        V.require(st.court[cfg.dummy] == 0, f"court[{cfg.dummy}]", "0: the dummy has no court")
    V.expect_list(d["sheet"], "sheet", P)
    sheet = []
    for p, row in enumerate(d["sheet"]):
        V.expect_list(row, f"sheet[{p}]", 4)
        sheet.append(tuple(V.expect_int(n, f"sheet[{p}][{i}]", 0) for i, n in enumerate(row)))
    st.sheet = tuple(sheet)
    V.expect_list(d["hands"], "hands", P)
    hands = []
    for p, hand in enumerate(d["hands"]):
        V.expect_list(hand, f"hands[{p}]", max_length=13)
        mask = 0
        for i, v in enumerate(hand):
            V.expect_int(v, f"hands[{p}][{i}]", 1, 13)
            V.require(not mask >> v & 1, f"hands[{p}]", "each power card at most once")
            mask |= 1 << v
        hands.append(mask)
    st.hand = tuple(hands)
    row = V.expect_list(d["played"], "played", NC)
    st.played = tuple(V.expect_int(v, f"played[{c}]", 0, 13) for c, v in enumerate(row))
    for p in range(P):
        V.require(not (st.played[p] and st.hand[p] >> st.played[p] & 1 and st.step == "power"),
                  f"played[{p}]", "a card no longer in hand while power cards are being played")
    values = [v for v in st.played if v]
    V.require(len(values) == len(set(values)), "played", "no power card value twice in one round")
    st.taken = sum(1 << v for v in values)
    st.first = V.expect_int(d["start_player"], "start_player", 0, P - 1)
    order = V.expect_list(d["order"], "order")
    if order:
        V.expect_permutation(order, "order", range(NC))
    st.order = TurnOrder(order) if order else NO_ORDER
    st.turn_i = V.expect_int(d["turn_index"], "turn_index", 0, NC)
    _check_turn_order(st)
    _cards_from_json(st, d)
    tiles = V.expect_list(d["tiles"], "tiles", 2)
    st.tiles = tuple(_region(r, f"tiles[{t}]", allow_none=True) for t, r in enumerate(tiles))
    V.require(st.tiles[0] < 0 or st.tiles[0] != st.tiles[1], "tiles", "two score tiles in different regions")
    if cfg.dummy >= 0:
        deck = V.expect_list(d["dummy_deck"], "dummy_deck", max_length=13)
        st.dummy_deck = tuple(sorted(V.expect_int(v, f"dummy_deck[{i}]", 1, 13) for i, v in enumerate(deck)))
        V.require(len(set(st.dummy_deck)) == len(deck), "dummy_deck", "each power card at most once")
        regions = V.expect_list(d["region_deck"], "region_deck", max_length=NR)
        st.region_deck = tuple(sorted(_region(r, f"region_deck[{i}]") for i, r in enumerate(regions)))
        V.require(len(set(st.region_deck)) == len(regions), "region_deck", "each region card at most once")
    else:
        V.require(d["dummy_deck"] == [] and d["region_deck"] == [], "dummy_deck",
                  "[] (and region_deck []) without a dummy")
    ann = V.expect_list(d["announcements"], "announcements")
    announce = []
    for i, a in enumerate(ann):
        V.expect_list(a, f"announcements[{i}]", 2)
        announce.append((V.expect_int(a[0], f"announcements[{i}][0]", 0, NC - 1),
                         V.expect_int(a[1], f"announcements[{i}][1]", 1, C.CABALLEROS)))
    st.announce = tuple(announce)
    announced = [0] * NC
    for c, k in st.announce:
        announced[c] += k
    V.require(announced == st.cab[CAST * NC:(CAST + 1) * NC], "announcements",
              "announced counts that add up to the Castillo's contents")
    vetoes = V.expect_list(d["vetoes"], "vetoes", max_length=2)
    kept = []
    for i, v in enumerate(vetoes):
        V.expect_list(v, f"vetoes[{i}]", 2)
        kept.append((V.expect_int(v[0], f"vetoes[{i}][0]", 0, P - 1),
                     V.expect_int(v[1], f"vetoes[{i}][1]", st.round_i, len(cfg.rounds))))
    st.vetoes = tuple(kept)
    V.require(not st.vetoes or game.veto, "vetoes", "[] unless the game plays with the Veto cards")
    _turn_from_json(st, d["turn"])
    st.chance = SharedChance.from_json(d["chance"])
    from boardlab.elgrande.rules import invariants
    try:
        invariants(st)
        if st.step != "over":
            V.require(bool(st._generate_legal()), "step", "a decision with at least one option")
    except AssertionError as exc:
        raise InvalidPosition(f"inconsistent position: {exc}") from exc
    except (IndexError, KeyError, ValueError) as exc:
        raise InvalidPosition(f"inconsistent position at step {st.step!r}: {type(exc).__name__}: {exc}") from exc
    st.start = json.loads(json.dumps(d))  # the record of a loaded position starts from it (a private copy)
    return st


#: steps asked before the round's power cards set the turn order (or after the round ended it)
UNORDERED_STEPS = ("power", "cdisk")
#: steps where another player than the one whose turn it is decides (a Castillo disk, a sent
#: caballero, a Veto)
OTHERS_DECIDE = ("disk", "send", "veto")


def _check_turn_order(st) -> None:
    """The turn order exists exactly while a round's turns are played, and names who plays now."""
    if st.step == "over":
        return
    unordered = st.step in UNORDERED_STEPS
    V.require(bool(st.order) != unordered, "order",
              f"{'[] (no turn order yet)' if unordered else 'the turn order (each seat once)'} "
              f"at step {st.step!r}")
    if unordered:
        return
    V.require(st.turn_i < len(st.order), "turn_index", f"a place in the turn order (0 to {len(st.order) - 1})")
    if st.step not in OTHERS_DECIDE:
        V.require(st.order[st.turn_i] == st.player, "player",
                  f"the seat at turn_index {st.turn_i} of the turn order ({st.order[st.turn_i]}) at step {st.step!r}")


def _cards_from_json(st, d) -> None:
    cfg = st.cfg
    n = len(cfg.stacks)
    stacks = V.expect_list(d["stacks"], "stacks", n)
    st.stacks = tuple(tuple(sorted(_card(t, f"stacks[{i}][{j}]")
                                   for j, t in enumerate(V.expect_list(s, f"stacks[{i}]"))))
                      for i, s in enumerate(stacks))  # unordered piles, kept sorted (draws index into them)
    under = V.expect_list(d["under"], "under", n)
    st.under = tuple(tuple(_card(t, f"under[{i}][{j}]") for j, t in enumerate(V.expect_list(s, f"under[{i}]")))
                     for i, s in enumerate(under))
    offer = V.expect_list(d["offer"], "offer", n)
    st.offer = tuple(_card(t, f"offer[{i}]", allow_none=True) for i, t in enumerate(offer))
    st.discard = tuple(_card(t, f"discard[{j}]") for j, t in enumerate(V.expect_list(d["discard"], "discard")))
    king = cfg.stacks[-1][0]
    V.require(st.stacks[-1] == (king,), f"stacks[{n - 1}]", "the King card alone")
    for i in range(n - 1):
        for t in st.stacks[i] + st.under[i] + ((st.offer[i],) if st.offer[i] >= 0 else ()):
            V.require(t in cfg.stacks[i], f"stacks[{i}]", f"only cards of stack {i + 1}")
    V.require(st.offer[-1] in (-1, king), f"offer[{n - 1}]", "the King card or null")


def _turn_from_json(st, t) -> None:
    V.expect_dict(t, "turn", _TURN_KEYS)
    NC = st.cfg.NC
    st.card = _card(t["card"], "turn.card", allow_none=True)
    st.card_stack = V.expect_int(t["card_stack"], "turn.card_stack", -1, len(st.cfg.stacks) - 1)
    V.require((st.card < 0) == (st.card_stack < 0), "turn.card_stack", "-1 exactly when no card is held")
    for key in ("placed", "special_done", "anywhere", "announced"):
        setattr(st, key, V.expect_bool(t[key], f"turn.{key}"))
    st.place_left = V.expect_int(t["place_left"], "turn.place_left", 0, 5)
    st.recall_left = V.expect_int(t["recall_left"], "turn.recall_left", 0, 6)
    st.recall_then = V.expect_choice(t["recall_then"], "turn.recall_then", ("card", "special"))
    st.left_own = V.expect_int(t["left_own"], "turn.left_own", 0, 5)
    st.left_opp = V.expect_int(t["left_opp"], "turn.left_opp", 0, 5)
    st.left_any = V.expect_int(t["left_any"], "turn.left_any", 0, 5)
    st.src = _region(t["source"], "turn.source", allow_none=True)
    held = t["held"]
    if held is None:
        st.hold_c = st.hold_r = -1
    else:
        V.expect_list(held, "turn.held", 2)
        st.hold_c = V.expect_int(held[0], "turn.held[0]", 0, NC - 1)
        st.hold_r = _region(held[1], "turn.held[1]")
        V.require(st.cab[st.hold_r * NC + st.hold_c] > 0, "turn.held", "a caballero that stands there")
    q = V.expect_list(t["queue"], "turn.queue", max_length=NC)
    st.queue = tuple(V.expect_int(c, f"turn.queue[{i}]", 0, NC - 1) for i, c in enumerate(q))
    V.require(len(set(st.queue)) == len(st.queue), "turn.queue", "each colour at most once")
    s = V.expect_list(t["send_left"], "turn.send_left", max_length=NC)
    st.send_left = tuple(V.expect_int(n, f"turn.send_left[{i}]", 1, 3) for i, n in enumerate(s))
    st.sending = V.expect_choice(t["sending"], "turn.sending", ("own", "chosen"))
    disks = V.expect_list(t["disks"], "turn.disks")
    V.require(len(disks) in (0, NC), "turn.disks", f"[] or one entry per colour ({NC})")
    st.disks = tuple(_region(r, f"turn.disks[{c}]", allow_none=True) for c, r in enumerate(disks))
    st.kept = V.expect_bool(t["kept"], "turn.kept")
    step = st.step
    if step == "veto":
        V.require(bool(st.queue) and st.player == st.queue[0] and st.card >= 0, "turn.queue",
                  "the Veto holder deciding first in the queue")
    if step in DISK_STEPS:
        V.require(bool(st.queue) and len(st.disks) == NC and st.player == st.queue[0], "turn.queue",
                  "the player setting a disk first in the queue")
    if step == "send":
        V.require(bool(st.queue) and len(st.send_left) == len(st.queue), "turn.send_left",
                  "one count per queued colour")
    if step in ("order", "place", "special", "mode", "region", "pick", "drop", "send", "disk", "score", "tile",
                "powerback", "grande", "king", "veto") or (step == "recall" and st.recall_then == "special"):
        V.require(st.card >= 0, "turn.card", f"the card being played at step {step!r}")
    if step == "drop":
        V.require(st.hold_c >= 0, "turn.held", "the caballero being moved at step 'drop'")


def invariants(st) -> None:
    from boardlab.elgrande.rules import invariants as _inv
    _inv(st)


def new_state(game, seed: int, chance: int) -> ElGrandeState:
    """A new game from ``seed`` (chance stream version ``chance``): a blank state laid out by the rules."""
    from boardlab.elgrande import rules

    return rules.set_up(ElGrandeState.blank(game), game, seed, chance)
