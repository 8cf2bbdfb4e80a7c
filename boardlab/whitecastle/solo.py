"""The White Castle solo mode: the Tokugawa clan's visit (도쿠가와 가문의 방문).

``Game(players=1, difficulty="easy" | "medium" | "hard")``. The human is seat 0; the automatic
rival, the Tokugawa clan, sits in seat 1 of ``state.players`` (no domain board: its workers
wait in a pool, counted in ``home``). ``to_move`` is always the human: the rival's turns resolve
by themselves between the human's decisions.

The rival's deck (reference section 9): the solo cards lie in a face-up deck. On its turn the
rival turns the top card over into a row beside the deck; the card now on top names a bridge
colour, an end and a placement space. If that bridge has a die, the rival takes the die at that
end and places it there (on the Well when the space is taken); if not, it turns one more card
and reads the new top. Then it performs the two actions of the card it turned this turn, or, when
a missing die made it turn two or more, of each of the last two it turned ([SM]: "if you flipped
two or more cards, the AI only looks at the two rightmost cards"; a missing die doubles its actions). It never pays coins, gains coins when its die
beats the space's value, gains no resources and ignores die colours. An action it cannot do
scores CP equal to the round number. After each round's new turn order it trades coins for CP
(per 3 coins when first, per 5 when second, each set worth the round number); in rounds 1 and 2
each of its gardeners under a bridge with a die left scores the round number instead of the
card's action. Final scoring is the human's.

Hidden order: only the deck's top card is public; the rest of the deck is kept unordered and
the next top is drawn from the state's chance stream when a card is turned (as the castle decks
are), so a lookahead copy never sees the order to come.

Cards are data (``data/solo_cards.csv``; ``Game(solo_cards=...)`` takes a CSV path or a list of
dicts with the same columns, see ``CARD_COLUMNS`` and RULES.md "Solo mode").
"""

from __future__ import annotations

import csv
import io
import os
import stat
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from boardlab.core.errors import brief
from boardlab.whitecastle import components as C
from boardlab.whitecastle.actions import OUTSIDE, ROOMS, WELL, room_floor
from boardlab.whitecastle.dice import COLOURS
from boardlab.core.tuples import replaced

# Board values (the table rules.py reads too).
_BOARD = C.board()
SPACE_VALUE = {**{r: _BOARD[f"space_value_floor{room_floor(i)}"] for i, r in enumerate(ROOMS)},
               "OUTL": _BOARD["space_value_outside"], "OUTR": _BOARD["space_value_outside"],
               WELL: _BOARD["space_value_well"]}
TIME_LAST = _BOARD["time_track_last"]
ROUNDS = _BOARD["rounds"]
RIVAL = 1  # the rival's seat in state.players; the human is seat 0
DIFFICULTIES = ("easy", "medium", "hard")
RESHUFFLES = ("empty", "round")
#: solo options and their defaults (None in a multi-player Game: they do not apply there)
DEFAULTS = {"difficulty": "medium", "rival_keeps_coins": True, "solo_reshuffle": "empty"}
#: the spaces a solo card can name (the rival has no domain board)
CARD_SPACES = ROOMS + OUTSIDE + (WELL,)
#: the die a card names on its bridge: the lowest (left), the highest (right) or, a value the cards
#: may name though no shipped card does, the middle one (a fan designer's diary of the solo cards
#: shows it, low-medium confidence)
ENDS = ("left", "right", "middle")
GARDEN_SIDES = ("left", "right", "any")
#: columns of a solo card table: the first six are required, the rest optional
CARD_COLUMNS = ("number", "bridge", "end", "space", "action_1", "action_2", "source", "status", "note")
REQUIRED_COLUMNS = CARD_COLUMNS[:6]
MIN_CARDS, MAX_CARDS = 3, 60
#: the rival turns at most this many cards (times the deck size) looking for a die before it
#: falls back on the first die at a bridge end in colour order (only a deck naming no bridge
#: that still holds dice can get there)
SEARCH_ROUNDS = 3

#: rule readings no source decides, named by the notebook and RULES.md (each is tested)
ASSUMED_READINGS = (
    "a bridge's lone die is at both of its ends for the rival",
    "a card naming the middle die finds none on a bridge of fewer than three dice (the rival turns another card)",
    "the rival's gardener 'left side' / 'right side' is the first (plant) / second (stone) card under each bridge",
    "among equal-valued garden cards the rival takes the one under the leftmost bridge (coral, black, white)",
    "the rival passes the Passage of Time gates without seals; steps past space 20 are lost",
    "a rival courtier climbing two floors from floor 2 stops on floor 3",
    "a rival courtier arriving on a floor takes no card, no reward and no Daimyo slot",
    "the rival's gardeners, warriors and courtiers resolve no card, yard or room effects",
    "the rival's end-of-round coin trade also happens after round 3",
)


@dataclass(frozen=True)
class SoloCard:
    """One solo card: its die face (bridge colour, end, placement space) and its two actions."""

    number: int
    bridge: str
    end: str
    space: str
    actions: tuple[str, str]
    status: str = "confirmed"
    source: str = "user"
    note: str = ""

    @property
    def colour(self) -> int:
        return COLOURS.index(self.bridge)

    def die_face(self) -> str:
        return f"{self.bridge} bridge, {self.end} end -> {SPACE_WORDS[self.space]}"


SPACE_WORDS = {**{s: f"floor {1 if i < 3 else 2} room {'ABCAB'[i]}" for i, s in enumerate(ROOMS)},
               "OUTL": "outside the walls (left)", "OUTR": "outside the walls (right)", WELL: "the Well"}


# ---------------------------------------------------------------------------- cards as data
def _action_problem(text: str) -> str | None:
    """None if ``text`` is a rival action; else what was expected."""
    kind, _, arg = text.partition(":")
    if kind in ("coins", "cp", "time"):
        return None if arg.isdigit() and 1 <= int(arg) <= 20 else f"{kind}:N with N from 1 to 20"
    if kind == "gardener":
        return None if arg in GARDEN_SIDES else "gardener:left, gardener:right or gardener:any"
    if kind == "courtier":
        return None if arg in ("gate", "up1", "up2") else "courtier:gate, courtier:up1 or courtier:up2"
    if kind == "warrior":
        irons = sorted({str(iron) for iron, _, _ in C.yards()})
        return None if arg in irons else f"warrior:N with N a yard's iron cost ({', '.join(irons)})"
    return ("an action among coins:N, cp:N, time:N, gardener:left/right/any, courtier:gate/up1/up2, "
            "warrior:5/3/1")


def _card_from_row(row, k: int) -> SoloCard:
    where = f"solo_cards[{k}]"
    if not isinstance(row, dict):
        raise ValueError(f"{where}: expected a dict with the columns {', '.join(REQUIRED_COLUMNS)}, "
                         f"got {type(row).__name__}")
    missing = [c for c in REQUIRED_COLUMNS if c not in row or row[c] in (None, "")]
    if missing:
        raise ValueError(f"{where}: missing column(s) {', '.join(missing)}; a solo card needs "
                         f"{', '.join(REQUIRED_COLUMNS)}")
    unknown = sorted(str(c) for c in row if c not in CARD_COLUMNS)
    if unknown:
        raise ValueError(f"{where}: unknown column(s) {', '.join(unknown)}; known: {', '.join(CARD_COLUMNS)}")
    number = row["number"]
    if type(number) is str and number.strip().isdigit():
        number = int(number)
    if type(number) is not int or not 1 <= number <= 999:
        raise ValueError(f"{where}.number: expected a card number from 1 to 999, got {brief(number)}")
    values = {c: row[c].strip() if isinstance(row.get(c), str) else row.get(c) for c in CARD_COLUMNS[1:]}
    for column, allowed in (("bridge", COLOURS), ("end", ENDS), ("space", CARD_SPACES)):
        if values[column] not in allowed:
            raise ValueError(f"{where}.{column}: expected one of {', '.join(allowed)}, got {brief(values[column])}")
    for column in ("action_1", "action_2"):
        text = values[column]
        problem = _action_problem(text) if isinstance(text, str) else "a text such as coins:2"
        if problem:
            raise ValueError(f"{where}.{column}: expected {problem}, got {brief(text)}")
    status = values["status"] or "confirmed"
    if status not in ("confirmed", "assumed"):
        raise ValueError(f"{where}.status: expected confirmed or assumed, got {brief(status)}")
    for column in ("source", "note"):
        if values[column] is not None and not isinstance(values[column], str):
            raise ValueError(f"{where}.{column}: expected a text, got {type(values[column]).__name__}")
    return SoloCard(number, values["bridge"], values["end"], values["space"],
                    (values["action_1"], values["action_2"]), status, values["source"] or "user",
                    values["note"] or "")


#: characters of the largest card table read from a file (60 cards take a few thousand)
LARGEST_TABLE = 100_000


def read_cards(source) -> tuple[SoloCard, ...]:
    """Solo cards from a CSV path or a list of dicts (columns: ``CARD_COLUMNS``); ValueError
    naming the row and the field for anything malformed."""
    if isinstance(source, (str, os.PathLike)):
        try:
            if not stat.S_ISREG(os.stat(source).st_mode):  # a FIFO or a device would block or never end
                raise ValueError(f"solo_cards: {os.fspath(source)!r} is not a regular file (a CSV table)")
            with open(source, encoding="utf-8", newline="") as f:
                text = f.read(LARGEST_TABLE + 1)
            if len(text) > LARGEST_TABLE:
                raise ValueError(f"solo_cards: {os.fspath(source)!r} is larger than a card table "
                                 f"({LARGEST_TABLE:,} characters at most)")
            rows = list(csv.DictReader(io.StringIO(text, newline="")))
        except OSError as exc:
            raise ValueError(f"solo_cards: cannot read the card table {os.fspath(source)!r}: {exc.strerror}") from None
        except (UnicodeDecodeError, csv.Error) as exc:
            raise ValueError(f"solo_cards: {os.fspath(source)!r} is not a UTF-8 CSV table: {exc}") from None
        for k, row in enumerate(rows):
            if None in row:
                raise ValueError(f"solo_cards[{k}]: more cells than the header's columns")
    elif isinstance(source, (list, tuple)):
        rows = list(source)
    else:
        raise ValueError(f"solo_cards must be None (the shipped cards), a CSV path or a list of dicts; "
                         f"got {type(source).__name__}")
    if not MIN_CARDS <= len(rows) <= MAX_CARDS:
        raise ValueError(f"solo_cards: expected {MIN_CARDS} to {MAX_CARDS} cards (the box has 9), got {len(rows)}")
    cards = tuple(_card_from_row(row, k) for k, row in enumerate(rows))
    numbers = [c.number for c in cards]
    twice = sorted({n for n in numbers if numbers.count(n) > 1})
    if twice:
        raise ValueError(f"solo_cards: each card number once, got {twice} more than once")
    return cards


@cache
def shipped_cards() -> tuple[SoloCard, ...]:
    """The nine cards in ``data/solo_cards.csv`` (one confirmed, eight invented: status assumed)."""
    return read_cards(C._read("solo_cards.csv"))


def saved_cards(path) -> tuple[dict, ...]:
    """The rows of the card table a saved game names by ``path`` (records of earlier versions):
    only the shipped table, recognised by its place in the package and read from this package,
    never from ``path``; any other path is refused without being opened."""
    if Path(os.fspath(path)).parts[-3:] == ("whitecastle", "data", "solo_cards.csv"):
        return card_rows(shipped_cards())
    raise ValueError(f"solo_cards: a saved game holds its solo cards as rows, not a file path; {brief(path)} "
                     "is not opened. Replace the path by the cards' rows (in Python: whitecastle.solo."
                     "card_rows(whitecastle.solo.read_cards(path))), or leave solo_cards out for the shipped cards")


def card_rows(cards) -> tuple[dict, ...]:
    """The canonical option form of a deck: one dict per card with every column."""
    return tuple({"number": c.number, "bridge": c.bridge, "end": c.end, "space": c.space,
                  "action_1": c.actions[0], "action_2": c.actions[1], "source": c.source,
                  "status": c.status, "note": c.note} for c in cards)


def cards_of(game) -> dict[int, SoloCard]:
    """Card number -> card, for this game's deck."""
    return _cards_by_number(game.solo_cards)


def _cards_by_number(rows) -> dict[int, SoloCard]:
    cards = shipped_cards() if rows is None else _read_rows(_freeze(rows))
    return {c.number: c for c in cards}


@cache
def _read_rows(frozen) -> tuple[SoloCard, ...]:
    return read_cards([dict(items) for items in frozen])


def _freeze(rows) -> tuple:
    return tuple(tuple(sorted(r.items())) for r in rows)


@cache
def difficulty_table() -> dict[str, dict[str, int]]:
    """Difficulty level -> the rival's starting CP, turn-order place and Passage of Time space."""
    return {r["level"]: {"cp": int(r["cp"]), "turn_order": int(r["turn_order"]), "time": int(r["time"])}
            for r in C._read("solo_difficulty.csv")}


def check_options(game) -> None:
    """Validate the solo options of ``game`` (players=1), filling defaults and reading the cards."""
    for name, default in DEFAULTS.items():
        if getattr(game, name) is None:
            object.__setattr__(game, name, default)
    from boardlab.core.game import check_choice

    check_choice("difficulty", game.difficulty, DIFFICULTIES)
    check_choice("rival_keeps_coins", game.rival_keeps_coins, (True, False))
    check_choice("solo_reshuffle", game.solo_reshuffle, RESHUFFLES)
    if game.solo_cards is not None:
        object.__setattr__(game, "solo_cards", card_rows(read_cards(game.solo_cards)))


# ---------------------------------------------------------------------------- setup
def setup(s) -> None:
    """Solo setup after the common one: the difficulty places the rival's heron, marker and CP;
    the human's marker stacks on top when both start on space 0; the deck is shuffled."""
    level = difficulty_table()[s.game.difficulty]
    rival = s._player(RIVAL)
    s.order = (RIVAL, 0) if level["turn_order"] == 1 else (0, RIVAL)
    rival.goods["cp"] = level["cp"]
    rival.time = level["time"]
    rival.time_stamp, s._player(0).time_stamp = (0, -1) if s.order[0] == RIVAL else (-1, 0)
    s.rival_row = []
    s.rival_deck = sorted(cards_of(s.game))
    s.rival_top = None
    s.rival_log = []  # its dice this game: (colour, pips, end, space, space named, cards turned)
    _draw_top(s)


def _draw_top(s) -> None:
    rng = s.chance.next_rng()
    s.rival_top = s.rival_deck.pop(rng.randrange(len(s.rival_deck)))


def new_round(s) -> None:
    """Option solo_reshuffle="round": every solo card goes back into the deck at a round's start."""
    if s.game.solo_reshuffle == "round":
        s.rival_deck = sorted(s.rival_deck + s.rival_row + [s.rival_top])
        s.rival_row = []
        _draw_top(s)


# ---------------------------------------------------------------------------- the rival's turn
def turn_card(s) -> None:
    """Turn the top card over into the row; the next card shows. An empty deck is refilled from
    the row, keeping its two most recent cards (whose actions the rival still uses)."""
    s.rival_row.append(s.rival_top)
    if not s.rival_deck:
        s.rival_deck = sorted(s.rival_row[:-2])
        s.rival_row = s.rival_row[-2:]
    _draw_top(s)


def die_index(bridge: tuple, end: str) -> int | None:
    """Where on ``bridge`` the die at ``end`` lies, or None if there is none: a lone die is at both
    ends (assumed); the middle die is the second of a solo bridge's three, and a bridge of fewer
    than three dice has none (assumed: its dice have slid to the ends, the middle place is empty)."""
    if not bridge:
        return None
    if end == "middle":
        return 1 if len(bridge) == 3 else None
    return 0 if end == "left" else len(bridge) - 1


def die_at(s, card: SoloCard) -> int | None:
    """The pips of the die the card names, or None if its bridge has no die there."""
    i = die_index(s.bridges[card.colour], card.end)
    return None if i is None else s.bridges[card.colour][i]


def rival_turn(s) -> None:
    """The rival's whole turn: find a die, place it, perform the recent cards' actions."""
    if not any(s.bridges):  # a teaching position with short bridges: no die left, the turn passes
        return              # (as a clan's "take" with nothing to take is skipped)
    cards = cards_of(s.game)
    turn_card(s)
    turned = 1
    for _ in range(SEARCH_ROUNDS * len(cards)):
        card = cards[s.rival_top]
        if die_at(s, card) is not None:
            colour, end = card.colour, card.end
            break
        turn_card(s)
        turned += 1
    else:  # no card found a die: the first bridge end holding one (see SEARCH_ROUNDS)
        colour, end = next(c for c, b in enumerate(s.bridges) if b), "right"
        card = None
    bridge = s.bridges[colour]
    i = die_index(bridge, end)
    pips = bridge[i]
    s.bridges = replaced(s.bridges, colour, bridge[:i] + bridge[i + 1:])
    named = space = card.space if card is not None else WELL
    if space != WELL and s.space_dice[space]:
        space = WELL  # the named space is taken: the Well takes any number of dice
    reference = SPACE_VALUE[space]
    s.space_dice[space] = s.space_dice[space] + (pips,)
    rival = s._player(RIVAL)
    rival.goods["coin"] += max(0, pips - reference)  # it gains the difference, never pays
    s.rival_log.append((COLOURS[colour], pips, end, space, named, turned))
    for number in acting_cards(s, turned):
        for action in cards[number].actions:
            if not do_action(s, action):
                rival.goods["cp"] += s.round  # an action it cannot do scores the round number


def acting_cards(s, turned: int | None = None) -> list[int]:
    """The cards whose actions the rival performs (performed) on its turn: the one card it turned,
    or the last two when it turned more (a missing die). ``turned`` defaults to its last turn's."""
    if turned is None:
        turned = s.rival_log[-1][5] if s.rival_log else 0
    return s.rival_row[-min(turned, 2):] if turned else []


def do_action(s, action: str) -> bool:
    """Perform one rival action; False if it cannot be done."""
    rival = s._player(RIVAL)
    kind, _, arg = action.partition(":")
    if kind == "coins":
        rival.goods["coin"] += int(arg)
    elif kind == "cp":
        rival.goods["cp"] += int(arg)
    elif kind == "time":
        return _move_time(s, rival, int(arg))
    elif kind == "gardener":
        slot = garden_choice(s, arg)
        if slot is None:
            return False
        rival.home[1] -= 1
        s.gardeners = replaced(s.gardeners, slot, tuple(sorted(s.gardeners[slot] + (RIVAL,))))
    elif kind == "courtier":
        return _courtier(rival, arg)
    else:  # warrior: the yard with that iron cost
        yard = next(y for y, (iron, _, _) in enumerate(C.yards()) if str(iron) == arg)
        if not rival.home[2]:
            return False
        rival.home[2] -= 1
        rival.warriors[yard] += 1
    return True


def _move_time(s, rival, steps: int) -> bool:
    if rival.time >= TIME_LAST:
        return False
    rival.time = min(TIME_LAST, rival.time + steps)  # no seals: the gates do not stop it
    s._stamp_time()  # the actor is the rival: its marker goes on top of a shared space
    return True


def _courtier(rival, arg: str) -> bool:
    if arg == "gate":
        if not rival.home[0]:
            return False
        rival.home[0] -= 1
        rival.court[0] += 1
        return True
    level = next((lvl for lvl in range(3) if rival.court[lvl]), None)  # its lowest courtier
    if level is None:
        return False
    rival.court[level] -= 1
    rival.court[min(3, level + int(arg[-1]))] += 1
    return True


def garden_choice(s, side: str) -> int | None:
    """The lowest-value garden card on that side with no rival gardener (None if none, or no
    gardener left in the pool); ties go to the leftmost bridge."""
    if not s.players[RIVAL].home[1]:
        return None
    slots = [g for g in range(6) if (side == "any" or g % 2 == ("left", "right").index(side))
             and RIVAL not in s.gardeners[g]]
    if not slots:
        return None
    gardens = s.gardens()
    return min(slots, key=lambda g: (gardens[s.garden_cards[g]].points, g))


# ---------------------------------------------------------------------------- round end and result
def round_end(s) -> None:
    """After the new turn order: coins to CP (per 3 when first, per 5 when second, each set the
    round number); rounds 1-2: each rival gardener under a bridge with a die left scores the round."""
    rival = s._player(RIVAL)
    rate = 3 if s.order[0] == RIVAL else 5
    sets = rival.goods["coin"] // rate
    rival.goods["cp"] += sets * s.round
    rival.goods["coin"] = rival.goods["coin"] - sets * rate if s.game.rival_keeps_coins else 0
    if s.round < ROUNDS:
        rival.goods["cp"] += s.round * sum(RIVAL in s.gardeners[g] for g in range(6) if s.bridges[g // 2])


def rival_sheet(s) -> dict[str, int]:
    """The rival's score sheet: the same categories and formulas as the human's."""
    from boardlab.whitecastle.scoring import player_sheet

    return player_sheet(s, RIVAL)


def human_wins(s) -> bool:
    """Whether the human beats the rival: a higher total, or a tie and earlier in the final turn order."""
    mine, theirs = s.score_sheet()[0]["total"], rival_sheet(s)["total"]
    order = s.order if s.is_over else s.turn_order_from_time()
    return mine > theirs or (mine == theirs and order.index(0) < order.index(RIVAL))


# ---------------------------------------------------------------------------- JSON form
def to_json(s) -> dict:
    return {"top": s.rival_top, "deck": list(s.rival_deck), "row": list(s.rival_row),
            "log": [list(entry) for entry in s.rival_log]}


def from_json(s, data: dict) -> None:
    s.rival_top, s.rival_deck, s.rival_row = data["top"], list(data["deck"]), list(data["row"])
    s.rival_log = [tuple(entry) for entry in data["log"]]


def check_json(game, data: dict) -> None:
    """Refuse an inconsistent rival part of a solo position (path: expected ...)."""
    from boardlab.core.validate import (expect_choice, expect_dict, expect_int, expect_list, fail,
                                        require)

    rival = expect_dict(data.get("rival"), "rival", ("top", "deck", "row", "log"))
    numbers = sorted(cards_of(game))
    expect_choice(rival["top"], "rival.top", numbers)
    for part in ("deck", "row"):
        for k, n in enumerate(expect_list(rival[part], f"rival.{part}", max_length=len(numbers))):
            expect_choice(n, f"rival.{part}[{k}]", numbers)
    require(rival["deck"] == sorted(rival["deck"]), "rival.deck", "card numbers in rising order (the deck below "
            "the top card is unordered: its order is drawn when a card is turned)")
    every = sorted([rival["top"], *rival["deck"], *rival["row"]])
    if every != numbers:
        fail("rival", f"every solo card exactly once in top, deck and row ({numbers})", every)
    for k, entry in enumerate(expect_list(rival["log"], "rival.log", max_length=3 * ROUNDS)):
        path = f"rival.log[{k}]"
        expect_list(entry, path, 6)
        expect_choice(entry[0], f"{path}[0]", COLOURS)
        expect_int(entry[1], f"{path}[1]", 1, 6)
        expect_choice(entry[2], f"{path}[2]", ENDS)
        expect_choice(entry[3], f"{path}[3]", CARD_SPACES)
        expect_choice(entry[4], f"{path}[4]", CARD_SPACES)
        expect_int(entry[5], f"{path}[5]", 1, SEARCH_ROUNDS * len(numbers) + 1)
        require(entry[3] in (entry[4], WELL), f"{path}[3]", f"the space named ({entry[4]}) or the Well")
    p = data["players"][RIVAL]
    for good in C.RESOURCES + ("seal",):
        require(p["goods"][good] == 0, f"players[{RIVAL}].goods.{good}", "0: the rival gains no resources or seals")
    require(p["card"] == "" and p["lantern"] == [], f"players[{RIVAL}].card",
            "no action card and an empty lantern area: the rival has no domain board")
    require(not any(p["rows_used"]), f"players[{RIVAL}].rows_used", "all false: the rival has no domain rows")
    require(not any(owner == RIVAL for owner in data["daimyo"]["slots"]), "daimyo.slots",
            "no slot held by the rival (it takes none)")
    require(data["actor"] != RIVAL, "actor", "the human (0): the rival's turns resolve by themselves")


def summary_line(s) -> str:
    last = "none yet" if not s.rival_log else "{} {} ({} end) on {}".format(*s.rival_log[-1][:4])
    return (f"  rival: top card {s.rival_top}, row {s.rival_row}, deck {len(s.rival_deck)} cards; "
            f"last die {last}")


__all__ = ["RIVAL", "DIFFICULTIES", "SoloCard", "read_cards", "shipped_cards", "cards_of", "rival_sheet",
           "human_wins", "difficulty_table", "ASSUMED_READINGS", "CARD_COLUMNS"]
