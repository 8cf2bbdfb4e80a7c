"""The Alea Iacta Est game state: tuples of ints (one entry per player, or per tile, card or die),
replaced when they change so that copies share them; a documented JSON form and its checks.

Rule logic lives in ``rules.py``; this module holds the data, copying, the JSON form
(``to_json`` / ``from_json``, validated with ``boardlab.core.validate``), the per-player view
that hides senate cards, fortune tiles and the draw piles, and the text summary of golden files.

JSON form (tiles by label: provinces ``"Germania III"`` / ``"joker"``, patricians
``"green woman II"``, senate cards ``"VII"``; dice as values 1-6 ascending; players by seat)::

    {"set": 1, "start": 0, "step": "turn" | "dice" | "senate" | "castrum" | "forum" | "over",
     "player": 0 | null, "ending": false,           # ending: someone has placed all dice this set
     "hand": [2, 3, 3, 5], "chosen": "Senatus" | null,
     "players": [{"free": 8, "chips": 0, "latrina": 0, "templum": [dice], "senatus": [dice],
                  "senatus_stamp": 0, "drawn": [fortune values this set], "fortune": [kept values],
                  "provinces": [...], "patricians": [...], "senate_cards": [...]}],
     "templum_leader": null | seat, "stamp": 0,    # stamp: placements counted (ties: latest first)
     "castrum": [{"player", "value", "count", "stamp"}], "forum": [[value, player], ...],
     "provinces_shown": [...], "patricians_shown": [...], "reward_queue": [seats], "senate_offer": [...],
     "province_supply": [...], "patrician_supply": [...], "patricians_removed": [...],
     "provinces_aside": [...], "patricians_aside": [...],
     "senate_deck": [top first], "senate_under": 0,  # the last n cards of the deck were put under it
     "senate_out": [...],
     "fortune_pile": [n1, n2, n3], "fortune_discard": [n1, n2, n3], "chance": {"seed", "draws"[, "version"]}}

The supplies are multisets listed in table order; a tile is drawn from them at random from the
chance stream. The senate deck keeps its order: cards go back under it, and ``senate_under`` counts
the cards known to lie at its bottom; ``reseed`` (search on copies) reshuffles only the part above.
"""

from __future__ import annotations

import copy
from collections import Counter

from boardlab.alea import rules, scoring
from boardlab.alea.components import (
    BUILDING_INDEX, BUILDINGS, DICE, FORTUNE_COUNTS, FORTUNE_VALUES, NPAT, NPROV, PAT_INDEX, PAT_LABELS,
    PROV_INDEX, PROV_LABELS, SENATE, SENATE_INDEX, senate_deck,
)
from boardlab.core.chance import ChanceStream
from boardlab.core.errors import InvalidPosition
from boardlab.core.game import State
from boardlab.core.validate import (
    expect_bool, expect_choice, expect_counts, expect_dict, expect_int, expect_list, require,
)

STEPS = ("turn", "dice", "senate", "castrum", "forum", "over")
#: the largest count or stamp a position may hold (far beyond any game; keeps numbers printable)
MOST = 10**6
_PLAYER_KEYS = ("free", "chips", "latrina", "templum", "senatus", "senatus_stamp", "drawn", "fortune",
                "provinces", "patricians", "senate_cards")
_KEYS = ("set", "start", "step", "player", "ending", "hand", "chosen", "players", "templum_leader", "stamp",
         "castrum", "forum", "provinces_shown", "patricians_shown", "reward_queue", "senate_offer",
         "province_supply", "patrician_supply", "patricians_removed", "provinces_aside", "patricians_aside",
         "senate_deck", "senate_under", "senate_out", "fortune_pile", "fortune_discard", "chance")
_LISTS = ("free", "chips", "lat", "tem", "sen", "sen_stamp", "drawn", "fortune", "provs", "pats", "cards")


#: the position's attributes (set by ``rules.set_up`` / ``from_json``, copied by ``_copy_position``), in
#: slots: CPython keeps at most 30 attributes of a class in its instances' shared dict keys, and with
#: these 49 in a plain dict a random playout decision took 2.7 % more instructions (valgrind, 3 players)
_SLOTS = ("_places", "_open", "_bars", "_roll", "nplayers", "nsets", "templum", "slots", "nprov", "rewarded",
          "flags", "chance", "set_no", "caesar", "player", "step", "ending", "is_over", "free", "hand", "chosen",
          "chips", "provs", "pats", "cards", "fortune", "fpile", "fdisc", "deck", "under", "senate_out",
          "pat_removed", "pat_supply", "prov_supply", "aside_prov", "aside_pat", "queue", "offer", "tem",
          "tem_leader", "drawn", "sen", "sen_stamp", "cas", "forum", "lat", "stamp", "prov_shown", "pat_shown")


class AleaState(State):
    __slots__ = _SLOTS  # is_over (``step == "over"``) is one, kept by the rules and from_json: read at every decision

    # -- contract ----------------------------------------------------------------------------
    @property
    def to_move(self):
        return None if self.step == "over" else self.player

    #: as the core's, without its sort: ``rules.generate_legal`` builds the tuple sorted already (the
    #: conformance tests check it), which saves a tenth of a random game's time
    legal_actions = rules.legal_actions

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
    def _copy_position(self) -> AleaState:
        """Every container of the position is a tuple (of ints and tuples), replaced when it changes:
        a copy shares them all. Only the chance stream counts in place, and the placements cache
        is filled in place (the copy starts its own)."""
        o = _new_state(AleaState)
        _copy_slots(self, o)
        o._places = None
        o.chance = self.chance.copy()
        return o

    def reseed(self, seed: int) -> None:
        """A lookahead copy's different future, dealt from what the player to move could know (its
        ``view``): new chance events; the unseen part of the senate deck (all but the cards known to
        lie under it) shuffled together with the other players' senate cards and dealt anew; the
        other players' fortune tiles (kept and drawn this set) dealt anew from them and the face-down
        pile. Counts stay. (The patricians removed at setup follow from the supply, which is public.)"""
        self.chance.reseed(seed)
        if self.step == "over":  # everything is revealed at the end
            return
        rng = self.chance.next_rng()
        others = [q for q in range(self.nplayers) if q != self.player]
        top = len(self.deck) - self.under
        pool = list(self.deck[:top]) + [c for q in others for c in self.cards[q]]
        rng.shuffle(pool)
        self.deck, pool = tuple(pool[:top]) + self.deck[top:], pool[top:]
        cards, fortune, drawn = list(self.cards), list(self.fortune), list(self.drawn)
        for q in others:
            n = len(cards[q])
            cards[q], pool = tuple(pool[:n]), pool[n:]
        tiles = [v for v, n in zip(FORTUNE_VALUES, self.fpile) for _ in range(n)]
        tiles += [v for q in others for v in self.fortune[q] + self.drawn[q]]
        rng.shuffle(tiles)
        for q in others:
            kept, n = len(fortune[q]), len(drawn[q])
            fortune[q], drawn[q], tiles = tuple(sorted(tiles[:kept])), tuple(tiles[kept:kept + n]), tiles[kept + n:]
        self.cards, self.fortune, self.drawn = tuple(cards), tuple(fortune), tuple(drawn)
        self.fpile = tuple(tiles.count(v) for v in FORTUNE_VALUES)
        self._legal = None

    # -- JSON --------------------------------------------------------------------------------
    def to_json(self) -> dict:
        over = self.step == "over"
        return {
            "set": self.set_no, "start": self.caesar, "step": self.step,
            "player": None if over else self.player, "ending": self.ending,
            "hand": list(self.hand), "chosen": BUILDINGS[self.chosen] if self.chosen >= 0 else None,
            "players": [
                {"free": self.free[p], "chips": self.chips[p], "latrina": self.lat[p],
                 "templum": list(self.tem[p]), "senatus": list(self.sen[p]), "senatus_stamp": self.sen_stamp[p],
                 "drawn": list(self.drawn[p]), "fortune": list(self.fortune[p]),
                 "provinces": [PROV_LABELS[t] for t in self.provs[p]],
                 "patricians": [PAT_LABELS[t] for t in self.pats[p]],
                 "senate_cards": [SENATE[c].name for c in self.cards[p]]}
                for p in range(self.nplayers)
            ],
            "templum_leader": None if self.tem_leader < 0 else self.tem_leader,
            "stamp": self.stamp,
            "castrum": [{"player": q, "value": v, "count": c, "stamp": s} for q, v, c, s in self.cas],
            "forum": [[v, q] for v, q in self.forum],
            "provinces_shown": [PROV_LABELS[t] for t in self.prov_shown],
            "patricians_shown": [PAT_LABELS[t] for t in self.pat_shown],
            "reward_queue": list(self.queue),
            "senate_offer": [SENATE[c].name for c in self.offer],
            "province_supply": [PROV_LABELS[t] for t in self.prov_supply],
            "patrician_supply": [PAT_LABELS[t] for t in self.pat_supply],
            "patricians_removed": [PAT_LABELS[t] for t in self.pat_removed],
            "provinces_aside": [PROV_LABELS[t] for t in self.aside_prov],
            "patricians_aside": [PAT_LABELS[t] for t in self.aside_pat],
            "senate_deck": [SENATE[c].name for c in self.deck], "senate_under": self.under,
            "senate_out": [SENATE[c].name for c in self.senate_out],
            "fortune_pile": list(self.fpile), "fortune_discard": list(self.fdisc),
            "chance": self.chance.to_json(),
        }

    def view(self, player: int) -> dict:
        """The JSON form as ``player`` sees it: other players' senate cards and fortune tiles (drawn
        and kept) become counts, the senate deck, the fortune pile, the patricians removed at setup
        and the chance stream are hidden; the senate offer is shown only to the player choosing.
        At the end of the game everything but the draw piles is revealed."""
        data = self.to_json()
        if not self.is_over:
            for p, row in enumerate(data["players"]):
                if p != player:
                    row["senate_cards"] = len(row["senate_cards"])
                    row["fortune"] = len(row["fortune"])
                    row["drawn"] = len(row["drawn"])
            if self.player != player:
                data["senate_offer"] = len(self.offer)
        data["senate_deck"] = len(self.deck)
        data["senate_under"] = self.under
        data["fortune_pile"] = sum(self.fpile)
        data["patricians_removed"] = len(self.pat_removed)
        data["chance"] = None
        return data

    @classmethod
    def from_json(cls, game, data: dict) -> AleaState:
        """Rebuild a position, refusing a malformed or inconsistent one (InvalidPosition naming the field)."""
        try:
            return cls._from_json(game, data)
        except InvalidPosition:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise InvalidPosition(f"malformed Alea Iacta Est position: {type(exc).__name__}: {exc}") from exc

    @classmethod
    def _from_json(cls, game, d) -> AleaState:
        expect_dict(d, "position", _KEYS)
        P = game.players
        o = cls.__new__(cls)
        State.__init__(o, game, None)
        o._places = o._open = None
        o._bars = (None, ())  # see rules._senatus_bars
        o._roll = rules.NO_ROLL  # see rules._roll_now
        o.nplayers = P
        o.nsets, o.templum, o.slots, o.nprov, o.rewarded, removed = rules.table(game)
        o.flags = rules.flags(game)
        o.set_no = expect_int(d["set"], "set", 1, o.nsets)
        o.caesar = expect_int(d["start"], "start", 0, P - 1)
        o.step = expect_choice(d["step"], "step", STEPS)
        over = o.is_over = o.step == "over"
        if over:
            expect_choice(d["player"], "player", (None,))
            o.player = -1
        else:
            o.player = expect_int(d["player"], "player", 0, P - 1)
        o.ending = expect_bool(d["ending"], "ending")
        o.hand = tuple(_dice(d["hand"], "hand", DICE))
        require(list(o.hand) == sorted(o.hand), "hand", "dice in ascending order")
        chosen = d["chosen"]
        o.chosen = -1 if chosen is None else BUILDING_INDEX[expect_choice(chosen, "chosen", BUILDINGS).lower()]
        require((o.chosen >= 0) == (o.step == "dice"), "chosen", "a building exactly when step is 'dice'")
        players = expect_list(d["players"], "players", P)
        rows = {name: [] for name in _LISTS}
        o.free, o.chips, o.lat, o.tem, o.sen, o.sen_stamp = (rows[k] for k in _LISTS[:6])
        o.drawn, o.fortune, o.provs, o.pats, o.cards = (rows[k] for k in _LISTS[6:])
        for p, row in enumerate(players):
            path = f"players[{p}]"
            expect_dict(row, path, _PLAYER_KEYS)
            o.free.append(expect_int(row["free"], f"{path}.free", 0, DICE))
            o.chips.append(expect_int(row["chips"], f"{path}.chips", 0, MOST))
            o.lat.append(expect_int(row["latrina"], f"{path}.latrina", 0, DICE))
            o.tem.append(tuple(_dice(row["templum"], f"{path}.templum", DICE)))
            sen = tuple(_dice(row["senatus"], f"{path}.senatus", 6))
            require(not sen or list(sen) == list(range(sen[0], sen[0] + len(sen))), f"{path}.senatus",
                    "a straight: distinct consecutive values ascending")
            o.sen.append(sen)
            o.sen_stamp.append(expect_int(row["senatus_stamp"], f"{path}.senatus_stamp", 0, MOST))
            o.drawn.append(_fortune(row["drawn"], f"{path}.drawn"))
            o.fortune.append(_fortune(row["fortune"], f"{path}.fortune"))
            o.provs.append(_tiles(row["provinces"], f"{path}.provinces", PROV_INDEX))
            o.pats.append(_tiles(row["patricians"], f"{path}.patricians", PAT_INDEX))
            o.cards.append(_tiles(row["senate_cards"], f"{path}.senate_cards", SENATE_INDEX, exact_case=True))
        for name in _LISTS:  # the position's containers are tuples (see copy)
            setattr(o, name, tuple(rows[name]))
        leader = d["templum_leader"]
        o.tem_leader = -1 if leader is None else expect_int(leader, "templum_leader", 0, P - 1)
        o.stamp = expect_int(d["stamp"], "stamp", 0, MOST)
        o.cas = []
        for i, g in enumerate(expect_list(d["castrum"], "castrum")):
            path = f"castrum[{i}]"
            expect_dict(g, path, ("player", "value", "count", "stamp"))
            o.cas.append((expect_int(g["player"], f"{path}.player", 0, P - 1),
                          expect_int(g["value"], f"{path}.value", 1, 6),
                          expect_int(g["count"], f"{path}.count", 1, DICE),
                          expect_int(g["stamp"], f"{path}.stamp", 1, o.stamp)))
        o.cas = tuple(o.cas)
        o.forum = []
        for i, pair in enumerate(expect_list(d["forum"], "forum", max_length=o.slots)):
            expect_list(pair, f"forum[{i}]", 2)
            o.forum.append((expect_int(pair[0], f"forum[{i}][0]", 1, 6), expect_int(pair[1], f"forum[{i}][1]", 0, P - 1)))
        require([v for v, _ in o.forum] == sorted(v for v, _ in o.forum), "forum", "dice ordered by value, lowest left")
        o.forum = tuple(o.forum)
        o.prov_shown = _tiles(d["provinces_shown"], "provinces_shown", PROV_INDEX)
        o.pat_shown = _tiles(d["patricians_shown"], "patricians_shown", PAT_INDEX)
        o.queue = tuple(expect_int(q, f"reward_queue[{i}]", 0, P - 1) for i, q in enumerate(expect_list(d["reward_queue"], "reward_queue")))
        o.offer = _tiles(d["senate_offer"], "senate_offer", SENATE_INDEX, exact_case=True)
        o.prov_supply = tuple(sorted(_tiles(d["province_supply"], "province_supply", PROV_INDEX)))
        o.pat_supply = tuple(sorted(_tiles(d["patrician_supply"], "patrician_supply", PAT_INDEX)))
        o.pat_removed = tuple(sorted(_tiles(d["patricians_removed"], "patricians_removed", PAT_INDEX)))
        o.aside_prov = tuple(sorted(_tiles(d["provinces_aside"], "provinces_aside", PROV_INDEX)))
        o.aside_pat = tuple(sorted(_tiles(d["patricians_aside"], "patricians_aside", PAT_INDEX)))
        o.deck = _tiles(d["senate_deck"], "senate_deck", SENATE_INDEX, exact_case=True)
        o.under = expect_int(d["senate_under"], "senate_under", 0, len(o.deck))
        o.senate_out = _tiles(d["senate_out"], "senate_out", SENATE_INDEX, exact_case=True)
        o.fpile = tuple(expect_int(n, f"fortune_pile[{i}]", 0, MOST) for i, n in
                        enumerate(expect_list(d["fortune_pile"], "fortune_pile", len(FORTUNE_VALUES))))
        o.fdisc = tuple(expect_int(n, f"fortune_discard[{i}]", 0, MOST) for i, n in
                        enumerate(expect_list(d["fortune_discard"], "fortune_discard", len(FORTUNE_VALUES))))
        o.chance = ChanceStream.from_json(d["chance"])
        require(len(o.pat_removed) == removed, "patricians_removed", f"{removed} tiles at {P} players")
        _check_position(o)
        o.start = copy.deepcopy(d)  # checked (so not deeply nested): a record replays from this position
        return o

    # -- text --------------------------------------------------------------------------------
    def summary(self) -> str:
        """Short text: set and decision, the buildings' dice, each player's holdings."""
        if self.is_over:
            lines = ["game over"]
        else:
            what = f"roll {''.join(map(str, self.hand))}" if self.step in ("turn", "dice") else "reward"
            lines = [f"set {self.set_no}/{self.nsets} {self.step}: player {self.player} ({what})"]
            if self.templum:
                lines.append("Templum: " + " ".join(f"p{p}:{''.join(map(str, d))}" for p, d in enumerate(self.tem) if d)
                             + (f" (leader p{self.tem_leader})" if self.tem_leader >= 0 else ""))
            lines.append("Senatus: " + " ".join(f"p{p}:{''.join(map(str, d))}" for p, d in enumerate(self.sen) if d))
            lines.append("Castrum: " + " ".join(f"p{q}:{v}x{c}" for q, v, c, _ in self.cas)
                         + " | provinces " + ", ".join(PROV_LABELS[t] for t in self.prov_shown))
            lines.append("Forum: " + " ".join(f"{v}p{q}" for v, q in self.forum)
                         + " | patricians " + ", ".join(PAT_LABELS[t] for t in self.pat_shown))
        for p in range(self.nplayers):
            lines.append(f"p{p}: free {self.free[p]} latrina {self.lat[p]} chips {self.chips[p]}"
                         f" fortune {sum(self.fortune[p])} cards {','.join(SENATE[c].name for c in self.cards[p])}"
                         f" provinces {','.join(PROV_LABELS[t] for t in self.provs[p])}"
                         f" patricians {','.join(PAT_LABELS[t] for t in self.pats[p])}")
        return "\n".join(lines)

    def __repr__(self):
        return f"<AleaState {self.nplayers}p set {self.set_no} {self.step} player {self.to_move}>"

    def _repr_svg_(self):
        from boardlab.alea.render import state_svg
        return state_svg(self)


# -- field readers ---------------------------------------------------------------------------------
def _dice(value, path, most) -> list:
    expect_list(value, path, max_length=most)
    return [expect_int(v, f"{path}[{i}]", 1, 6) for i, v in enumerate(value)]


def _fortune(value, path) -> tuple:
    expect_list(value, path)
    out = [expect_choice(v, f"{path}[{i}]", FORTUNE_VALUES) for i, v in enumerate(value)]
    require(out == sorted(out), path, "values in ascending order")
    return tuple(out)


def _tiles(value, path, index, exact_case=False) -> tuple:
    expect_list(value, path)
    out = []
    for i, lab in enumerate(value):
        key = lab if exact_case or type(lab) is not str else lab.lower()
        if type(lab) is not str or key not in index:
            expect_choice(lab, f"{path}[{i}]", sorted(index))
        out.append(index[key])
    return tuple(out)


# -- consistency -----------------------------------------------------------------------------------
def _check_position(o: AleaState) -> None:
    """Conservation of dice, tiles, cards and fortune tiles, and the facts each step needs."""
    P = o.nplayers
    over = o.step == "over"
    for p in range(P):
        placed = len(o.tem[p]) + len(o.sen[p]) + sum(g[2] for g in o.cas if g[0] == p)
        placed += sum(1 for _, q in o.forum if q == p) + o.lat[p] + o.free[p]
        require(placed == (0 if over else DICE), f"players[{p}]",
                f"{0 if over else DICE} dice in all (free + Templum + Senatus + Castrum + Forum + Latrina), found {placed}")
    if o.step in ("turn", "dice"):
        require(len(o.hand) == o.free[o.player] > 0, "hand", f"the {o.free[o.player]} free dice of player {o.player}")
    else:
        require(not o.hand, "hand", "no dice outside a turn")
    require(o.step == "senate" or not o.offer, "senate_offer", "cards only while the Senatus pays out")
    require(o.step in ("senate", "castrum", "forum") or not o.queue, "reward_queue", "empty outside the rewards")
    require(o.step not in ("senate", "castrum", "forum") or o.player >= 0, "player", "the player choosing")
    _check_reward_step(o)
    groups = [(g[0], g[1]) for g in o.cas]
    require(len(set(groups)) == len(groups), "castrum", "at most one group per player and value")
    require(o.tem_leader < 0 or bool(o.tem[o.tem_leader]), "templum_leader", "a player with dice in the Templum")
    require(o.templum or not any(o.tem), "players", "no Templum dice when the Templum is out of the game")
    expect_counts((t for part in (o.prov_supply, o.prov_shown, o.aside_prov, *o.provs) for t in part),
                  Counter(range(NPROV)), "province tiles",
                  "province_supply, provinces_shown, provinces_aside, players[].provinces")
    expect_counts((PAT_LABELS[t] for part in (o.pat_supply, o.pat_shown, o.aside_pat, o.pat_removed, *o.pats)
                   for t in part), Counter(PAT_LABELS[t] for t in range(NPAT)),
                  "patrician tiles", "patrician_supply, patricians_shown, patricians_aside, patricians_removed, "
                  "players[].patricians")
    expect_counts((SENATE[c].name for part in (o.deck, o.offer, o.senate_out, *o.cards) for c in part),
                  Counter(SENATE[c].name for c in senate_deck(o.templum, o.game.senate_deck)),
                  "senate cards", "senate_deck, senate_offer, senate_out, players[].senate_cards")
    fortune = Counter()
    for i, v in enumerate(FORTUNE_VALUES):
        fortune[v] += o.fpile[i] + o.fdisc[i]
    for p in range(P):
        fortune.update(o.drawn[p] + o.fortune[p])
    expect_counts(fortune.elements(), Counter(FORTUNE_COUNTS) if o.templum else Counter(), "fortune tiles",
                  "fortune_pile, fortune_discard, players[].drawn, players[].fortune")


#: a reward step -> the field of what is shown to choose from (a choice is asked only between two
#: or more different cards or tiles; a single one is handed out without asking)
REWARD_SHOWN = {"senate": "senate_offer", "castrum": "provinces_shown", "forum": "patricians_shown"}


def _check_reward_step(o: AleaState) -> None:
    """A reward step asks the player at the head of its building's payout a real choice."""
    if o.step not in REWARD_SHOWN:
        return
    shown = {"senate": o.offer, "castrum": o.prov_shown, "forum": o.pat_shown}[o.step]
    require(len(set(shown)) >= 2, REWARD_SHOWN[o.step],
            f"two or more different items to choose from at step {o.step!r}")
    if o.step == "senate":  # the Senatus pays from the head of its queue (the others pop theirs)
        require(bool(o.queue) and o.queue[0] == o.player, "reward_queue",
                f"the player choosing ({o.player}) first at step 'senate'")


def invariants(st: AleaState) -> None:
    """Game invariants for the conformance harness (AssertionError naming what is wrong)."""
    try:
        _check_position(st)
    except InvalidPosition as exc:
        raise AssertionError(str(exc)) from exc
    assert all(c >= 0 for c in st.chips), f"negative chips {st.chips}"
    assert st.is_over == (st.step == "over"), "is_over out of step with the step"
    assert len(st.forum) <= st.slots, "the Forum holds more dice than columns"
    for p, s in enumerate(st.sen):
        assert not s or list(s) == list(range(s[0], s[-1] + 1)), f"player {p}'s Senatus dice are no straight"


_new_state = object.__new__


def _attribute_copier(names):
    """A function ``copy(a, b)`` doing ``b.name = a.name`` for each of ``names``, written out (a
    getattr/setattr loop over the names took 2.3 µs instead of 0.3; ``copy`` is on the search's hot path)."""
    source = "def copy(a, b):\n" + "".join(f"    b.{name} = a.{name}\n" for name in names)
    namespace = {}
    exec(source, namespace)
    return namespace["copy"]


#: the position's slots and the core's two position attributes (``copy`` sets the others)
_copy_slots = _attribute_copier(("game", "_legal") + _SLOTS)


def new_state(game, seed: int, chance: int) -> AleaState:
    """A new game from ``seed`` (chance stream version ``chance``): a bare state laid out by the rules."""
    st = AleaState.__new__(AleaState)
    AleaState.__init__(st, game, seed)
    return rules.set_up(st, game, seed, chance)
