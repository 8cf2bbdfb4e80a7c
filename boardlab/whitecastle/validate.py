"""Refuse an inconsistent White Castle position (JSON form) with a message saying what is wrong."""

from __future__ import annotations

from boardlab.core import InvalidPosition
from boardlab.whitecastle import components as C
from boardlab.whitecastle import rules as R
from boardlab.whitecastle.actions import OUTSIDE, ROOMS, WELL
from boardlab.whitecastle.dice import COLOURS

KEYS = ("players", "order", "round", "phase", "drafted", "turn", "actor", "bridges", "held", "space_dice",
        "rooms", "decks", "daimyo", "gardens", "yards", "well_tiles", "offer", "activations", "time_clock",
        "queue", "decision", "chance")


def fail(message: str):
    raise InvalidPosition(message)


def _int(value, what: str, lo: int | None = None, hi: int | None = None) -> None:
    if not isinstance(value, int) or isinstance(value, bool):
        fail(f"{what} must be an integer, got {value!r}")
    if lo is not None and value < lo or hi is not None and value > hi:
        bounds = f"{lo}..{hi}" if hi is not None else f">= {lo}"
        fail(f"{what} must be in {bounds}, got {value}")


def _die(value, what: str) -> None:
    _int(value, what, 1, 6)


def check_position(game, data) -> None:
    if not isinstance(data, dict):
        fail(f"a position must be a JSON object, got {type(data).__name__}")
    if data.get("game", "whitecastle") != "whitecastle":
        fail(f"this position is for game {data.get('game')!r}, not 'whitecastle'")
    missing = [k for k in KEYS if k not in data]
    if missing:
        fail(f"missing field(s) {missing}")
    n = game.players
    try:
        _check(game, data, n)
    except (KeyError, TypeError, AttributeError, IndexError) as exc:
        fail(f"malformed position ({type(exc).__name__}: {exc})")


def _check(game, data, n) -> None:
    players = data["players"]
    if not isinstance(players, list) or len(players) != n:
        fail(f"'players' must list {n} players for a {n}-player game")
    if sorted(data["order"]) != list(range(n)):
        fail(f"'order' must be a permutation of 0..{n - 1}, got {data['order']}")
    _int(data["round"], "round", 1, R.ROUNDS)
    if data["phase"] not in ("draft", "turn", "roundend", "over"):
        fail(f"phase must be draft, turn, roundend or over, got {data['phase']!r}")
    cards = C.action_cards()
    for i, p in enumerate(players):
        who = f"player {i}"
        for good in ("food", "iron", "pearl", "coin", "seal", "cp"):
            cap = R.CAP[good]
            _int(p["goods"][good], f"{who} {good}", 0, cap)
        _int(p["time"], f"{who} Passage of Time", 0, R.TIME_LAST)
        _int(p["time_stamp"], f"{who} time_stamp")
        court, home = p["court"], p["home"]
        if len(court) != 4:
            fail(f"{who} court must count courtiers at the gate and floors 1-3 (4 numbers), got {court}")
        for level, c in zip(C.LEVELS, court):
            _int(c, f"{who} courtiers at the {level}", 0, 5)
        for w in C.WORKERS:
            _int(home[w], f"{who} {w}s at home", 0, 5)
        if home["courtier"] + sum(court) != 5:
            fail(f"{who} has {home['courtier'] + sum(court)} courtiers in all; each clan has exactly 5")
        placed_gardeners = sum(i in g["gardeners"] for g in data["gardens"])
        if home["gardener"] + placed_gardeners != 5:
            fail(f"{who} has {home['gardener'] + placed_gardeners} gardeners in all; each clan has exactly 5")
        if len(p["warriors"]) != len(C.yards()) or home["warrior"] + sum(p["warriors"]) != 5:
            fail(f"{who} has {home['warrior'] + sum(p['warriors'])} warriors in all; each clan has exactly 5")
        if data["phase"] != "draft" and p["card"] not in cards:
            fail(f"{who} action card {p['card']!r} is not a card of the game")
        for card in p["lantern"]:
            try:
                R.lantern_icon(card)
            except (KeyError, ValueError, IndexError):
                fail(f"{who} lantern card {card!r} is not a card of the game")
        if len(p["rows_used"]) != 3 or not all(isinstance(x, bool) for x in p["rows_used"]):
            fail(f"{who} rows_used must be three booleans")
    bridges = data["bridges"]
    if set(bridges) != set(COLOURS):
        fail(f"bridges must be exactly {list(COLOURS)}; got {sorted(bridges)} (a die of a colour that does not exist?)")
    for colour, dice in bridges.items():
        for d in dice:
            _die(d, f"a {colour} die on the bridge")
        if list(dice) != sorted(dice):
            fail(f"the {colour} bridge must be laid low to high, got {dice}")
        if len(dice) > n + 1:
            fail(f"the {colour} bridge holds {len(dice)} dice; at {n} players it starts with {n + 1}")
    if data["held"] is not None:
        if data["held"].get("colour") not in COLOURS:
            fail(f"the held die has colour {data['held'].get('colour')!r}; colours are {list(COLOURS)}")
        _die(data["held"]["pips"], "the held die")
    cap = 1 if n <= 2 else 2
    for space in ROOMS + OUTSIDE + (WELL,):
        dice = data["space_dice"][space]
        for d in dice:
            _die(d, f"a die on {space}")
        if space != WELL and len(dice) > cap:
            fail(f"{space} holds {len(dice)} dice; at most {cap} at {n} players")
    rooms = data["rooms"]
    if len(rooms) != 5:
        fail("rooms must list the 3 floor-1 and 2 floor-2 rooms")
    for r, room in enumerate(rooms):
        deck = "steward" if r < 3 else "diplomat"
        if not str(room["card"]).startswith(deck + ":") or room["card"] not in cards:
            fail(f"room {ROOMS[r]} must hold a {deck} card, got {room['card']!r}")
        if len(room["tiles"]) != (3 if r < 3 else 2) or any(t not in COLOURS for t in room["tiles"]):
            fail(f"room {ROOMS[r]} tiles must be {3 if r < 3 else 2} of {list(COLOURS)}, got {room['tiles']}")
    daimyo = data["daimyo"]
    if daimyo["card"] not in C.daimyo_cards():
        fail(f"Daimyo card {daimyo['card']!r} does not exist (1-9)")
    if len(daimyo["slots"]) != 3 or any(s is not None and s not in range(n) for s in daimyo["slots"]):
        fail("Daimyo slots must be three entries, each a player index or null")
    gardens = data["gardens"]
    if len(gardens) != 6 or any(g["card"] not in C.gardens(game.printing) for g in gardens):
        fail("gardens must list 6 garden cards (numbers 1-10)")
    if any(len(set(g["gardeners"])) != len(g["gardeners"]) for g in gardens):
        fail("a clan may have only one gardener on each garden card")
    if len(data["yards"]) != len(C.yards()):
        fail(f"yards must list {len(C.yards())} training yards")
    tiles = C.yard_tiles(game.printing)
    for y in data["yards"]:
        for t in y:
            if (t["tile"], t["face"]) not in tiles:
                fail(f"yard tile {t} does not exist")
    _check_progress(data, n)
    _check_cards_unique(data, n)
    _check_dice_count(data, n)
    for i in range(n):
        held = sum(owner == i for owner in daimyo["slots"])
        if held > players[i]["court"][3]:
            fail(f"player {i} holds {held} Daimyo slot(s) but has {players[i]['court'][3]} courtier(s) on floor 3")
    if data["decision"] is not None:
        if not data["decision"] or data["decision"][0] not in R.DECISION_KINDS:
            fail(f"unknown decision {data['decision']!r}")
        _check_task(data["decision"])
    asks_place = data["decision"] == ["place"] or ["place"] in data["queue"]
    if asks_place != (data["held"] is not None):
        fail("a 'place' decision needs a held die, and a held die needs a 'place' decision")
    for task in data["queue"]:
        _check_task(task)


# How many fields each kind of task (a queued effect or a decision) has, itself included.
TASK_SIZES = {**{k: (2,) for k in C.GAINS + ("any",)}, "time": (2, 3), "paid": (4,), "courtier": (3,),
              "tile": (2,), "outside": (2,), "room": (2,), "newblock": (2,), "timegate": (4,), "space": (3,),
              "block": (3,), "row": (2,), "garden_action": (2,)}


def _check_task(task) -> None:
    if not isinstance(task, list) or not task or task[0] not in R.TASK_KINDS:
        fail(f"unknown queued effect or decision {task!r}")
    if len(task) not in TASK_SIZES.get(task[0], (1,)):
        fail(f"the queued effect or decision {task!r} is malformed: {task[0]!r} takes "
             f"{' or '.join(str(n - 1) for n in TASK_SIZES.get(task[0], (1,)))} field(s)")


def _check_progress(data, n) -> None:
    """Who decides, how far the round has got, the draft offer and pending garden activations."""
    phase = data["phase"]
    if phase == "over":
        if data["actor"] is not None or data["round"] != R.ROUNDS:
            fail(f"a finished game is in round {R.ROUNDS} with no actor")
    elif data["actor"] not in range(n):
        fail(f"actor must be a player index 0..{n - 1} while the game goes on, got {data['actor']!r}")
    _int(data["turn"], "turn (dice taken this round)", 0, R.DICE_PER_PLAYER_ROUND * n)
    _int(data["drafted"], "drafted", 0, n)
    _int(data["time_clock"], "time_clock")
    designs = set(C.START_DESIGNS)
    offer = data["offer"]
    if len(offer) > n + 1:
        fail(f"the draft offers {n + 1} starting pairs at {n} players, not {len(offer)}")
    for pair in offer:
        if pair.get("resource_card") not in C.starting_resources() or pair.get("action_card") not in designs:
            fail(f"starting pair {pair} must name a resource card 1-9 and an action card in {sorted(designs)}")
    for g in data["gardens"]:
        for owner in g["gardeners"]:
            if owner not in range(n):
                fail(f"gardener of player {owner!r} on garden card {g['card']}; players are 0..{n - 1}")
    for a in data["activations"]:
        if (not isinstance(a, list) or len(a) != 2 or a[0] not in range(n) or a[1] not in range(6)
                or a[0] not in data["gardens"][a[1]]["gardeners"]):
            fail(f"round-end activation {a} must be [player, garden slot 0-5] of a gardener on that card")
    for w in data["well_tiles"]:
        try:
            C.parse_effects(w["reward"])
        except ValueError as exc:
            fail(f"Well tile reward {w['reward']!r}: {exc}")


def _check_cards_unique(data, n) -> None:
    """Each castle and garden card is in one place, and only cards used at this player count."""
    allowed = set(C.deck("steward", n) + C.deck("diplomat", n))
    castle = data["decks"]["steward"] + data["decks"]["diplomat"] + [r["card"] for r in data["rooms"]]
    castle += [c for p in data["players"] for c in [p["card"], *p["lantern"]] if c.startswith(("steward:", "diplomat:"))]
    for card in castle:
        if card not in allowed:
            fail(f"{card} is not used at {n} players (cards marked for 3+ players stay in the box at 2)")
    twice = sorted({c for c in castle if castle.count(c) > 1})
    if twice:
        fail(f"castle card(s) {twice} appear in more than one place")
    gardens = [g["card"] for g in data["gardens"]]
    if len(set(gardens)) != len(gardens):
        fail(f"a garden card appears in two garden slots: {gardens}")


def _check_dice_count(data, n) -> None:
    """Each clan takes 3 dice a round, so at most 3 x players dice are off the bridges."""
    taken = (sum(len(d) for d in data["space_dice"].values())
             + sum(sum(p["rows_used"]) for p in data["players"]) + (data["held"] is not None))
    if taken > 3 * n:
        fail(f"{taken} dice placed or held; in a round the {n} clans take 3 dice each ({3 * n} in all)")


def invariants(state) -> None:
    """Game invariants checked at every decision by the conformance harness."""
    try:
        check_position(state.game, state.to_json())
    except InvalidPosition as exc:
        raise AssertionError(f"position became inconsistent: {exc}") from exc
    if state.phase in ("turn", "roundend"):
        n = state.game.players
        dice = (sum(len(b) for b in state.bridges) + sum(len(d) for d in state.space_dice.values())
                + sum(sum(p.rows_used) for p in state.players) + (state.held is not None))
        assert dice == 3 * (n + 1), f"{dice} dice in play; a {n}-player game uses {3 * (n + 1)}"
        remaining = sum(len(b) for b in state.bridges)
        assert remaining >= 3, f"only {remaining} dice left on the bridges; a round ends with 3"
    decks = state.decks["steward"] + state.decks["diplomat"]
    in_play = decks + state.room_cards + [c for p in state.players for c in [p.card] + p.lantern
                                          if c.startswith(("steward:", "diplomat:"))]
    assert len(in_play) == len(set(in_play)), "a castle card is in two places at once"
