"""Teaching positions: real White Castle positions in their documented JSON form, edited to show
one rule, and the engine's answers about them.

A notebook (or a test) that wants to show a rule starts from :func:`teaching_position`, edits
the dict with the small helpers below (or by hand), and loads it with :func:`load`
(``Game.state_from_json``). The engine then says what is legal and what happens; nothing here
decides a rule. :func:`take_actions` and :func:`take_options` are the engine's legal "take a
die" actions for given bridges, used wherever a table or an exact calculation needs the picks a
player is offered.
"""

from __future__ import annotations

import copy
from functools import cache

from boardlab.whitecastle import components as C
from boardlab.core.registry import game_class
from boardlab.whitecastle.dice import COLOURS
from boardlab.whitecastle.validate import _tile_rewards


def _game(players: int, **options):
    """The White Castle ``Game`` (through the registry: ``game.py`` imports this module for
    ``Game.build_position``, so this module does not import it back)."""
    return game_class("whitecastle")(players=players, **options)


@cache
def _after_draft(players: int, seed: int) -> dict:
    """The JSON form of game ``seed`` at ``players`` players right after the starting draft
    (every pick the first option), i.e. at the first "take a die" of round 1."""
    state = _game(players).new_game(seed=seed)
    while state.phase == "draft":
        state.apply(state.legal_actions()[0])
    return state.to_json()


def teaching_position(players: int = 2, seed: int = 1) -> dict:
    """The JSON form of a clean teaching position: round 1, player 0 to take a die, turn order
    0, 1, 2, ...; every clan has no goods, an empty lantern area, the starting Courtier action
    card, all workers at home and its Passage of Time marker on space 0 (player 0's on top).
    The board (rooms, gardens, bridges, ...) is the one game ``seed`` dealt. Edit the dict and
    load it with :func:`load`; each call returns a new dict."""
    d = copy.deepcopy(_after_draft(players, seed))
    d["order"] = list(range(players))
    d["actor"] = 0
    d["turn"] = 0
    for i, p in enumerate(d["players"]):
        p["goods"] = dict.fromkeys(p["goods"], 0)
        p["lantern"] = []
        p["card"] = "start:courtier"
        p["time"] = 0
        p["time_stamp"] = -i
    d["queue"] = []
    d["held"] = None
    d["decision"] = ["take"]
    # The clock stamps the next marker to arrive above every marker already there; starting it
    # at the player count lets an edit give the markers arrival ranks 0..n-1 (stamps must stay below it).
    d["time_clock"] = max(d["time_clock"], players)
    return d


def load(d: dict, **options):
    """The engine state of position ``d`` after :func:`complete` (the player count is read from
    the position; other ``Game`` options, e.g. ``lone_die_is_left``, as keywords). ``d`` itself
    is not changed. ``Game.state_from_json`` loads a position as it is, or refuses it."""
    d = complete(copy.deepcopy(d))
    return _game(len(d["players"]), **options).state_from_json(d)


def complete(d: dict, report: list | None = None, keep_rooms=None, keep_well: bool | None = None) -> dict:
    """Complete an edited teaching position so that every component is in exactly one place,
    without touching what the edit set (``d`` is changed and returned; each change is a sentence
    appended to ``report`` when one is given):

    * a castle card of this player count found nowhere goes back to the bottom of its deck, unless
      the edit emptied that deck: an emptied deck stays empty (the "no card left to refill" case),
      and the card goes to a lantern area, as if a clan had taken it earlier;
    * dice an edit took off the bridges (a shorter bridge) lie on the Well, where dice never
      change a placement's cost (so does the die of a turn asked a decision before any die is
      placed), and ``turn`` is at most the dice taken this round;
    * die tiles keep 5 of each colour: the Well's two tiles balance first, then the rooms the edit
      did not set (``keep_rooms``: the room indices it set; by default the rooms whose tiles differ
      from the deal of the position's own seed). ``keep_well`` keeps the Well tiles as they are
      (by default when they differ from that deal).

    Anything else inconsistent is left for ``Game.state_from_json`` to refuse."""
    report = [] if report is None else report
    n = len(d["players"])
    dealt = _after_draft(n, d["chance"]["seed"])
    _complete_castle_cards(d, n, dealt, report)
    _complete_dice(d, n, report)
    if keep_rooms is None:
        keep_rooms = [r for r, room in enumerate(d["rooms"]) if room["tiles"] != dealt["rooms"][r]["tiles"]]
    if keep_well is None:
        keep_well = d["well_tiles"] != dealt["well_tiles"]
    _balance_tiles(d, keep_rooms, keep_well, report)
    return d


def _complete_castle_cards(d: dict, n: int, dealt: dict, report: list) -> None:
    placed = set(d["decks"]["steward"]) | set(d["decks"]["diplomat"]) | {r["card"] for r in d["rooms"]}
    placed |= {c for p in d["players"] for c in [p["card"], *p["lantern"]]}
    for name in ("steward", "diplomat"):
        lost = [c for c in C.deck(name, n) if c not in placed]
        if not lost:
            continue
        if d["decks"][name] or not dealt["decks"][name]:
            d["decks"][name] += lost
            report.append(f"The {name} cards {', '.join(lost)} were found nowhere: they go to the bottom of the "
                          f"{name} deck.")
            continue
        for k, c in enumerate(lost):  # the edit emptied this deck: it stays empty
            p = k % n
            d["players"][p]["lantern"].append(c)
            report.append(f"The {name} deck was emptied: {c}, found nowhere else, is in player {p}'s lantern "
                          "area (taken in an earlier round).")


def _complete_dice(d: dict, n: int, report: list) -> None:
    for c, colour in enumerate(COLOURS):  # a die in hand or on a domain row came off its bridge
        known = sum(p["rows_used"][c] for p in d["players"]) + (d["held"] is not None and d["held"]["colour"] == colour)
        excess = len(d["bridges"][colour]) + known - (n + 1)
        if excess > 0 and len(d["bridges"][colour]) >= excess:
            d["bridges"][colour] = list(d["bridges"][colour])[:-excess]
            report.append(f"The {colour} bridge gave up its {excess} right-end dice: that many {colour} dice are "
                          "already on domain rows or in hand.")
    taken = (sum(len(v) for v in d["space_dice"].values()) + (d["held"] is not None)
             + sum(sum(p["rows_used"]) for p in d["players"]))
    on_bridges = sum(len(b) for b in d["bridges"].values())
    missing = 3 * (n + 1) - on_bridges - taken
    if missing > 0:
        d["space_dice"]["WELL"] = list(d["space_dice"]["WELL"]) + [1] * missing
        taken += missing
        report.append(f"{missing} {'die' if missing == 1 else 'dice'} off the bridges put on the Well as 1s (taken "
                      "earlier this round; the Well never changes a placement's cost).")
    held = d["held"]["colour"] if d["held"] is not None else None
    while missing < 0:  # an edit placed dice without taking them: the longest other bridge gives its right end
        colour = max(COLOURS, key=lambda c: (len(d["bridges"][c]) if c != held else -1, c))
        if not d["bridges"][colour]:
            break
        d["bridges"][colour] = list(d["bridges"][colour])[:-1]
        missing += 1
        report.append(f"The {colour} bridge gave up its right-end die: the dice placed this round came off the bridges.")
    if d["phase"] == "turn":
        playing = 0 if (d["decision"] == ["take"] and not d["queue"]) else 1
        if playing > taken:  # a decision inside a turn whose die is not placed: it went to the Well
            colour = max(COLOURS, key=lambda c: (len(d["bridges"][c]), c))
            if d["bridges"][colour]:
                d["bridges"][colour] = list(d["bridges"][colour])[:-1]
                d["space_dice"]["WELL"] = list(d["space_dice"]["WELL"]) + [1]
                taken += 1
                report.append(f"The turn being played took a die before its decision: the {colour} bridge's "
                              "right-end die is on the Well.")
        if d["turn"] + playing > taken:
            turn = max(0, taken - playing)
            report.append(f"turn is {turn}, not {d['turn']}: each turn this round took one of the {taken} dice "
                          "off the bridges.")
            d["turn"] = turn


def _balance_tiles(d: dict, keep_rooms, keep_well: bool, report: list) -> None:
    """5 die tiles of each colour: recolour tiles of a colour found more than 5 times into the
    colours found fewer, the Well's first, then the rooms not kept, in room order."""
    colours = [t for room in d["rooms"] for t in room["tiles"]] + [w["colour"] for w in d["well_tiles"]]
    count = {c: colours.count(c) for c in COLOURS}
    free = [] if keep_well else [("well", k) for k in range(len(d["well_tiles"]))]
    free += [("room", r, b) for r, room in enumerate(d["rooms"]) if r not in keep_rooms for b in range(len(room["tiles"]))]
    for place in free:
        short = [c for c in COLOURS if count[c] < 5]
        colour = d["well_tiles"][place[1]]["colour"] if place[0] == "well" else d["rooms"][place[1]]["tiles"][place[2]]
        if not short or count[colour] <= 5:
            continue
        new = short[0]
        count[colour] -= 1
        count[new] += 1
        if place[0] == "well":
            tile = d["well_tiles"][place[1]]
            tile["colour"] = new
            other = d["well_tiles"][1 - place[1]]
            if (other["colour"], other["reward"]) == (new, tile["reward"]):
                tile["reward"] = next(r for r in _tile_rewards(new) if r != other["reward"])
            report.append(f"Well tile {place[1] + 1} is now {new} ({tile['reward']}), not {colour}: 5 die tiles "
                          "of each colour.")
        else:
            tiles = d["rooms"][place[1]]["tiles"] = list(d["rooms"][place[1]]["tiles"])
            tiles[place[2]] = new
            report.append(f"Room {place[1]}'s tile {place[2] + 1} is now {new}, not {colour}: 5 die tiles of each colour.")


def set_bridges(d: dict, bridges: dict) -> dict:
    """Lay ``bridges`` ({colour: dice}, any order; a colour left out is an empty bridge) on the
    position, each low to high as the rules lay them."""
    unknown = set(bridges) - set(COLOURS)
    if unknown:
        raise ValueError(f"bridges are named {list(COLOURS)}; got {sorted(unknown)}")
    d["bridges"] = {c: sorted(int(x) for x in bridges.get(c, ())) for c in COLOURS}
    return d


def set_room(d: dict, room: int, card: str, tiles) -> dict:
    """Put castle ``card`` with die ``tiles`` in room ``room`` (0-2 floor 1, 3-4 floor 2); the
    card it replaces goes where ``card`` was (its deck or another room)."""
    here = d["rooms"][room]["card"]
    if here != card:
        deck = "steward" if card.startswith("steward:") else "diplomat"
        if card in d["decks"][deck]:
            d["decks"][deck][d["decks"][deck].index(card)] = here
        else:
            other = next(r for r in d["rooms"] if r["card"] == card)
            other["card"] = here
    d["rooms"][room] = {"card": card, "tiles": list(tiles)}
    return d


@cache
def _take_actions(players: int, bridges: tuple, lone_die_is_left: bool) -> tuple:
    # Any bridges, even ones no round could leave (a lone die in all): the engine's own options
    # for a "take a die" decision on a teaching position given those bridges.
    state = load(teaching_position(players), lone_die_is_left=lone_die_is_left)
    state.bridges = tuple(tuple(b) for b in bridges)
    return tuple(sorted(state._opt_take(("take",))))


def take_actions(bridges: dict, *, players: int | None = None, lone_die_is_left: bool = True) -> tuple:
    """The engine's legal "take a die" actions when the bridges hold ``bridges`` ({colour:
    dice}): ``state.legal_actions()`` of a teaching position with those bridges (in the
    engine's order). ``players`` defaults to the fewest players whose bridges can hold them."""
    if set(bridges) - set(COLOURS):
        raise ValueError(f"bridges are named {list(COLOURS)}; got {sorted(set(bridges) - set(COLOURS))}")
    laid = tuple(tuple(sorted(int(x) for x in bridges.get(c, ()))) for c in COLOURS)
    longest = max(len(b) for b in laid)
    players = max(2, longest - 1) if players is None else players
    return _take_actions(players, laid, bool(lone_die_is_left))


@cache
def take_options(counts: tuple[int, ...], players: int, lone_die_is_left: bool = True) -> tuple:
    """The engine's take actions for bridges holding ``counts`` dice (coral, black, white), as
    (bridge index, "left" / "right") pairs: which bridge, and which end the action counts as
    (a bridge's lone last die is one action, at the end the engine's option decides)."""
    bridges = {c: range(1, k + 1) for c, k in zip(COLOURS, counts)}
    return tuple((COLOURS.index(a.x), "left" if a.m == 0 else "right")
                 for a in take_actions(bridges, players=players, lone_die_is_left=lone_die_is_left))




# ---------------------------------------------------------------------------- the builder's hook
#: the fields of a White Castle description (boardlab.core.positions)
FIELDS = {
    "bridges": "{colour: [dice]} the dice on the coral, black and white bridges (a colour left out keeps "
               "its dice); dice no longer on a bridge lie on the Well",
    "rooms": "{room 0-4: {'tiles': [colours], 'card': castle card}} a castle room's die tiles and/or card",
    "well_tiles": "[{'colour', 'reward'}, {'colour', 'reward'}] the two die tiles beside the Well",
    "decks": "{'steward' | 'diplomat': [castle cards]} a castle deck ([] empties it: the cards it held go to "
             "lantern areas)",
    "goods": "{seat: {good: n}} a clan's goods (food, iron, pearl, coin, seal, cp)",
    "lantern": "{seat: [cards]} the cards in a clan's lantern area (e.g. 'resource:1', 'decree:coin')",
    "time": "{seat: space 0-20} a clan's marker on the Passage of Time",
    "time_arrival": "[seats] the order the Passage of Time markers arrived, each seat once (the last is on top "
                    "of a shared space; by default player 0 is on top, then 1, ...)",
    "pending": "what player 0, whose turn it is, resolves now: 'courtier' (a Courtier action: the gate and/or "
               "one climb) or {'time': steps} (its marker moves that many spaces); the turn's die is on the Well",
}


def base(game, seed: int) -> dict:
    """Game ``seed``'s clean teaching position (:func:`teaching_position`)."""
    return teaching_position(game.players, seed)


def fill(game, d: dict, description: dict, report: list) -> None:
    from boardlab.core.positions import PositionRefused, as_dict, as_list, seat

    n = game.players
    for colour, dice in as_dict(description.get("bridges", {}), "bridges", "{colour: [dice]}").items():
        if colour not in COLOURS:
            raise PositionRefused(f"bridges.{colour}", f"the bridges are {', '.join(COLOURS)}")
        dice = as_list(dice, f"bridges.{colour}", "a list of dice 1-6")
        if any(type(v) is not int or not 1 <= v <= 6 for v in dice) or len(dice) > n + 1:
            raise PositionRefused(f"bridges.{colour}", f"at most {n + 1} dice of values 1-6 at {n} players, got {dice!r}")
        d["bridges"][colour] = sorted(dice)
    rooms = as_dict(description.get("rooms", {}), "rooms", "{room index: {'tiles', 'card'}}")
    kept = []
    for key, room in rooms.items():
        r = seat(key, len(d["rooms"]), "rooms")  # a room index, checked like a seat
        room = as_dict(room, f"rooms.{key}", "{'tiles': [colours], 'card': castle card}")
        if set(room) - {"tiles", "card"}:
            raise PositionRefused(f"rooms.{key}", f"a room has 'tiles' and 'card', got {sorted(room)}")
        if "card" in room:
            if room["card"] not in C.deck("steward", n) + C.deck("diplomat", n):
                raise PositionRefused(f"rooms.{key}.card", f"a castle card of the {n}-player game, got {room['card']!r}")
            set_room(d, r, room["card"], d["rooms"][r]["tiles"])
        if "tiles" in room:
            tiles = as_list(room["tiles"], f"rooms.{key}.tiles", "a list of tile colours")
            size = len(d["rooms"][r]["tiles"])
            if len(tiles) != size or any(t not in COLOURS for t in tiles):
                raise PositionRefused(f"rooms.{key}.tiles", f"{size} tile colours among {', '.join(COLOURS)}, got {tiles!r}")
            d["rooms"][r]["tiles"] = list(tiles)
            kept.append(r)
    if "well_tiles" in description:
        d["well_tiles"] = as_list(description["well_tiles"], "well_tiles", "two {'colour', 'reward'} tiles")
    for name, cards in as_dict(description.get("decks", {}), "decks", "{deck name: [cards]}").items():
        if name not in ("steward", "diplomat"):
            raise PositionRefused(f"decks.{name}", "the castle decks are 'steward' and 'diplomat'")
        cards = as_list(cards, f"decks.{name}", "a list of castle cards")
        wrong = [c for c in cards if c not in C.deck(name, n)]
        if wrong:
            raise PositionRefused(f"decks.{name}", f"cards of the {name} deck at {n} players only, got {wrong}")
        elsewhere = [c for c in d["decks"][name] if c not in cards]
        for room in d["rooms"]:
            if room["card"] in cards:
                raise PositionRefused(f"decks.{name}", f"{room['card']} lies in a room; leave it out of the deck "
                                      "or put another card in that room (rooms.<i>.card)")
        if len(set(cards)) != len(cards):
            raise PositionRefused(f"decks.{name}", "each card once")
        for c in cards:  # a described card in a lantern area leaves it for the deck
            for k, p in enumerate(d["players"]):
                if c in p["lantern"]:
                    p["lantern"].remove(c)
                    report.append(f"{c} left player {k}'s lantern area for the described {name} deck.")
        d["decks"][name] = list(cards)
        for k, c in enumerate(elsewhere):  # the deck holds what the description says: the rest were taken
            d["players"][k % n]["lantern"].append(c)
            report.append(f"{c} is not in the described {name} deck: it is in player {k % n}'s lantern area "
                          "(taken in an earlier round).")
    for key, goods in as_dict(description.get("goods", {}), "goods", "{seat: {good: n}}").items():
        p = seat(key, n, "goods")
        for good, k in as_dict(goods, f"goods.{key}", "{good: n}").items():
            if good not in d["players"][p]["goods"] or type(k) is not int or k < 0:
                raise PositionRefused(f"goods.{key}.{good}", f"a count of one of {sorted(d['players'][p]['goods'])}, got {k!r}")
            d["players"][p]["goods"][good] = k
    for key, cards in as_dict(description.get("lantern", {}), "lantern", "{seat: [cards]}").items():
        p = seat(key, n, "lantern")
        d["players"][p]["lantern"] = [str(c) for c in as_list(cards, f"lantern.{key}", "a list of card ids")]
    _fill_time(d, description, report)
    _fill_pending(d, description, report)
    complete(d, report, keep_rooms=kept, keep_well="well_tiles" in description)
    _refuse_unbalanced(d, rooms, report)
    _refuse_what_the_engine_moves_past(game, d, description)


def _fill_time(d: dict, description: dict, report: list) -> None:
    """Markers on their described spaces, stacked in the described arrival order (stamps 0..n-1,
    below the teaching position's clock); without an order, as dealt (player 0 on top)."""
    from boardlab.core.positions import PositionRefused, as_dict, as_list, seat

    players = d["players"]
    n = len(players)
    spaces = as_dict(description.get("time", {}), "time", "{seat: space 0-20}")
    for key, space in spaces.items():
        if type(space) is not int or not 0 <= space <= len(C.time_points()) - 1:
            raise PositionRefused(f"time.{key}", f"a Passage of Time space 0-{len(C.time_points()) - 1}, got {space!r}")
        players[seat(key, n, "time")]["time"] = space
    if "time_arrival" in description:
        arrival = as_list(description["time_arrival"], "time_arrival", "a list of seats")
        if len(arrival) != n or sorted(a for a in arrival if type(a) is int) != list(range(n)):
            raise PositionRefused("time_arrival", f"each of the seats 0-{n - 1} once, got {arrival!r}")
        for rank, p in enumerate(arrival):
            players[p]["time_stamp"] = rank
        return
    moved = {seat(k, n, "time") for k in spaces}
    for space in sorted({players[p]["time"] for p in moved}):
        here = sorted((p for p in range(n) if players[p]["time"] == space), key=lambda p: -players[p]["time_stamp"])
        if len(here) > 1:
            report.append(f"The markers on Passage of Time space {space} stack with player {here[0]} on top, then "
                          f"{', '.join(map(str, here[1:]))} (describe time_arrival to choose).")


def _fill_pending(d: dict, description: dict, report: list) -> None:
    """Player 0's pending Courtier action or Passage of Time move, opened inside its turn; the
    die the turn took lies on the Well (from the longest bridge the description left free)."""
    from boardlab.core.positions import PositionRefused

    if "pending" not in description:
        return
    n = len(d["players"])
    pending = description["pending"]
    steps = pending.get("time") if isinstance(pending, dict) and set(pending) == {"time"} else None
    if d["phase"] != "turn" or d["held"] is not None or d["decision"] != ["take"] or d["queue"]:
        raise PositionRefused("pending", f"a position at the start of a turn (phase 'turn', decision ['take'], no "
                              f"die in hand); this one is in phase {d['phase']!r} at decision {d['decision']!r}")
    if pending == "courtier":
        d["decision"], d["queue"] = ["courtier", False, False], []
    elif type(steps) is int and 1 <= steps <= len(C.time_points()) - 1:
        d["decision"], d["queue"] = None, [["time", steps]]
    else:
        raise PositionRefused("pending", f"'courtier' or {{'time': steps}} with steps 1-{len(C.time_points()) - 1}, "
                              f"got {pending!r}")
    if d["actor"] != 0:
        report.append(f"Player 0 decides, not player {d['actor']}: the pending decision is player 0's.")
        d["actor"] = 0
    if sum(len(b) for b in d["bridges"].values()) < 3 * (n + 1):
        return  # a die is already off the bridges: the turn took it
    free = [c for c in COLOURS if c not in description.get("bridges", {}) and d["bridges"][c]]
    if not free:
        raise PositionRefused("pending", "the turn took a die before this decision, and the described bridges "
                              f"hold all {3 * (n + 1)} dice: describe one bridge with a die fewer (bridges.<colour>)")
    colour = max(free, key=lambda c: (len(d["bridges"][c]), c))
    d["bridges"][colour] = list(d["bridges"][colour])[:-1]
    d["space_dice"]["WELL"] = list(d["space_dice"]["WELL"]) + [1]
    report.append(f"The turn being played took a die before its decision: the {colour} bridge's right-end die is "
                  "on the Well.")


def _refuse_what_the_engine_moves_past(game, d: dict, description: dict) -> None:
    """The engine resolves at once what asks no decision: refuse a description it would move
    past (a Courtier action whose only option is to decline; bridges with no die to take, which
    end the round and roll new dice) rather than hand back a position that changed it."""
    from boardlab.core.errors import InvalidPosition
    from boardlab.core.positions import PositionRefused

    if "pending" not in description and "bridges" not in description:
        return
    try:
        state = game.state_from_json(d)
    except InvalidPosition:
        return  # refused by the builder, with the game's message
    if description.get("pending") == "courtier" and (state.actor != 0 or not state.decision
                                                     or state.decision[0] != "courtier"):
        raise PositionRefused("pending", "player 0 could only decline this Courtier action, so none is asked: give "
                              "it 2 coins with a courtier at home (goods.0.coin) or mother-of-pearl for a climb "
                              "with a courtier in the court (goods.0.pearl)")
    if "bridges" in description and state.round != d["round"]:
        raise PositionRefused("bridges", "no die is left to take, so the round ends at once and new dice are rolled: "
                              "leave at least one die on a bridge")


def _refuse_unbalanced(d: dict, rooms: dict, report: list) -> None:
    from boardlab.core.positions import PositionRefused

    colours = [t for room in d["rooms"] for t in room["tiles"]] + [w["colour"] for w in d["well_tiles"]]
    over = {c: colours.count(c) for c in COLOURS if colours.count(c) > 5}
    if over:
        where = "rooms." + ", rooms.".join(str(k) for k in rooms) if rooms else "well_tiles"
        raise PositionRefused(where, f"the box has 5 die tiles of each colour; the described tiles leave "
                              f"{', '.join(f'{k} {c}' for c, k in over.items())} with no room or Well tile free to "
                              "balance them: describe fewer tiles of that colour")


__all__ = ["teaching_position", "load", "complete", "set_bridges", "set_room", "take_actions", "take_options",
           "FIELDS", "base", "fill"]
