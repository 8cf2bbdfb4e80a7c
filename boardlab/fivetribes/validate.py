"""Refuse a malformed or inconsistent Five Tribes position (JSON form, see ``state.py``).

``check_position(game, data)`` runs before anything is built. Every refusal is an
``InvalidPosition`` naming the field path and what was expected (``boardlab.core.validate``):

* exact types: a bool is not a number, a float or a string is never an integer, names are
  written as the engine writes them; nothing is coerced;
* ranges: tiles 0..29, players 0..P-1, markers 0..M-1, counts >= 0, camels within the box;
* references between fields: the phase and step, the bid track against the bid order, the play
  order against the track, whose decision it is, the move in progress against the board, the
  pending tribe/tile action against its tile;
* conservation: every meeple, resource card, djinn, camel, palm tree and palace is in exactly
  one place, in the numbers of the box and of the player count.

So a position that loads is one the game's invariants (``state.invariants``) accept and whose
decision has at least one legal option.
"""

from __future__ import annotations

from collections import Counter

from boardlab.core.chance import ChanceStream
from boardlab.core.validate import (
    expect_bool, expect_choice, expect_counts, expect_dict, expect_int, expect_list, expect_permutation,
    expect_str, require, shown,
)
from boardlab.fivetribes import movegen
from boardlab.fivetribes.components import (
    BID_COSTS, CARD_COUNTS, CARD_NAMES, COLOURS, DJINNS, KUMARBI, MEEPLE_COUNTS, NBR, NTILES, TILE_KIND, TILE_SET,
    TILE_TYPE_INDEX, TILE_TYPES, WHITE, YELLOW, ZERO_SLOTS, card_name, const,
)

PHASES = ("bid", "turn", "over")
STEPS = ("bid", "start", "drop", "builders", "kill", "place", "market", "sacred", "sibittis", "end", "over")
#: steps a palm/palace placement or a Sibittis choice returns to when it is done
RETURN_STEPS = ("start", "builders", "kill", "market", "sacred", "end")
#: steps that come after the move, so the move's final tile is known
AFTER_MOVE = ("builders", "kill", "market", "sacred")
NCOL = len(COLOURS)
KEYS = ("phase", "step", "round", "player", "tiles", "meeples", "camels", "palms", "palaces", "bag",
        "palm_supply", "palace_supply", "players", "resource_deck", "resource_row", "resource_discard",
        "djinn_deck", "djinn_row", "djinn_discard", "markers", "bid_order", "bid_next", "track", "play_order",
        "turn_index", "next_bid_order", "move", "pending", "end_camel", "end_no_move", "chance")
PLAYER_KEYS = ("gold", "viziers", "elders", "camels", "cards", "djinns", "powers_used")
MOVE_KEYS = ("start", "pos", "prev", "hand", "path", "orig", "live")
PENDING_KEYS = ("tile", "count", "item", "place", "return", "drawn", "echidna", "iblis")
DJINN_NAMES = tuple(d.name for d in DJINNS)
TILE_LABELS = tuple(t.label for t in TILE_TYPES)
ALL_TILES = (1 << NTILES) - 1
#: bounds far beyond any game, so that an absurd number is refused rather than carried into
#: arithmetic and messages (Python cannot print an int of more than 4300 digits)
MAX_GOLD = 10**6
MAX_ROUND = 10**4


def with_card_names(d):
    """``d`` with each card alias (the first printing's "Slave") read as the card's own name, in the
    players' cards and the resource deck, row and discard; ``d`` itself when it holds none (it is
    never changed). A player naming the same card twice (``Fakir`` and ``Slave``) is refused."""
    if not isinstance(d, dict):
        return d
    lists = {k: [card_name(n) for n in d[k]] for k in ("resource_deck", "resource_row", "resource_discard")
             if isinstance(d.get(k), list) and any(card_name(n) != n for n in d[k])}
    players = d.get("players")
    rows = list(players) if isinstance(players, list) else None
    for p, row in enumerate(rows or ()):
        cards = row.get("cards") if isinstance(row, dict) else None
        if isinstance(cards, dict) and any(card_name(n) != n for n in cards):
            renamed = {}
            for name, n in cards.items():
                require(card_name(name) not in renamed, f"players[{p}].cards",
                        f"each card once: {name!r} is another name of {card_name(name)!r}, which is listed too")
                renamed[card_name(name)] = n
            rows[p] = {**row, "cards": renamed}
    if not lists and rows == players:
        return d
    return {**d, **lists, **({"players": rows} if rows is not None else {})}


def check_position(game, d) -> None:
    """Refuse ``d`` unless it is a consistent position of ``game`` (InvalidPosition)."""
    expect_dict(d, "position", KEYS)
    phase = expect_choice(d["phase"], "phase", PHASES)
    step = expect_choice(d["step"], "step", STEPS)
    if phase == "bid" or step == "bid":
        require(phase == step, "step", f"step 'bid' exactly in phase 'bid' (phase {phase!r}, step {step!r})")
    if phase == "over" or step == "over":
        require(phase == step, "step", f"step 'over' exactly in phase 'over' (phase {phase!r}, step {step!r})")
    expect_int(d["round"], "round", 1, MAX_ROUND)
    _check_board(d)
    _check_players(game, d)
    _check_cards(d)
    _check_djinns(d)
    _check_turn_order(game, d)
    _check_move(game, d)
    _check_meeples(d)
    _check_pending(d)
    _check_end(game, d)
    ChanceStream.from_json(d["chance"])


# -- the board -----------------------------------------------------------------------------------

def _tile_list(value, path: str, lo: int, hi: int) -> list:
    """One integer ``lo..hi`` per tile."""
    expect_list(value, path, NTILES)
    for t, v in enumerate(value):
        expect_int(v, f"{path}[{t}]", lo, hi)
    return value


def _check_board(d) -> None:
    labels = expect_list(d["tiles"], "tiles", NTILES)
    for t, label in enumerate(labels):
        if type(label) is not str or label not in TILE_TYPE_INDEX:
            expect_choice(label, f"tiles[{t}]", TILE_LABELS)
    expect_counts(labels, Counter(TILE_TYPES[k].label for k in TILE_SET), "tiles")
    rows = expect_list(d["meeples"], "meeples", NTILES)
    for t, row in enumerate(rows):
        expect_list(row, f"meeples[{t}]", NCOL)
        for c, v in enumerate(row):
            expect_int(v, f"meeples[{t}][{c}] ({COLOURS[c]})", 0, MEEPLE_COUNTS[c])
    bag = expect_list(d["bag"], "bag", NCOL)
    for c, v in enumerate(bag):
        expect_int(v, f"bag[{c}] ({COLOURS[c]})", 0, MEEPLE_COUNTS[c])
    _tile_list(d["palms"], "palms", 0, const("palms"))
    _tile_list(d["palaces"], "palaces", 0, const("palaces"))
    for key, item, total in (("palm_supply", "palms", const("palms")), ("palace_supply", "palaces", const("palaces"))):
        supply = expect_int(d[key], key, 0, total)
        on_tiles = sum(d[item])
        require(supply + on_tiles == total, key,
                f"{total} {item} in all ({key} + on tiles); found {supply} + {on_tiles}")


def _check_players(game, d) -> None:
    P = game.players
    camels_each = const(f"camels_{P}p")
    players = expect_list(d["players"], "players", P)
    _tile_list(d["camels"], "camels", -1, P - 1)
    for p, row in enumerate(players):
        at = f"players[{p}]"
        expect_dict(row, at, PLAYER_KEYS)
        expect_int(row["gold"], f"{at}.gold", 0, MAX_GOLD)
        expect_int(row["viziers"], f"{at}.viziers", 0, MEEPLE_COUNTS[YELLOW])
        expect_int(row["elders"], f"{at}.elders", 0, MEEPLE_COUNTS[WHITE])
        expect_int(row["camels"], f"{at}.camels", 0, camels_each)
        placed = d["camels"].count(p)
        require(placed + row["camels"] == camels_each, f"{at}.camels",
                f"{camels_each} camels for player {p} in all (on tiles + in supply); found {placed} + {row['camels']}")
        cards = expect_dict(row["cards"], f"{at}.cards", exact=False)
        for name, n in cards.items():
            expect_choice(name, f"{at}.cards (a card name)", CARD_NAMES)
            expect_int(n, f"{at}.cards.{name}", 0, CARD_COUNTS[CARD_NAMES.index(name)])
        djinns = expect_list(row["djinns"], f"{at}.djinns")
        for i, name in enumerate(djinns):
            expect_choice(name, f"{at}.djinns[{i}]", DJINN_NAMES)
        used = expect_list(row["powers_used"], f"{at}.powers_used")
        paid = tuple(n for n in djinns if DJINNS[DJINN_NAMES.index(n)].cost != "none")
        for i, name in enumerate(used):
            expect_choice(name, f"{at}.powers_used[{i}]", paid or ("(a paid djinn the player holds)",))
        require(len(set(used)) == len(used), f"{at}.powers_used", "each djinn at most once")


def _check_meeples(d) -> None:
    """Every meeple of the box on a tile, in the bag, in front of a player or in the mover's hand."""
    hand = d["move"]["hand"] if d["step"] == "drop" else [0] * NCOL  # (checked with the move)
    for c in range(NCOL):
        on_tiles = sum(row[c] for row in d["meeples"])
        held = sum(row["viziers"] for row in d["players"]) if c == YELLOW else \
            sum(row["elders"] for row in d["players"]) if c == WHITE else 0
        total = on_tiles + d["bag"][c] + held + hand[c]
        require(total == MEEPLE_COUNTS[c], "meeples",
                f"{MEEPLE_COUNTS[c]} {COLOURS[c]} meeples in all (on tiles + bag + held + in hand); found "
                f"{on_tiles} + {d['bag'][c]} + {held} + {hand[c]} = {total}")


# -- cards and djinns ----------------------------------------------------------------------------

def _names(value, path: str, names, max_length: int | None = None) -> list:
    expect_list(value, path, max_length=max_length)
    known = frozenset(names)
    for i, name in enumerate(value):
        if type(name) is not str or name not in known:
            expect_choice(name, f"{path}[{i}]", names)  # refuses, listing the names
    return value


def _check_cards(d) -> None:
    found = Counter()
    for key, most in (("resource_deck", None), ("resource_row", const("resource_row")), ("resource_discard", None)):
        found.update(_names(d[key], key, CARD_NAMES, most))
    for row in d["players"]:
        for name, n in row["cards"].items():
            found[name] += n
    expect_counts(found, dict(zip(CARD_NAMES, CARD_COUNTS)), "resource cards")


def _check_djinns(d) -> None:
    found = []
    for key, most in (("djinn_deck", None), ("djinn_row", const("djinn_row")), ("djinn_discard", None)):
        found += _names(d[key], key, DJINN_NAMES, most)
    pending = d["pending"]
    if type(pending) is dict and "drawn" in pending:
        found += _names(pending["drawn"], "pending.drawn", DJINN_NAMES, const("sibittis_draw"))
    for row in d["players"]:
        found += row["djinns"]
    expect_counts(found, Counter(DJINN_NAMES), "djinns")


# -- bid track, play order, whose decision -------------------------------------------------------

def _check_turn_order(game, d) -> None:
    P = game.players
    per = const(f"markers_{P}p")
    M = P * per
    markers = expect_list(d["markers"], "markers", M)
    for i, owner in enumerate(markers):
        expect_int(owner, f"markers[{i}]", 0, P - 1)
    require(Counter(markers) == Counter({p: per for p in range(P)}), "markers",
            f"each player owning {per} of the {M} markers")
    marker_ids = list(range(M))
    for i, m in enumerate(expect_list(d["bid_order"], "bid_order", M)):
        expect_int(m, f"bid_order[{i}]", 0, M - 1)  # (before the permutation check prints the list)
    expect_permutation(d["bid_order"], "bid_order", marker_ids)
    track = expect_list(d["track"], "track", len(BID_COSTS))
    for s, m in enumerate(track):
        expect_int(m, f"track[{s}]", -1, M - 1)
    placed = [m for m in track if m >= 0]
    require(len(set(placed)) == len(placed), "track", "each marker on at most one spot")
    zeros = track[:ZERO_SLOTS]
    filled = sum(m >= 0 for m in zeros)
    require(all(m >= 0 for m in zeros[ZERO_SLOTS - filled:]), "track",
            f"the zero spots filled from the front spot {ZERO_SLOTS - 1} back (a 0 bid pushes earlier ones back)")
    phase = d["phase"]
    by_track = [track[s] for s in range(len(track) - 1, -1, -1) if track[s] >= 0]
    play_order = expect_list(d["play_order"], "play_order")
    next_bid = expect_list(d["next_bid_order"], "next_bid_order")
    if phase == "bid":
        bid_next = expect_int(d["bid_next"], "bid_next", 0, M - 1)
        require(sorted(placed) == sorted(d["bid_order"][:bid_next]), "track",
                f"exactly the markers that have bid (bid_order[:{bid_next}] = {d['bid_order'][:bid_next]}); "
                f"found {placed}")
        require(play_order == [], "play_order", "[] while bidding")
        require(next_bid == [], "next_bid_order", "[] while bidding")
        expect_int(d["turn_index"], "turn_index", 0, 0)
        to_move = markers[d["bid_order"][bid_next]]
    else:
        expect_int(d["bid_next"], "bid_next", M, M)
        require(len(placed) == M, "track", f"all {M} markers placed once the bid is over")
        require(play_order == by_track, "play_order", f"the markers from the highest spot down, {by_track}")
        if phase == "turn":
            turn = expect_int(d["turn_index"], "turn_index", 0, M - 1)
            to_move = markers[play_order[turn]]
        else:
            turn = expect_int(d["turn_index"], "turn_index", M, M)
            to_move = None
        done = play_order[:turn + 1]
        require(next_bid == done, "next_bid_order",
                f"the markers that have begun their action turn, in turn order: {done}")
    player = d["player"]
    if to_move is None:
        require(player is None, "player", f"null once the game is over, got {shown(player)}")
    else:
        expect_int(player, "player", 0, P - 1)
        require(player == to_move, "player", f"{to_move}, the owner of the marker whose decision it is")


# -- the move in progress and the pending action -----------------------------------------------

def _tile(value, path: str, allow_none: bool = False) -> int:
    return expect_int(value, path, -1 if allow_none else 0, NTILES - 1)


def _check_move(game, d) -> None:
    move = d["move"]
    if d["step"] != "drop":
        require(move is None, "move", f"null outside the drop step (step is {d['step']!r})")
        return
    expect_dict(move, "move", MOVE_KEYS)
    start, pos = _tile(move["start"], "move.start"), _tile(move["pos"], "move.pos")
    prev = _tile(move["prev"], "move.prev", allow_none=True)
    hand = expect_list(move["hand"], "move.hand", NCOL)
    for c, v in enumerate(hand):
        expect_int(v, f"move.hand[{c}] ({COLOURS[c]})", 0, MEEPLE_COUNTS[c])
    require(sum(hand) > 0, "move.hand", "at least one meeple in hand during a move")
    path = expect_list(move["path"], "move.path")
    walked = [start]
    for i, t in enumerate(path):
        _tile(t, f"move.path[{i}]")
        require(t in NBR[walked[-1]], f"move.path[{i}]", "a tile orthogonally adjacent to the one before")
        require(len(walked) < 2 or t != walked[-2], f"move.path[{i}]", "no step straight back")
        walked.append(t)
    require(pos == walked[-1], "move.pos", f"the last tile of the walk, {walked[-1]}")
    require(prev == (walked[-2] if len(walked) > 1 else -1), "move.prev",
            f"the tile before move.pos on the walk, {walked[-2] if len(walked) > 1 else -1}")
    for key in ("orig", "live"):
        masks = expect_list(move[key], f"move.{key}", NCOL)
        for c, v in enumerate(masks):
            expect_int(v, f"move.{key}[{c}]", 0, ALL_TILES)
    now = movegen.colour_masks([v for row in d["meeples"] for v in row])
    dropped = 0
    for t in path:
        dropped |= 1 << t
    for c in range(NCOL):
        require(move["live"][c] == now[c], f"move.live[{c}]",
                f"the tiles now holding {COLOURS[c]} ({now[c]}), found {move['live'][c]}")
        require(move["orig"][c] & ~now[c] == 0 and now[c] & ~move["orig"][c] & ~dropped == 0, f"move.orig[{c}]",
                f"the tiles holding {COLOURS[c]} when the move began: those now holding it, less some walked on")
    options = movegen.drop_options(pos, prev, hand, sum(hand), move["orig"], move["live"], game.loop_drops_count)
    require(bool(options), "move", "a move that can still be finished (some next drop leads to a legal end)")


def _check_pending(d) -> None:
    pend = expect_dict(d["pending"], "pending", PENDING_KEYS)
    step = d["step"]
    tile = _tile(pend["tile"], "pending.tile", allow_none=True)
    expect_int(pend["count"], "pending.count", 0, max(MEEPLE_COUNTS))
    require((tile < 0) == (pend["count"] == 0), "pending.count",
            "0 exactly when no move has finished this turn (pending.tile -1)")
    if step in ("bid", "start", "drop", "over"):
        require(tile < 0, "pending.tile", f"-1 before the move has finished (step {step!r})")
    if step in AFTER_MOVE:
        require(tile >= 0, "pending.tile", f"the move's final tile in step {step!r}")
        kind = TILE_KIND[TILE_TYPE_INDEX[d["tiles"][tile]]]
        if step == "market":
            require(kind in ("small market", "large market"), "pending.tile", "a market tile in step 'market'")
        if step == "sacred":
            require(kind == "djinn", "pending.tile", "a Sacred Place in step 'sacred'")
    item = expect_choice(pend["item"], "pending.item", ("", "palm", "palace"))
    place = _tile(pend["place"], "pending.place", allow_none=True)
    require((step == "place") == (item != "") == (place >= 0), "pending.item",
            "a palm or palace and its tile (pending.place) exactly in step 'place'")
    if item:
        supply = "palm_supply" if item == "palm" else "palace_supply"
        require(d[supply] > 0, supply, f"at least 1 while a {item} waits for its tile (step 'place')")
    ret = expect_str(pend["return"], "pending.return")
    if step in ("place", "sibittis"):
        expect_choice(ret, "pending.return", RETURN_STEPS)
    else:
        require(ret == "", "pending.return", f"'' outside the place and sibittis steps (step {step!r})")
    drawn = pend["drawn"]
    require((step == "sibittis") == bool(drawn), "pending.drawn", "the djinns drawn with Sibittis exactly in step 'sibittis'")
    for key in ("echidna", "iblis"):
        flag = expect_bool(pend[key], f"pending.{key}")
        if step in ("bid", "start", "drop", "over"):
            require(not flag, f"pending.{key}", f"false before the move has finished (step {step!r})")


def _check_end(game, d) -> None:
    end_camel = expect_bool(d["end_camel"], "end_camel")
    end_no_move = expect_bool(d["end_no_move"], "end_no_move")
    out = [p for p, row in enumerate(d["players"]) if row["camels"] == 0]
    require(end_camel == bool(out), "end_camel",
            f"true exactly when a player has placed every camel (players out of camels: {out})")
    if d["phase"] == "bid":
        require(not end_camel and not end_no_move, "end_camel",
                "no end of game triggered while bidding (the game ends at the end of the round)")
    if d["phase"] == "over":
        require(end_camel or end_no_move, "end_no_move", "an end of game triggered (end_camel or end_no_move)")
    for p, row in enumerate(d["players"]):
        if DJINNS[KUMARBI].name in row["powers_used"]:
            require(game.kumarbi_per == "round", f"players[{p}].powers_used",
                    "Kumarbi marked as used only with the option kumarbi_per='round'")

