"""Words for the game's decisions and for why an action is not legal now."""

from __future__ import annotations

from boardlab.whitecastle import components as C
from boardlab.whitecastle import rules as R
from boardlab.whitecastle.actions import ROOMS, SPACE_NAMES, Action, garden_name, room_floor
from boardlab.whitecastle.dice import COLOURS

ANSWERS = {  # decision -> action kinds that answer it
    "pair": {"pair"}, "take": {"take"}, "place": {"place"}, "any": {"choose"}, "paid": {"pay", "decline"},
    "courtier": {"gate", "climb", "finish", "decline"}, "gardener": {"garden", "decline"},
    "warrior": {"yard", "decline"}, "tile": {"castleblock", "decline"}, "light": {"castleblock", "decline"},
    "domain": {"row", "decline"}, "outside": {"worker", "decline"}, "room": {"room"},
    "newblock": {"newblock"}, "slot": {"slot"}, "timegate": {"timepay", "timestop"},
}


def describe_decision(state) -> str:
    d = state.decision
    if d is None:
        return "nothing (the game is over)"
    kind = d[0]
    if kind == "place":
        c, pips, end = state.held
        return f"where to place the {COLOURS[c]} {pips}"
    fixed = {
        "pair": "which starting pair to take", "take": "which bridge end to take a die from",
        "any": "which resource to gain", "courtier": "the courtier action (gate, climb, or stop)",
        "gardener": "where to place a gardener", "warrior": "which training yard to send a warrior to",
        "light": "which light-background castle block to perform", "domain": "which domain row to perform",
        "outside": "which worker action to perform outside the walls",
        "newblock": "which light block of the new card to perform", "slot": "which Daimyo slot to take",
    }
    if kind in fixed:
        return fixed[kind]
    if kind == "paid":
        return f"whether to {C.describe_effect(d)}"
    if kind == "tile":
        return f"which {d[1]}-tile castle block to perform"
    if kind == "room":
        return f"which floor-{d[1]} room to enter"
    return f"whether to pay {d[1]} seals at the Passage of Time gate"


def why_illegal(state, action) -> tuple[str, str]:
    """(rule, detail) for an action that is not among the legal options now."""
    if not isinstance(action, Action):
        return ("action type", f"expected a White Castle action or its text, got {action!r}")
    task = state.decision
    p = state.players[state.actor]
    if action.kind == "exchange":
        if state.phase != "turn" or task[0] not in R.EXCHANGE_DECISIONS:
            return ("seal exchange in your turn", "seals are exchanged during your own turn, while a payment may be due")
        rate = R.EXCHANGE_RATE[action.x]
        if p.goods["seal"] < rate:
            return ("seal exchange", f"it costs {rate} seals and you have {p.goods['seal']}")
        return ("resource cap", f"your {action.x} is already at its cap of {R.CAP[action.x]}")
    if action.kind not in ANSWERS[task[0]]:
        return ("decision order", f"the game asks {describe_decision(state)}; '{action}' does not answer that")
    explain = _EXPLAIN.get(action.kind)
    found = explain(state, p, action, task) if explain else None
    return found or ("not an option now", f"'{action}' is not among the options: "
                     + "; ".join(str(a) for a in state.legal_actions()))


def _take(state, p, a, task):
    bridge = state.bridges[COLOURS.index(a.x)]
    if not bridge:
        return ("bridge ends", f"the {a.x} bridge is empty")
    if len(bridge) == 1:
        side = "left" if state.game.lone_die_is_left else "right"
        return ("lone die", f"the {a.x} bridge holds one die, a {bridge[0]}, taken as its {side} end")
    return ("only a bridge end can be taken",
            f"the {a.x} bridge's ends are {bridge[0]} (left) and {bridge[-1]} (right)")


def _place(state, p, a, task):
    c, pips, _ = state.held
    problem = state._placement_problem(a.x, c, pips)
    if problem:
        return (problem[0], problem[1].replace(a.x, SPACE_NAMES[a.x]))
    return None


def _gate(state, p, a, task):
    if task[1]:
        return ("one gate entry per courtier action", "this courtier action already sent a courtier to the gate")
    if p.home[0] == 0:
        return ("courtiers", "no courtier is left on your domain board")
    return ("gate costs 2 coins", f"you have {p.goods['coin']} coins")


def _climb(state, p, a, task):
    if task[2]:
        return ("one climb per courtier action", "this courtier action already climbed; a climb cannot be split")
    if not p.court[a.n]:
        return ("climb", f"you have no courtier on the {C.LEVELS[a.n]}")
    cost = R.CLIMB_COST[a.m]
    return ("climb costs mother-of-pearl", f"{a.m} floor(s) cost {cost} mother-of-pearl; you have {p.goods['pearl']}")


def _garden(state, p, a, task):
    if state.actor in state.gardeners[a.n]:
        return ("one of your gardeners per garden card", f"you already have a gardener in the {garden_name(a.n)}")
    if p.home[1] == 0:
        return ("gardeners", "no gardener is left on your domain board")
    need = state.gardens()[state.garden_cards[a.n]].food
    return ("gardener costs food", f"the {garden_name(a.n)} costs {need} food; you have {p.goods['food']}")


def _yard(state, p, a, task):
    if p.home[2] == 0:
        return ("warriors", "no warrior is left on your domain board")
    need = C.yards()[a.n][0]
    return ("warrior costs iron", f"that yard costs {need} iron; you have {p.goods['iron']}")


def _room(state, p, a, task):
    if room_floor(a.n) != task[1]:
        return ("climb destination", f"the courtier arrives on floor {task[1]}, not in {ROOMS[a.n]}")
    return None


def _slot(state, p, a, task):
    if state.daimyo_slots[a.n] is not None:
        return ("one courtier per Daimyo slot", f"slot {'ABC'[a.n]} is already taken")
    return None


def _pay(state, p, a, task):
    _, unit, amount, inner = task
    if p.goods[unit] < amount:
        return ("pay the cost", f"it costs {amount} {unit}(s); you have {p.goods[unit]}")
    return ("nothing to pay for", f"{C.describe_effect(inner)} has no option you could take now")


def _choose(state, p, a, task):
    return ("resource cap", f"your {a.x} is at its cap of {R.CAP[a.x]}; gains above a cap are lost")


def _newblock(state, p, a, task):
    blocks = C.action_cards()[task[1]].blocks
    if a.n >= len(blocks):
        return ("new card blocks", f"{task[1]} has {len(blocks)} blocks")
    return ("one light-background block", f"after a climb you perform one light-background block of {task[1]}; "
            f"block {a.n + 1} is dark")


def _worker(state, p, a, task):
    if a.x not in task[1]:
        return ("outside the walls", f"this space offers a {' or '.join(task[1])} action, not a {a.x} action")
    return ("nothing to do", f"you have no {a.x} action you could take now")


def _castleblock(state, p, a, task):
    tiles = state.room_tiles[a.n]
    if a.m >= len(tiles):
        return ("castle blocks", f"{ROOMS[a.n]} has {len(tiles)} blocks")
    if task[0] == "tile":
        return ("die-tile colour", f"block {a.m + 1} of {ROOMS[a.n]} lines up with a {tiles[a.m]} tile, "
                f"not a {task[1]} one")
    return ("light-background block", f"block {a.m + 1} of {ROOMS[a.n]} is dark")


_EXPLAIN = {"choose": _choose, "newblock": _newblock, "worker": _worker, "castleblock": _castleblock,
            "take": _take, "place": _place, "gate": _gate, "climb": _climb, "garden": _garden,
            "yard": _yard, "room": _room, "slot": _slot, "pay": _pay}
