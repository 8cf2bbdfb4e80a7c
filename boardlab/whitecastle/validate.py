"""Refuse an inconsistent White Castle position (JSON form), naming the field path and what was
expected (see RULES.md, "JSON form").

The checks run in layers, each relying on the one before: the shape and exact type of every
field (``_check_shape``), then the decision and queued effects (``_check_tasks``), then references
between fields and the flow of the game (``_check_progress``), then conservation: every die, castle card, die tile,
yard tile, starting card and worker is in exactly one place and the counts match the player
count (``_check_conservation``). A position that passes is one the game's invariants accept.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

from boardlab.core.chance import ChanceStream
from boardlab.core.validate import (expect_bool, expect_choice, expect_counts, expect_dict, expect_int,
                                    expect_list, expect_permutation, expect_str, fail, require)
from boardlab.whitecastle import components as C
from boardlab.whitecastle import rules as R
from boardlab.whitecastle.actions import OUTSIDE, ROOMS, SPACES, WELL, effect_key, universe
from boardlab.whitecastle.dice import COLOURS

KEYS = ("players", "order", "round", "phase", "drafted", "turn", "actor", "bridges", "held", "space_dice",
        "rooms", "decks", "daimyo", "gardens", "yards", "well_tiles", "offer", "activations", "time_clock",
        "queue", "decision", "chance")
PLAYER_KEYS = ("goods", "time", "time_stamp", "home", "court", "card", "lantern", "warriors", "rows_used")
PHASES = ("draft", "turn", "roundend", "over")
MAIN_SPACES = ROOMS + OUTSIDE + (WELL,)
#: bound for counters the rules leave open (coins, CP, clocks), so every number stays printable
BIG = 10**9


def check_position(game, data) -> None:
    """Raise InvalidPosition (path: expected ...) unless ``data`` is a consistent position of ``game``."""
    solo = game.rival_seat is not None
    _dict(data, "position", KEYS + ("rival",) if solo else KEYS, optional=("game",))
    if "game" in data:
        _choice(data["game"], "game", ("whitecastle",))
    n = game.seats  # the solo game seats the human and the rival (who drafts nothing)
    _check_shape(game, data, n)
    _check_tasks(data, n)
    _check_progress(data, n, drafting=game.players)
    _check_conservation(game, data, n)
    if solo:
        from boardlab.whitecastle import solo as S

        S.check_json(game, data)


# ---------------------------------------------------------------------------- fast paths
# The conformance invariants run these checks at every decision: a value that is right passes
# with one look-up; anything else goes to the core check, which names the path and the expectation.
@cache
def _keyset(keys: tuple) -> frozenset:
    return frozenset(keys)


@cache
def _choiceset(choices: tuple) -> tuple[frozenset, frozenset]:
    return frozenset(choices), frozenset(type(c) for c in choices)


def _dict(value, path: str, keys: tuple, optional: tuple = ()) -> dict:
    if type(value) is dict and not optional and value.keys() == _keyset(keys):
        return value
    return expect_dict(value, path, keys, optional)


def _choice(value, path: str, choices):
    choices = choices if type(choices) is tuple else tuple(choices)
    allowed, types = _choiceset(choices)
    if type(value) in types and value in allowed:
        return value
    return expect_choice(value, path, choices)


# ---------------------------------------------------------------------------- shapes and types
def _check_shape(game, data, n) -> None:
    players = expect_list(data["players"], "players")
    require(len(players) == n, "players", f"{n} players for a {n}-player game, not {len(players)}")
    for i, p in enumerate(players):
        _check_player(p, f"players[{i}]", n)
    for k, seat in enumerate(expect_list(data["order"], "order", n)):  # exact ints first: no huge repr below
        expect_int(seat, f"order[{k}]", 0, n - 1)
    expect_permutation(data["order"], "order", range(n))
    expect_int(data["round"], "round", 1, R.ROUNDS)
    _choice(data["phase"], "phase", PHASES)
    expect_int(data["drafted"], "drafted", 0, n)
    expect_int(data["turn"], "turn", 0, R.DICE_PER_PLAYER_ROUND * n)
    if data["actor"] is not None:
        expect_int(data["actor"], "actor", 0, n - 1)
    _dict(data["bridges"], "bridges", COLOURS)
    for colour in COLOURS:
        dice = expect_list(data["bridges"][colour], f"bridges.{colour}", max_length=n + 1)
        for k, d in enumerate(dice):
            _int(d, "bridges", f".{colour}[{k}]", 1, 6)
        require(dice == sorted(dice), f"bridges.{colour}", f"dice laid low to high, got {dice}")
    held = data["held"]
    if held is not None:
        _dict(held, "held", ("colour", "pips", "end"))
        _choice(held["colour"], "held.colour", COLOURS)
        expect_int(held["pips"], "held.pips", 1, 6)
        _choice(held["end"], "held.end", ("left", "right"))
    _dict(data["space_dice"], "space_dice", MAIN_SPACES)
    cap = R.BOARD["capacity_2p"] if n <= 2 else R.BOARD["capacity_34p"]
    for space in MAIN_SPACES:
        dice = expect_list(data["space_dice"][space], f"space_dice.{space}",
                           max_length=None if space == WELL else cap)
        for k, d in enumerate(dice):
            _int(d, "space_dice", f".{space}[{k}]", 1, 6)
    _check_board(game, data, n)
    expect_int(data["time_clock"], "time_clock", 1, BIG)
    ChanceStream.from_json(data["chance"])


GOOD_CAP = {good: R.CAP[good] if R.CAP[good] is not None else BIG for good in C.GAINS}


def _int(value, path: str, rest: str, lo: int, hi: int) -> None:
    """expect_int, building the field path (``path + rest``) only when the value is refused:
    the conformance invariants run these checks at every decision."""
    if type(value) is not int or not lo <= value <= hi:
        expect_int(value, path + rest, lo, hi)


def _check_player(p, path, n) -> None:
    _dict(p, path, PLAYER_KEYS)
    goods = _dict(p["goods"], f"{path}.goods", C.GAINS)
    for good in C.GAINS:
        _int(goods[good], path, f".goods.{good}", 0, GOOD_CAP[good])
    expect_int(p["time"], f"{path}.time", 0, R.TIME_LAST)
    expect_int(p["time_stamp"], f"{path}.time_stamp", -BIG, BIG)
    home = _dict(p["home"], f"{path}.home", C.WORKERS)
    for w in C.WORKERS:
        _int(home[w], path, f".home.{w}", 0, 5)
    expect_list(p["court"], f"{path}.court", 4)
    for level, c in enumerate(p["court"]):
        _int(c, path, f".court[{level}]", 0, 5)
    require(home["courtier"] + sum(p["court"]) == 5, f"{path}.court",
            f"5 courtiers in all (home + gate + floors 1-3), got {home['courtier'] + sum(p['court'])} courtiers")
    expect_str(p["card"], f"{path}.card")
    require(p["card"] == "" or p["card"] in C.action_cards(), f"{path}.card",
            f"an action card of the game (e.g. 'start:courtier', 'steward:5') or '' before the draft, got {p['card']!r}")
    expect_list(p["lantern"], f"{path}.lantern")
    for k, card in enumerate(p["lantern"]):
        expect_str(card, f"{path}.lantern[{k}]")
        require(_is_lantern_card(card), f"{path}.lantern[{k}]",
                f"a card of the game (resource:1-9, decree:coin/seal/cp or an action card), got {card!r}")
    expect_list(p["warriors"], f"{path}.warriors", len(C.yards()))
    for y, w in enumerate(p["warriors"]):
        _int(w, path, f".warriors[{y}]", 0, 5)
    require(home["warrior"] + sum(p["warriors"]) == 5, f"{path}.warriors",
            f"5 warriors in all (home + yards), got {home['warrior'] + sum(p['warriors'])} warriors")
    expect_list(p["rows_used"], f"{path}.rows_used", 3)
    for r, used in enumerate(p["rows_used"]):
        if type(used) is not bool:
            expect_bool(used, f"{path}.rows_used[{r}]")


def _is_lantern_card(card: str) -> bool:
    kind, _, key = card.partition(":")
    if kind == "resource":
        return key in {str(k) for k in C.starting_resources()}
    if kind == "decree":
        return key in C.decrees()
    return card in C.action_cards()


def _check_board(game, data, n) -> None:
    cards = C.action_cards()
    rooms = expect_list(data["rooms"], "rooms", len(ROOMS))
    for r, room in enumerate(rooms):
        path = f"rooms[{r}]"
        _dict(room, path, ("card", "tiles"))
        deck = "steward" if r < 3 else "diplomat"
        expect_str(room["card"], f"{path}.card")
        require(room["card"] in cards and cards[room["card"]].deck == deck, f"{path}.card",
                f"a {deck} card (room {ROOMS[r]} is on floor {1 if r < 3 else 2}), got {room['card']!r}")
        tiles = expect_list(room["tiles"], f"{path}.tiles", 3 if r < 3 else 2)
        for b, t in enumerate(tiles):
            _choice(t, f"{path}.tiles[{b}]", COLOURS)
    decks = _dict(data["decks"], "decks", ("steward", "diplomat"))
    for name in ("steward", "diplomat"):
        for k, card in enumerate(expect_list(decks[name], f"decks.{name}")):
            expect_str(card, f"decks.{name}[{k}]")
            require(card in cards and cards[card].deck == name, f"decks.{name}[{k}]", f"a {name} card, got {card!r}")
    daimyo = _dict(data["daimyo"], "daimyo", ("card", "slots"))
    _choice(daimyo["card"], "daimyo.card", _numbers(C.daimyo_cards))
    for s, owner in enumerate(expect_list(daimyo["slots"], "daimyo.slots", 3)):
        if owner is not None:
            expect_int(owner, f"daimyo.slots[{s}]", 0, n - 1)
    gardens = C.gardens(game.printing)
    for slot, g in enumerate(expect_list(data["gardens"], "gardens", 6)):
        path = f"gardens[{slot}]"
        _dict(g, path, ("card", "gardeners"))
        _choice(g["card"], f"{path}.card", _garden_numbers(game.printing))
        kind = "plant" if slot % 2 == 0 else "stone"
        require(gardens[g["card"]].kind == kind, f"{path}.card",
                f"a {kind} garden card (each bridge has a plant card, then a stone card), got card {g['card']}")
        owners = expect_list(g["gardeners"], f"{path}.gardeners", max_length=n)
        for k, owner in enumerate(owners):
            expect_int(owner, f"{path}.gardeners[{k}]", 0, n - 1)
        require(len(set(owners)) == len(owners), f"{path}.gardeners",
                f"at most one gardener of each clan on a garden card, got {owners}")
    yard_faces = C.yard_tiles(game.printing)
    yards = expect_list(data["yards"], "yards", len(C.yards()))
    for y, (yard, (_, _, faces)) in enumerate(zip(yards, C.yards())):
        expect_list(yard, f"yards[{y}]", len(faces))
        for k, tile in enumerate(yard):
            path = f"yards[{y}][{k}]"
            _dict(tile, path, ("tile", "face"))
            _choice(tile["tile"], f"{path}.tile", _yard_tile_numbers(game.printing))
            _choice(tile["face"], f"{path}.face", ("blue", "yellow"))
            require((tile["tile"], tile["face"]) in yard_faces, path, f"a yard tile face of the {game.printing} printing")
    for k, w in enumerate(expect_list(data["well_tiles"], "well_tiles", 2)):
        _dict(w, f"well_tiles[{k}]", ("colour", "reward"))
        _choice(w["colour"], f"well_tiles[{k}].colour", COLOURS)
        expect_str(w["reward"], f"well_tiles[{k}].reward")
        _choice(w["reward"], f"well_tiles[{k}].reward", _tile_rewards(w["colour"]))
    offer = expect_list(data["offer"], "offer", max_length=n + 1)
    for k, pair in enumerate(offer):
        _dict(pair, f"offer[{k}]", ("resource_card", "action_card"))
        _choice(pair["resource_card"], f"offer[{k}].resource_card", _numbers(C.starting_resources))
        _choice(pair["action_card"], f"offer[{k}].action_card", C.START_DESIGNS)
    for k, a in enumerate(expect_list(data["activations"], "activations")):
        expect_list(a, f"activations[{k}]", 2)
        expect_int(a[0], f"activations[{k}][0]", 0, n - 1)
        expect_int(a[1], f"activations[{k}][1]", 0, 5)


def effect_key_text(effects: tuple) -> str:
    return ";".join(effect_key(e) for e in effects)


@cache
def _numbers(table) -> tuple:
    return tuple(sorted(table()))


_DECISION_KINDS = tuple(sorted(R.DECISION_KINDS))
_TASK_KINDS = tuple(sorted(R.TASK_KINDS))


@cache
def _garden_numbers(printing: str) -> tuple:
    return tuple(sorted(C.gardens(printing)))


@cache
def _yard_tile_numbers(printing: str) -> tuple:
    return tuple(sorted({t for t, _ in C.yard_tiles(printing)}))


@cache
def _tile_rewards(colour: str) -> tuple:
    return tuple(sorted({effect_key_text(r) for c, r in C.die_tile_rewards() if c == colour}))


@cache
def _paid_keys() -> frozenset:
    return frozenset(a.x for a in universe() if a.kind == "pay")


# ---------------------------------------------------------------------------- the flow of the game
def _check_progress(data, n, drafting: int) -> None:
    """Phase, round, turn, actor and draft agree with each other (the order of a game).
    ``drafting`` clans take a starting pair: all ``n`` seats, or the human alone in the solo game."""
    if drafting != n:
        _check_solo_draft(data, drafting)
    else:
        _check_draft(data, n)
    _check_turns(data, n)


def _check_draft(data, n) -> None:
    """The starting draft: reverse turn order, one pair per clan, one pair left over."""
    phase, players, held = data["phase"], data["players"], data["held"]
    off_bridges = _dice_off_bridges(data)
    carded = [i for i, p in enumerate(players) if p["card"]]
    if phase == "draft":
        require(data["round"] == 1, "round", "1 during the starting draft")
        require(data["drafted"] < n, "drafted", f"fewer than {n} picks while the draft goes on")
        require(data["turn"] == 0, "turn", "0 during the starting draft")
        require(off_bridges == 0 and held is None, "bridges",
                f"round 1's dice all on the bridges during the starting draft ({n + 1} per colour)")
        picked = [data["order"][n - 1 - k] for k in range(data["drafted"])]
        expected_actor = data["order"][n - 1 - data["drafted"]]
        require(data["actor"] == expected_actor, "actor",
                f"player {expected_actor}: the draft goes in reverse turn order and {data['drafted']} picked")
        mid_pick = data["decision"] != ["pair"]
        require(sorted(carded) == sorted(picked + [expected_actor] * mid_pick), "players",
                "a starting action card for each clan that has picked its pair, and none for the others")
        for i, p in enumerate(players):
            if not p["card"]:
                require(p["lantern"] == [], f"players[{i}].lantern", "empty before the clan picks its starting pair")
        require(len(data["offer"]) == n + 1 - len(carded), "offer",
                f"{n + 1 - len(carded)} starting pairs left ({n + 1} dealt, {len(carded)} taken)")
    else:
        require(data["drafted"] == n, "drafted", f"{n}: the draft is over")
        require(len(carded) == n, "players", "an action card for every clan once the draft is over")
        require(len(data["offer"]) == 1, "offer", f"1 starting pair left over ({n + 1} dealt, {n} taken)")


def _check_turns(data, n) -> None:
    """Turns, round ends and the end of the game."""
    phase, players, held = data["phase"], data["players"], data["held"]
    off_bridges = _dice_off_bridges(data)
    if phase == "turn":
        require(data["turn"] < R.DICE_PER_PLAYER_ROUND * n, "turn",
                f"0 to {R.DICE_PER_PLAYER_ROUND * n - 1}: each of the {n} clans takes 3 dice a round")
        # Each turn so far took a die, and so did the turn being played unless it is yet to take
        # one; a teaching position may have taken more (a short bridge).
        playing = 0 if data["decision"] == ["take"] else 1
        require(playing <= off_bridges, "bridges",
                f"a die off the bridges for the turn being played (its decision {data['decision']} comes after "
                "its die was taken): move one die from a bridge to a space, the Well or 'held', or make the "
                "decision ['take']")
        require(data["turn"] + playing <= off_bridges, "turn",
                f"at most {off_bridges - playing}: {off_bridges} dice are off the bridges this round and each "
                "turn takes one" + (", the turn being played included" if playing else ""))
        require(data["actor"] is not None, "actor", "a player index while the game goes on")
    else:
        require(held is None, "held", f"no die in hand in phase {phase!r}")
    if phase == "roundend":
        require(data["turn"] == R.DICE_PER_PLAYER_ROUND * n, "turn",
                f"{R.DICE_PER_PLAYER_ROUND * n} once every clan has taken its 3 dice")
        require(off_bridges >= R.DICE_PER_PLAYER_ROUND * n, "bridges",
                f"at most 3 dice left on the bridges when a round ends, got {3 * (n + 1) - off_bridges}")
    if phase == "roundend":
        require(data["round"] < R.ROUNDS, "round", f"1 to {R.ROUNDS - 1} at a round end (round {R.ROUNDS} ends the game)")
        require(data["actor"] is not None, "actor", "a player index while the game goes on")
    else:
        require(data["activations"] == [], "activations", "none outside the end of a round")
    if phase == "over":
        require(data["round"] == R.ROUNDS, "round", f"{R.ROUNDS} in a finished game")
        require(data["actor"] is None, "actor", "null in a finished game")
        require(data["decision"] is None and data["queue"] == [], "decision",
                "null and an empty queue in a finished game")
    for k, (player, slot) in enumerate(data["activations"]):
        require(player in data["gardens"][slot]["gardeners"], f"activations[{k}]",
                f"a gardener of player {player} on garden slot {slot}")
        require(len(data["bridges"][COLOURS[slot // 2]]) > 0, f"activations[{k}]",
                f"a die left on the {COLOURS[slot // 2]} bridge above garden slot {slot}")
    require(len({tuple(a) for a in data["activations"]}) == len(data["activations"]), "activations",
            "each gardener activation once")
    stamps = [p["time_stamp"] for p in players]
    require(len(set(stamps)) == len(stamps), "players", f"distinct time_stamp values (markers stack), got {stamps}")
    require(max(stamps) < data["time_clock"], "time_clock",
            f"more than every time_stamp ({max(stamps)}): the clock stamps the next marker to arrive")
    for i in range(n):
        held_slots = sum(owner == i for owner in data["daimyo"]["slots"])
        require(held_slots <= players[i]["court"][3], "daimyo.slots",
                f"at most as many slots of player {i} as courtiers on floor 3 ({players[i]['court'][3]}), "
                f"got {held_slots}")


def _check_solo_draft(data, drafting) -> None:
    """The solo game's draft: the human (seat 0) takes the one pair dealt; the rival takes none."""
    require(data["players"][1]["card"] == "", "players[1].card", "'': the rival has no domain board and no action card")
    carded = [i for i, p in enumerate(data["players"]) if p["card"]]
    if data["phase"] == "draft":
        require(data["drafted"] == 0 and data["actor"] == 0, "drafted",
                "0 with the human (player 0) to take the pair dealt during the solo setup")
        require(data["round"] == 1 and data["turn"] == 0 and _dice_off_bridges(data) == 0, "round",
                "round 1, turn 0, every die on the bridges during the solo setup")
        mid_pick = data["decision"] != ["pair"]
        require(carded == [0] * mid_pick and len(data["offer"]) == 1 - mid_pick, "offer",
                "one starting pair dealt to the human, still on offer until taken")
        return
    require(data["drafted"] == drafting and carded == [0] and data["offer"] == [], "drafted",
            f"{drafting}: the human took the one pair dealt (no pair left over; the rival has no card)")


def _dice_off_bridges(data) -> int:
    """Dice taken from the bridges this round: on main-board spaces, on domain rows, in hand."""
    return (sum(len(d) for d in data["space_dice"].values())
            + sum(sum(p["rows_used"]) for p in data["players"]) + (data["held"] is not None))


# ---------------------------------------------------------------------------- decision and queue
#: the decision kinds (tasks that wait for a choice) and the automatic tasks, with their fields
EFFECT_AMOUNT = tuple(C.GAINS) + ("any",)


def _check_tasks(data, n) -> None:
    decision, queue = data["decision"], expect_list(data["queue"], "queue")
    if decision is not None:
        expect_list(decision, "decision", min_length=1)
        _choice(decision[0], "decision[0]", _DECISION_KINDS)
        _check_task(decision, "decision", data)
    for k, task in enumerate(queue):
        expect_list(task, f"queue[{k}]", min_length=1)
        _choice(task[0], f"queue[{k}][0]", _TASK_KINDS)
        _check_task(task, f"queue[{k}]", data)
        require(task[0] not in ("pair", "take", "timegate"), f"queue[{k}]",
                f"no {task[0]!r} task in the queue: it is only ever the decision asked now")
        require(task[0] != "rival", f"queue[{k}]", "no 'rival' task: the solo rival's turn resolves at once")
    tasks = queue + ([decision] if decision is not None else [])
    places = sum(t[0] == "place" for t in tasks)
    require(places == (data["held"] is not None), "held",
            "a held die exactly when a 'place' task is pending (and at most one)" if places <= 1
            else "one pending 'place' task at most")
    if decision is not None and decision[0] in ("pair", "take"):
        require(queue == [], "queue", f"empty when the decision is {decision[0]!r} (a new pick or turn)")
        phase = "draft" if decision[0] == "pair" else "turn"
        require(data["phase"] == phase, "decision", f"{decision[0]!r} only in phase {phase!r}")
    actor = data["players"][data["actor"]] if data["actor"] is not None else None
    if data["phase"] == "draft" and actor is not None and not actor["card"]:
        require(decision == ["pair"], "decision", "['pair'] for a clan that has not picked its starting pair")
    if decision is not None and decision[0] == "timegate":
        require(actor is not None, "actor", "a player index when a time gate is asked")
        time = actor["time"]
        gate = R.GATES.get(time + 1)
        require(gate == decision[1], "decision[1]",
                f"the seals of the gate in front of the actor's marker (space {time}): "
                + (f"{gate}" if gate else "no gate there"))


def _check_task(task: list, path: str, data) -> None:
    kind, args = task[0], task[1:]
    shape = _TASK_ARGS.get(kind, ())
    sizes = shape if isinstance(shape, set) else {len(shape)}
    if len(args) not in sizes:
        wanted = " or ".join(str(s) for s in sorted(sizes))
        fail(path, f"the task {kind!r} with {wanted} field(s) after its name", task)
    check = _TASK_CHECKS.get(kind)
    if check:
        check(task, path, data)


def _amount(task, path, data):
    expect_int(task[1], f"{path}[1]", 1 if task[0] == "any" else 0, 99)


def _time(task, path, data):
    expect_int(task[1], f"{path}[1]", 0, 99)
    if len(task) == 3:
        expect_bool(task[2], f"{path}[2]")


def _paid(task, path, data):
    keys = _paid_keys()
    try:
        key = effect_key(_to_tuple(task))
    except (TypeError, IndexError, KeyError, ValueError):
        key = None
    if key not in keys:
        fail(path, f"a paid effect printed on a card, one of {sorted(keys)}", task)


def _courtier(task, path, data):
    expect_bool(task[1], f"{path}[1]")
    expect_bool(task[2], f"{path}[2]")


def _outside(task, path, data):
    workers = expect_list(task[1], f"{path}[1]", min_length=1, max_length=3)
    for k, w in enumerate(workers):
        _choice(w, f"{path}[1][{k}]", C.WORKERS)
    require(len(set(workers)) == len(workers), f"{path}[1]", "each worker action once")


def _card_of(deck_kinds):
    def check(task, path, data):
        cards = C.action_cards()
        expect_str(task[1], f"{path}[1]")
        require(task[1] in cards and cards[task[1]].deck in deck_kinds, f"{path}[1]",
                f"a {' or '.join(deck_kinds)} card, got {task[1]!r}")
        if task[0] == "block":
            expect_int(task[2], f"{path}[2]", 0, len(cards[task[1]].blocks) - 1)
    return check


def _timegate(task, path, data):
    _choice(task[1], f"{path}[1]", sorted(set(R.GATES.values())))
    expect_int(task[2], f"{path}[2]", 1, 99)
    expect_bool(task[3], f"{path}[3]")


def _space(task, path, data):
    _choice(task[1], f"{path}[1]", SPACES)
    expect_int(task[2], f"{path}[2]", 0, len(COLOURS) - 1)


def _row(task, path, data):
    expect_int(task[1], f"{path}[1]", 0, 2)
    require(bool(data["players"][data["actor"]]["card"]) if data["actor"] is not None else False, path,
            "an actor holding an action card (a domain row performs its block)")


_TASK_ARGS = {**{k: ("amount",) for k in EFFECT_AMOUNT}, "time": {1, 2}, "paid": ("unit", "amount", "effect"),
              "courtier": ("gate used", "climb used"), "tile": ("colour",), "outside": ("workers",),
              "room": ("floor",), "newblock": ("card",), "timegate": ("seals", "steps", "moved"),
              "space": ("space", "colour"), "block": ("card", "block"), "row": ("row",),
              "garden_action": ("slot",)}
_TASK_CHECKS = {
    **{k: _amount for k in EFFECT_AMOUNT}, "time": _time, "paid": _paid, "courtier": _courtier,
    "tile": lambda t, p, d: _choice(t[1], f"{p}[1]", COLOURS + ("any",)),
    "outside": _outside, "room": lambda t, p, d: _choice(t[1], f"{p}[1]", (1, 2)),
    "newblock": _card_of(("steward", "diplomat")), "block": _card_of(("steward", "diplomat", "start")),
    "timegate": _timegate, "space": _space, "row": _row,
    "garden_action": lambda t, p, d: expect_int(t[1], f"{p}[1]", 0, 5),
}


def _to_tuple(x):
    return tuple(_to_tuple(v) for v in x) if isinstance(x, list) else x


# ---------------------------------------------------------------------------- conservation
def _check_conservation(game, data, n) -> None:
    players = data["players"]
    # Dice: players + 1 of each colour; dice on main-board spaces keep no colour, so colours are
    # checked where they are known (bridges, domain rows, the hand) and the total everywhere.
    for c, colour in enumerate(COLOURS):
        known = (len(data["bridges"][colour]) + sum(p["rows_used"][c] for p in players)
                 + (data["held"] is not None and data["held"]["colour"] == colour))
        require(known <= n + 1, f"bridges.{colour}",
                f"at most {n + 1} {colour} dice in all at {n} players (bridge, domain rows, hand), got {known}")
    total = sum(len(b) for b in data["bridges"].values()) + _dice_off_bridges(data)
    require(total == 3 * (n + 1), "bridges",
            f"{3 * (n + 1)} dice in play at {n} players ({n + 1} per colour) on the bridges, the spaces, "
            f"the domain rows and in hand, got {total}")
    # Castle cards: each card used at this player count in exactly one place.
    castle = data["decks"]["steward"] + data["decks"]["diplomat"] + [r["card"] for r in data["rooms"]]
    castle += [c for p in players for c in [p["card"], *p["lantern"]] if c.startswith(("steward:", "diplomat:"))]
    expect_counts(castle, Counter(C.deck("steward", n) + C.deck("diplomat", n)),
                  f"castle cards at {n} players (decks, rooms, action cards, lantern areas)")
    # Starting resource cards and Decree cards: each in one place at most (the rest stay in the box).
    starting = [f"resource:{o['resource_card']}" for o in data["offer"]]
    starting += [c for p in players for c in p["lantern"] if c.startswith(("resource:", "decree:"))]
    twice = sorted(c for c, k in Counter(starting).items() if k > 1)
    require(not twice, "offer", f"each starting resource card and Decree card in one place at most; twice: {twice}")
    # Die tiles: 5 of each colour on the castle spaces and beside the Well; the two Well tiles differ.
    well = [(w["colour"], w["reward"]) for w in data["well_tiles"]]
    require(well[0] != well[1], "well_tiles", f"two different die tiles, got {well[0]} twice")
    colours = [t for r in data["rooms"] for t in r["tiles"]] + [w["colour"] for w in data["well_tiles"]]
    expect_counts(colours, Counter({c: 5 for c in COLOURS}), "die tiles by colour (castle rooms and the Well)")
    # Yard tiles: each tile in one yard at most.
    tiles = [t["tile"] for y in data["yards"] for t in y]
    require(len(set(tiles)) == len(tiles), "yards", f"each yard tile in one yard at most, got tiles {tiles}")
    # Garden cards: each in one slot.
    gardens = [g["card"] for g in data["gardens"]]
    require(len(set(gardens)) == len(gardens), "gardens", f"each garden card in one slot, got {gardens}")
    # Gardeners: 5 per clan, at home or on garden cards.
    for i, p in enumerate(players):
        placed = sum(i in g["gardeners"] for g in data["gardens"])
        require(p["home"]["gardener"] + placed == 5, f"players[{i}].home.gardener",
                f"5 gardeners in all (home + garden cards), got {p['home']['gardener'] + placed} gardeners")


def invariants(state) -> None:
    """Game invariants checked at every decision by the conformance harness: the position's
    JSON form passes every check above (dice, cards, tiles and workers conserved, fields agree)."""
    from boardlab.core import InvalidPosition

    try:
        check_position(state.game, state.to_json())
    except InvalidPosition as exc:
        raise AssertionError(f"position became inconsistent: {exc}") from exc
