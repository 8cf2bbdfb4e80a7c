"""Component data of The White Castle, read from the CSV tables in ``data/``.

Every row of every table carries a ``source`` (keys listed in RULES.md, Sources;
``KO`` = the seed) and a ``status``: ``confirmed`` or ``assumed``. ``assumed_values()`` lists
the assumed rows; ``RULES.md`` explains each. Rule code asks this module for values and never
hard-codes a card.

Effects are written in a small text form and parsed into tuples:
``food:2`` gain 2 food (likewise iron, pearl, coin, seal, cp), ``any:2`` two resources of your
choice, ``time:1`` one step on the Passage of Time, ``lantern`` lantern rewards, ``well`` the
Well action, ``light`` any light-background castle block, ``tile:coral`` / ``tile:any`` a castle
block whose die tile has that colour, ``domain`` a personal domain row, ``courtier`` /
``gardener`` / ``warrior`` a worker action, ``worker`` one of those three (your choice), ``seal:1>courtier`` pay 1 seal to perform it
(optional). Several effects are joined with ``;`` and happen in order.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from functools import cache
from importlib import resources

from boardlab.whitecastle.dice import COLOURS

RESOURCES = ("food", "iron", "pearl")
GAINS = RESOURCES + ("coin", "seal", "cp")
WORKERS = ("courtier", "gardener", "warrior")  # domain rows top to bottom: coral, black, white
ROW_NAMES = ("top", "middle", "bottom")
LEVELS = ("gate", "floor 1", "floor 2", "floor 3")
ROOM_LETTERS = "ABC"


def _read(name: str) -> list[dict]:
    with resources.files("boardlab.whitecastle").joinpath("data").joinpath(name).open(encoding="utf-8") as f:
        return list(csv.DictReader(f))


def parse_effect(text: str) -> tuple:
    """One effect from its text form (see the module docstring)."""
    text = text.strip()
    if ">" in text:
        cost, inner = text.split(">", 1)
        kind, amount = cost.split(":")
        return ("paid", kind, int(amount), parse_effect(inner))
    if ":" in text:
        kind, arg = text.split(":")
        if kind == "tile":
            if arg not in COLOURS + ("any",):
                raise ValueError(f"unknown tile colour {arg!r} in effect {text!r}")
            return ("tile", arg)
        if kind not in GAINS + ("any", "time"):
            raise ValueError(f"unknown effect {text!r}")
        return (kind, int(arg))
    if text not in ("lantern", "well", "light", "domain", "worker") + WORKERS:
        raise ValueError(f"unknown effect {text!r}")
    return (text,)


def parse_effects(text: str) -> tuple:
    return tuple(parse_effect(part) for part in text.split(";") if part.strip())


@dataclass(frozen=True)
class Block:
    light: bool
    rows: tuple[int, ...]  # domain rows this block lines up with (0 top .. 2 bottom)
    effects: tuple


@dataclass(frozen=True)
class ActionCard:
    """A steward, a diplomat or a starting action card (id like 'steward:5', 'start:gardener')."""

    id: str
    deck: str
    min_players: int
    blocks: tuple[Block, ...]
    lantern: tuple  # the icon its back shows in the lantern area

    def block_for_row(self, row: int) -> int:
        return next(i for i, b in enumerate(self.blocks) if row in b.rows)


@dataclass(frozen=True)
class Garden:
    number: int
    kind: str  # plant or stone
    food: int
    points: int
    effects: tuple


@cache
def action_cards() -> dict[str, ActionCard]:
    cards: dict[str, list] = {}
    meta = {}
    for r in _read("castle_cards.csv"):
        cid = f"{r['deck']}:{r['number']}"
        rows = tuple(ROW_NAMES.index(x) for x in r["rows"].split("+"))
        cards.setdefault(cid, []).append(Block(r["background"] == "light", rows, parse_effects(r["effects"])))
        meta[cid] = (r["deck"], int(r["min_players"]), parse_effects(r["lantern"]))
    return {cid: ActionCard(cid, meta[cid][0], meta[cid][1], tuple(blocks), meta[cid][2]) for cid, blocks in cards.items()}


def deck(name: str, players: int) -> list[str]:
    """Card ids of a castle deck at this player count (cards for 3+ players left out at 2)."""
    return sorted((c.id for c in action_cards().values() if c.deck == name and c.min_players <= players),
                  key=lambda cid: int(cid.split(":")[1]))


START_DESIGNS = ("courtier", "gardener", "warrior")
START_COPIES = 2  # 6 starting action cards: 3 designs x 2 copies


@cache
def daimyo_cards() -> dict[int, tuple[tuple, ...]]:
    """Daimyo's Favor card number -> effects of its slots A, B, C."""
    out: dict[int, list] = {}
    for r in _read("daimyo.csv"):
        out.setdefault(int(r["number"]), []).append(parse_effects(r["effects"]))
    return {k: tuple(v) for k, v in out.items()}


PRINTINGS = ("bga", "first")  # see RULES.md: two garden cards and one yard face differ


def _in_printing(row: dict, printing: str) -> bool:
    if printing not in PRINTINGS:
        raise ValueError(f"printing must be one of {PRINTINGS}, got {printing!r}")
    return row["printing"] in ("both", printing)


@cache
def gardens(printing: str = "bga") -> dict[int, Garden]:
    return {int(r["number"]): Garden(int(r["number"]), r["kind"], int(r["food"]), int(r["points"]),
                                     parse_effects(r["effects"]))
            for r in _read("gardens.csv") if _in_printing(r, printing)}


@cache
def yard_tiles(printing: str = "bga") -> dict[tuple[int, str], tuple]:
    """(tile number, face 'blue'/'yellow') -> effects."""
    return {(int(r["tile"]), r["face"]): parse_effects(r["effects"])
            for r in _read("yard_tiles.csv") if _in_printing(r, printing)}


@cache
def yards() -> tuple[tuple[int, int, tuple[str, ...]], ...]:
    """Per training yard: (iron cost, warrior value, faces of its tiles)."""
    return tuple((int(r["iron"]), int(r["warrior_value"]), tuple(r["faces"].split("+"))) for r in _read("yards.csv"))


@cache
def starting_resources() -> dict[int, tuple[tuple, str, tuple]]:
    """Starting resource card number -> (setup gains, decree name or '', lantern icon)."""
    return {int(r["number"]): (parse_effects(r["gains"]), r["decree"], parse_effects(r["lantern"]))
            for r in _read("starting_resources.csv")}


@cache
def decrees() -> dict[str, tuple]:
    return {r["name"]: parse_effects(r["lantern"]) for r in _read("decrees.csv")}


@cache
def domain_rows() -> tuple[tuple[tuple, tuple[tuple, ...]], ...]:
    """Per domain row: (base icon effects, effects of worker spaces 1..5, left to right)."""
    rows = []
    for i in range(3):
        cells = [r for r in _read("domain_rows.csv") if int(r["row"]) == i]
        base = next(parse_effects(r["effects"]) for r in cells if r["position"] == "base")
        spaces = tuple(parse_effects(r["effects"]) for r in sorted(
            (r for r in cells if r["position"] != "base"), key=lambda r: int(r["position"])))
        rows.append((base, spaces))
    return tuple(rows)


@cache
def die_tile_rewards() -> tuple[tuple[str, tuple], ...]:
    """The 15 die tiles as (colour, reward effects); 5 per colour."""
    return tuple((r["colour"], parse_effects(r["reward"])) for r in _read("die_tiles.csv"))


@cache
def board() -> dict[str, int]:
    return {r["key"]: int(r["value"]) for r in _read("board.csv")}


@cache
def time_points() -> tuple[int, ...]:
    return tuple(int(r["points"]) for r in sorted(_read("time_track.csv"), key=lambda r: int(r["space"])))


@cache
def time_gates() -> dict[int, int]:
    """Passage of Time space -> seals paid to enter it."""
    b = board()
    return {int(k.rsplit("_", 1)[1]): v for k, v in b.items() if k.startswith("time_gate_")}


TABLES = ("castle_cards.csv", "daimyo.csv", "gardens.csv", "yard_tiles.csv", "yards.csv",
          "starting_resources.csv", "decrees.csv", "domain_rows.csv", "die_tiles.csv", "board.csv",
          "time_track.csv", "solo_cards.csv", "solo_difficulty.csv")


def table(name: str):
    """A component table as a pandas DataFrame (for notebooks and docs)."""
    import pandas as pd

    return pd.DataFrame(_read(name))


def assumed_values() -> list[dict]:
    """Every row shipped with status 'assumed', with its table name."""
    return [{"table": name, **row} for name in TABLES for row in _read(name) if row["status"] == "assumed"]


def describe_effect(effect: tuple) -> str:
    """Short readable text of an effect, used in notation and pictures."""
    kind = effect[0]
    if kind == "paid":
        unit = "seal" if effect[1] == "seal" else "coin"
        return f"pay {effect[2]} {unit}{'s' if effect[2] > 1 else ''} -> {describe_effect(effect[3])}"
    if kind in GAINS or kind == "any":
        name = {"pearl": "mother-of-pearl", "cp": "CP", "any": "any resource"}.get(kind, kind)
        return f"+{effect[1]} {name}"
    if kind == "time":
        return f"+{effect[1]} Passage of Time"
    if kind == "tile":
        return f"{effect[1]}-tile action" if effect[1] != "any" else "any die-tile action"
    return {"lantern": "lantern rewards", "well": "Well action", "light": "any light-background action",
            "domain": "Personal Domain action", "worker": "Courtier, Gardener or Warrior action"}.get(kind, f"{kind} action")


def describe_effects(effects: tuple) -> str:
    return ", ".join(describe_effect(e) for e in effects)
