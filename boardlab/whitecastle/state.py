"""The White Castle game state: its data, setup, JSON form, copies and summary.

The forward model (legal options and their effects) lives in rules.py; final scoring in
scoring.py. JSON form: see ``to_json`` (documented in RULES.md, "JSON form").
"""

from __future__ import annotations

import copy

from boardlab.core import ChanceStream, State
from boardlab.core.errors import InvalidPosition, brief
from boardlab.core.game import require
from boardlab.whitecastle import components as C
from boardlab.whitecastle import rules as R
from boardlab.whitecastle.actions import OUTSIDE, ROOMS, WELL, Action, garden_name, room_floor
from boardlab.whitecastle.dice import COLOURS

GOODS = ("food", "iron", "pearl", "coin", "seal", "cp")


class Player:
    """One clan: goods, Passage of Time, workers, action card, lantern area.

    Copy-on-write: a state's copy shares its Player objects with the original. ``writer`` is the
    token of the one state that may change this object in place; the rules change a player only
    through ``Rules._player(seat)``, which first copies a player another state may still see."""

    __slots__ = ("goods", "time", "time_stamp", "home", "court", "card", "lantern", "lantern_tasks", "warriors",
                 "rows_used", "writer")

    def __init__(self, writer: object = None):
        self.writer = writer
        self.goods = dict.fromkeys(GOODS, 0)
        self.time = 0
        self.time_stamp = 0  # higher = placed later = on top of a shared space
        self.home = [5, 5, 5]  # courtiers, gardeners, warriors still on the domain board
        self.court = [0, 0, 0, 0]  # courtiers at the gate, floor 1, floor 2, floor 3
        self.card = ""
        self.lantern: list[str] = []
        # the lantern's rewards as tasks (rules.lantern_tasks): kept with the cards by
        # rules.to_lantern, so a lantern reward is one look-up (it comes with every left-end die)
        self.lantern_tasks: tuple = ()
        self.warriors = [0, 0, 0]  # per training yard
        self.rows_used = [False, False, False]  # domain rows that took a die this round

    def copy(self, writer: object = None) -> Player:
        p = Player.__new__(Player)
        p.writer = writer
        p.goods = dict(self.goods)
        p.time, p.time_stamp, p.card = self.time, self.time_stamp, self.card
        p.home, p.court, p.lantern = list(self.home), list(self.court), list(self.lantern)
        p.lantern_tasks = self.lantern_tasks
        p.warriors, p.rows_used = list(self.warriors), list(self.rows_used)
        return p

    def to_json(self) -> dict:
        return {"goods": dict(self.goods), "time": self.time, "time_stamp": self.time_stamp,
                "home": dict(zip(C.WORKERS, self.home)), "court": list(self.court), "card": self.card,
                "lantern": list(self.lantern), "warriors": list(self.warriors), "rows_used": list(self.rows_used)}

    @classmethod
    def from_json(cls, d: dict, writer: object = None) -> Player:
        p = cls(writer)
        p.goods = {k: d["goods"][k] for k in GOODS}
        p.time, p.time_stamp, p.card = d["time"], d["time_stamp"], d["card"]
        p.home = [d["home"][w] for w in C.WORKERS]
        p.court, p.lantern = list(d["court"]), list(d["lantern"])
        p.lantern_tasks = R.lantern_tasks(p.lantern)
        p.warriors, p.rows_used = list(d["warriors"]), list(d["rows_used"])
        return p


class WhiteCastleState(R.Rules, State):
    """Copies share structure: every container the rules change is either immutable (tuples,
    replaced when they change: bridges, gardeners, room cards, decks' cards, ...) or copied by
    ``_copy_position`` (the task stack, the two small dicts of tuples); players are copy-on-write
    (see ``Player``)."""

    # ------------------------------------------------------------------ setup
    @classmethod
    def new_game(cls, game, seed: int, chance: int) -> WhiteCastleState:
        s = cls(game, seed)
        s.chance = ChanceStream(seed, version=chance)
        rng = s.chance.next_rng()
        n = game.players
        seats = game.seats  # the solo game seats the rival too
        s._writer = object()
        s.players = [Player(s._writer) for _ in range(seats)]
        s.order = tuple(rng.sample(range(seats), seats))
        # Influence markers start stacked on 0; the first player's on top (assumed, see RULES.md).
        for depth, p in enumerate(s.order):
            s.players[p].time_stamp = -depth
        s.time_clock = 1
        s.round = 1
        decks = {d: C.deck(d, seats) for d in ("steward", "diplomat")}  # solo: the 2-player decks
        room_cards = [decks["steward"].pop(rng.randrange(len(decks["steward"]))) for _ in range(3)]
        room_cards += [decks["diplomat"].pop(rng.randrange(len(decks["diplomat"]))) for _ in range(2)]
        s.decks = {d: tuple(cards) for d, cards in decks.items()}
        s.room_cards = tuple(room_cards)
        s.daimyo = rng.choice(sorted(C.daimyo_cards()))
        s.daimyo_slots = (None, None, None)
        room_tiles, s.well_tiles = _lay_die_tiles(rng)
        s.room_tiles = tuple(room_tiles)
        s._colour_spaces = R.colour_spaces(s.room_tiles)
        s._room_blocks, s._well_tasks = R.room_blocks(s.room_tiles), R.well_tasks(s.well_tiles)
        plants = [g.number for g in C.gardens(game.printing).values() if g.kind == "plant"]
        stones = [g.number for g in C.gardens(game.printing).values() if g.kind == "stone"]
        rng.shuffle(plants)
        rng.shuffle(stones)
        s.garden_cards = tuple(plants[i // 2] if i % 2 == 0 else stones[i // 2] for i in range(6))
        s.gardeners = ((),) * 6
        tiles = rng.sample(sorted({t for t, _ in C.yard_tiles(game.printing)}), sum(len(y[2]) for y in C.yards()))
        yard_tiles, k = [], 0
        for _, _, faces in C.yards():
            yard_tiles.append(tuple((tiles[k + i], face) for i, face in enumerate(faces)))
            k += len(faces)
        s.yard_tiles = tuple(yard_tiles)
        s.space_dice = {sp: () for sp in ROOMS + OUTSIDE + (WELL,)}
        # Seed: the dice are rolled and laid on the bridges during setup, so the clans see round
        # 1's dice while they draft their starting pairs (the next chance event after the setup
        # shuffles, as when they were rolled after the draft: seeded games keep their dice).
        s._roll_bridges()
        s.held = None
        s.activations = ()
        # Starting draft: players + 1 resource cards, each paired with a random action card;
        # players pick in reverse turn order.
        dealt = n + 1 if n > 1 else 1  # solo: one pair dealt at random, no draft
        resource_cards = rng.sample(sorted(C.starting_resources()), dealt)
        action_cards = rng.sample([d for d in C.START_DESIGNS for _ in range(C.START_COPIES)], dealt)
        s.offer = tuple(sorted(zip(resource_cards, action_cards)))
        s.phase = "draft"
        s.is_over = False  # on the instance: a failed action's restore (core _restore) copies it back
        s.drafted = 0
        s.turn = 0
        s.actor = s.order[n - 1] if n > 1 else 0
        s.queue = [("pair",)]
        s.decision = None
        if game.rival_seat is not None:
            from boardlab.whitecastle import solo

            solo.setup(s)
        s._run()
        return s

    # ------------------------------------------------------------------ contract
    @property
    def to_move(self):
        return None if self.phase == "over" else self.actor

    #: True once the game is over (phase "over"): a plain attribute, asked at every decision;
    #: ``Rules._end_round`` and ``from_json`` set it
    is_over = False

    def _generate_legal(self):
        return list(self._legal or ())

    def _why_illegal(self, action):
        from boardlab.whitecastle.actions import malformed
        from boardlab.whitecastle.explain import why_illegal

        problem = malformed(action)
        if problem is not None:  # checked first: the explanations read the action's fields
            return ("action form", "{problem}", dict(problem=problem, action=brief(action)))
        return why_illegal(self, action)

    def score_sheet(self):
        from boardlab.whitecastle.scoring import score_sheet

        return score_sheet(self)

    def ranks(self):
        from boardlab.whitecastle.scoring import ranks

        return ranks(self)

    def margins(self):
        """Alone against the Tokugawa rival, the margin is the player's total minus the rival's."""
        if self.game.players == 1:
            from boardlab.whitecastle.solo import rival_sheet

            return {0: float(self.score_sheet()[0]["total"] - rival_sheet(self)["total"])}
        return super().margins()

    def win_shares(self):
        """Alone against the rival, the player wins or loses (see ``solo.human_wins``)."""
        if self.game.players == 1:
            from boardlab.whitecastle.solo import human_wins

            return {0: 1.0 if human_wins(self) else 0.0}
        return super().win_shares()

    def _copy_position(self) -> WhiteCastleState:
        """Every attribute is shared (immutable values) except the few mutable ones copied here.
        The players are shared copy-on-write: both states get a new writer token, so neither
        changes a shared Player in place (``Rules._player`` copies it first)."""
        s = WhiteCastleState.__new__(WhiteCastleState)
        s.__dict__ = self.__dict__.copy()
        self._writer = object()
        s._writer = object()
        s.chance = self.chance.copy()
        s.players = list(self.players)
        s.queue = list(self.queue)
        s.space_dice = dict(self.space_dice)  # tuples inside
        s.decks = dict(self.decks)  # tuples inside
        if self.game.rival_seat is not None:
            s.rival_deck, s.rival_row, s.rival_log = list(self.rival_deck), list(self.rival_row), list(self.rival_log)
        return s

    # ------------------------------------------------------------------ JSON form
    def to_json(self) -> dict:
        data = {
            "game": "whitecastle",
            "players": [p.to_json() for p in self.players],
            "order": list(self.order),
            "round": self.round,
            "phase": self.phase,
            "drafted": self.drafted,
            "turn": self.turn,
            "actor": self.actor,
            "bridges": {c: list(b) for c, b in zip(COLOURS, self.bridges)},
            "held": None if self.held is None else {"colour": COLOURS[self.held[0]], "pips": self.held[1],
                                                    "end": "left" if self.held[2] == 0 else "right"},
            "space_dice": {k: list(v) for k, v in self.space_dice.items()},
            "rooms": [{"card": c, "tiles": list(t)} for c, t in zip(self.room_cards, self.room_tiles)],
            "decks": {k: list(v) for k, v in self.decks.items()},
            "daimyo": {"card": self.daimyo, "slots": list(self.daimyo_slots)},
            "gardens": [{"card": c, "gardeners": list(g)} for c, g in zip(self.garden_cards, self.gardeners)],
            "yards": [[{"tile": t, "face": f} for t, f in y] for y in self.yard_tiles],
            "well_tiles": [{"colour": c, "reward": _effects_text(r)} for c, r in self.well_tiles],
            "offer": [{"resource_card": r, "action_card": d} for r, d in self.offer],
            "activations": [list(a) for a in self.activations],
            "time_clock": self.time_clock,
            "queue": [_to_list(t) for t in self.queue],
            "decision": None if self.decision is None else _to_list(self.decision),
            "chance": self.chance.to_json(),
        }
        if self.game.rival_seat is not None:
            from boardlab.whitecastle import solo

            data["rival"] = solo.to_json(self)
        return data

    @classmethod
    def from_json(cls, game, data: dict) -> WhiteCastleState:
        from boardlab.whitecastle.validate import check_position

        check_position(game, data)
        data = copy.deepcopy(data)  # the caller may edit its dict afterwards: the state and record must not change
        s = cls(game, None, start=data)
        s._writer = object()
        s.players = [Player.from_json(p, s._writer) for p in data["players"]]
        s.order = tuple(data["order"])
        s.round, s.phase, s.drafted, s.turn, s.actor = (data[k] for k in ("round", "phase", "drafted", "turn", "actor"))
        s.is_over = s.phase == "over"
        s.bridges = tuple(tuple(data["bridges"][c]) for c in COLOURS)
        h = data["held"]
        s.held = None if h is None else (COLOURS.index(h["colour"]), h["pips"], 0 if h["end"] == "left" else 1)
        s.space_dice = {k: tuple(data["space_dice"][k]) for k in ROOMS + OUTSIDE + (WELL,)}
        s.room_cards = tuple(r["card"] for r in data["rooms"])
        s.room_tiles = tuple(tuple(r["tiles"]) for r in data["rooms"])
        s._colour_spaces = R.colour_spaces(s.room_tiles)
        s._room_blocks = R.room_blocks(s.room_tiles)
        s.decks = {k: tuple(data["decks"][k]) for k in ("steward", "diplomat")}
        s.daimyo = data["daimyo"]["card"]
        s.daimyo_slots = tuple(data["daimyo"]["slots"])
        s.garden_cards = tuple(g["card"] for g in data["gardens"])
        s.gardeners = tuple(tuple(sorted(g["gardeners"])) for g in data["gardens"])
        s.yard_tiles = tuple(tuple((t["tile"], t["face"]) for t in y) for y in data["yards"])
        s.well_tiles = tuple((w["colour"], C.parse_effects(w["reward"])) for w in data["well_tiles"])
        s._well_tasks = R.well_tasks(s.well_tiles)
        s.offer = tuple((o["resource_card"], o["action_card"]) for o in data["offer"])
        s.activations = tuple(tuple(a) for a in data["activations"])
        s.time_clock = data["time_clock"]
        s.queue = [_to_tuple(t) for t in data["queue"]]
        s.decision = None if data["decision"] is None else _to_tuple(data["decision"])
        s.chance = ChanceStream.from_json(data["chance"])
        if game.rival_seat is not None:
            from boardlab.whitecastle import solo

            solo.from_json(s, data["rival"])
        if s.decision is not None:
            s.queue.append(s.decision)
        s.decision = None
        s._legal = None
        if s.phase != "over":
            s._run()
            require(s.decision is not None or s.phase == "over",
                    "decision: expected a decision to ask while the game is not over")
            if data["decision"] is None:  # the queued effects ran: what they led to must hold too
                try:
                    check_position(game, s.to_json())
                except InvalidPosition as exc:
                    raise InvalidPosition(f"decision: null runs the queued effects first, and they lead to an "
                                          f"inconsistent position ({exc})") from None
        return s

    # ------------------------------------------------------------------ text
    def summary(self) -> str:
        head = (f"round {self.round} {self.phase}; order {list(self.order)}; to move: {self.to_move}, "
                f"asked {self.describe_decision()}; " + " ".join(f"{c}{list(b)}" for c, b in zip(COLOURS, self.bridges)))
        lines = [head]
        for i, p in enumerate(self.players):
            g = p.goods
            lines.append(
                f"  P{i}: food {g['food']} iron {g['iron']} pearl {g['pearl']} coin {g['coin']} seal {g['seal']} "
                f"cp {g['cp']} time {p.time} home {p.home} court {p.court} yards {p.warriors} card {p.card} "
                f"lantern {len(p.lantern)}")
        if self.game.rival_seat is not None:
            from boardlab.whitecastle import solo

            lines.append(solo.summary_line(self))
        return "\n".join(lines)

    def describe_decision(self) -> str:
        from boardlab.whitecastle.explain import describe_decision

        return describe_decision(self)

    @property
    def rival_last(self) -> tuple | None:
        """Solo: the rival's latest die (colour, pips, end, space, space named, cards turned)."""
        return self.rival_log[-1] if self.rival_log else None

    def gardens_of(self, player: int) -> list[str]:
        return [garden_name(g) for g in range(6) if player in self.gardeners[g]]

    def _repr_html_(self):
        from boardlab.whitecastle.render import state_html

        return state_html(self)


def _lay_die_tiles(rng):
    """Die tiles: one of each colour on the three marked floor-1 spaces (the top row here),
    the other twelve shuffled onto the numbered castle spaces, skipping a tile that would leave
    a room showing a single colour; the last two go beside the Well, reward side up."""
    tiles = list(C.die_tile_rewards())
    rng.shuffle(tiles)
    marked = []
    for colour in COLOURS:
        t = next(t for t in tiles if t[0] == colour)
        tiles.remove(t)
        marked.append(t)
    rng.shuffle(marked)
    rooms = [[marked[r][0]] for r in range(3)] + [[], []]
    slots = [r for r in range(3) for _ in range(2)] + [r for r in (3, 4) for _ in range(2)]
    for r in slots:
        size = 3 if room_floor(r) == 1 else 2
        choice = 0
        if len(rooms[r]) == size - 1 and len(set(rooms[r])) == 1:
            # the last tile of a room must not make it single-coloured
            choice = next((i for i, t in enumerate(tiles) if t[0] != rooms[r][0]), 0)
        rooms[r].append(tiles.pop(choice)[0])
    return [tuple(t) for t in rooms], tuple(tiles)


def _effects_text(effects: tuple) -> str:
    from boardlab.whitecastle.actions import effect_key

    return ";".join(effect_key(e) for e in effects)


def _to_list(x):
    return [_to_list(v) for v in x] if isinstance(x, tuple) else x


def _to_tuple(x):
    return tuple(_to_tuple(v) for v in x) if isinstance(x, list) else x


__all__ = ["WhiteCastleState", "Player", "Action"]
