"""Words for the game's decisions and for why an action is not legal now."""

from __future__ import annotations

from boardlab.core.glossary import Phrase
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
    """The decision asked now, in words (English)."""
    return decision_phrase(state).text("whitecastle", "en")


def decision_phrase(state) -> Phrase:
    """The decision asked now as a phrase of the glossary (its Korean in ``glossary.KO``)."""
    d = state.decision
    if d is None:
        return Phrase("nothing (the game is over)", {})
    kind = d[0]
    if kind == "place":
        c, pips, end = state.held
        return Phrase("where to place the {colour} {pips}", dict(colour=COLOURS[c], pips=pips))
    fixed = {
        "pair": "which starting pair to take", "take": "which bridge end to take a die from",
        "any": "which resource to gain", "courtier": "the courtier action (gate, climb, or stop)",
        "gardener": "where to place a gardener", "warrior": "which training yard to send a warrior to",
        "light": "which light-background castle block to perform", "domain": "which domain row to perform",
        "outside": "which worker action to perform outside the walls",
        "newblock": "which light block of the new card to perform", "slot": "which Daimyo slot to take",
    }
    if kind in fixed:
        return Phrase(fixed[kind], {})
    if kind == "paid":
        return Phrase("whether to {effect}", dict(effect=effect_phrase(d)))
    if kind == "tile":
        return Phrase("which {colour}-tile castle block to perform", dict(colour=d[1]))
    if kind == "room":
        return Phrase("which floor-{floor} room to enter", dict(floor=d[1]))
    return Phrase("whether to pay {seals} seals at the Passage of Time gate", dict(seals=d[1]))


#: effect words that differ from the effect's own name (``components.describe_effect`` uses the same)
EFFECT_WORDS = {"pearl": "mother-of-pearl", "cp": "CP", "any": "any resource"}
EFFECT_PHRASES = {"lantern": "lantern rewards", "well": "Well action", "light": "any light-background action",
                  "domain": "Personal Domain action", "worker": "Courtier, Gardener or Warrior action"}


def effect_phrase(effect) -> Phrase:
    """An effect as a phrase of the glossary: in English exactly ``components.describe_effect``,
    in Korean through the glossary (a payment's effect, e.g. "whether to pay 1 seal -> ...")."""
    kind = effect[0]
    if kind == "paid":
        unit = "seal" if effect[1] == "seal" else "coin"
        return Phrase("pay {n} {unit} -> {effect}", dict(n=effect[2], unit=unit + ("s" if effect[2] > 1 else ""),
                                                         effect=effect_phrase(effect[3])))
    if kind in C.GAINS or kind == "any":
        return Phrase("+{n} {good}", dict(n=effect[1], good=EFFECT_WORDS.get(kind, kind)))
    if kind == "time":
        return Phrase("+{n} Passage of Time", dict(n=effect[1]))
    if kind == "tile":
        return (Phrase("any die-tile action", {}) if effect[1] == "any"
                else Phrase("{colour}-tile action", dict(colour=effect[1])))
    return Phrase(EFFECT_PHRASES[kind], {}) if kind in EFFECT_PHRASES else Phrase("{kind} action", dict(kind=kind))


def why_illegal(state, action) -> tuple[str, str, dict]:
    """(rule, detail, fields) for an action that is not among the legal options now: English
    templates whose Korean is in ``whitecastle.glossary.KO`` (the refusals' section)."""
    if not isinstance(action, Action):
        return ("action type", "expected a White Castle action or its text, got {value}", dict(value=repr(action)))
    task = state.decision
    p = state.players[state.actor]
    if action.kind == "exchange":
        if state.phase != "turn" or task[0] not in R.EXCHANGE_DECISIONS:
            return ("seal exchange in your turn", "seals are exchanged during your own turn, while a payment may be due",
                    {})
        rate = R.EXCHANGE_RATE[action.x]
        if p.goods["seal"] < rate:
            return ("seal exchange", "it costs {rate} seals and you have {seals}", dict(rate=rate, seals=p.goods["seal"]))
        return ("resource cap", "your {good} is already at its cap of {cap}", dict(good=action.x, cap=R.CAP[action.x]))
    if action.kind not in ANSWERS[task[0]]:
        return ("decision order", "the game asks {decision}; '{action}' does not answer that",
                dict(decision=decision_phrase(state), action=action))
    explain = _EXPLAIN.get(action.kind)
    found = explain(state, p, action, task) if explain else None
    return found or ("not an option now", "'{action}' is not among the options: {options}",
                     dict(action=action, options=list(state.legal_actions())))


def _take(state, p, a, task):
    bridge = state.bridges[COLOURS.index(a.x)]
    if not bridge:
        return ("bridge ends", "the {colour} bridge is empty", dict(colour=a.x))
    if len(bridge) == 1:
        side = "left" if state.game.lone_die_is_left else "right"
        return ("lone die", "the {colour} bridge holds one die, a {pips}, taken as its {side} end",
                dict(colour=a.x, pips=bridge[0], side=side))
    return ("only a bridge end can be taken", "the {colour} bridge's ends are {left} (left) and {right} (right)",
            dict(colour=a.x, left=bridge[0], right=bridge[-1]))


def _place(state, p, a, task):
    c, pips, _ = state.held
    problem = state._placement_problem(a.x, c, pips)
    if problem:
        rule, detail, fields = problem
        return (rule, detail, {**fields, "space": SPACE_NAMES[a.x]} if "space" in fields else fields)
    return None


def _gate(state, p, a, task):
    if task[1]:
        return ("one gate entry per courtier action", "this courtier action already sent a courtier to the gate", {})
    if p.home[0] == 0:
        return ("courtiers", "no courtier is left on your domain board", {})
    return ("gate costs 2 coins", "you have {coins} coins", dict(coins=p.goods["coin"]))


def _climb(state, p, a, task):
    if task[2]:
        return ("one climb per courtier action", "this courtier action already climbed; a climb cannot be split", {})
    if not p.court[a.n]:
        return ("climb", "you have no courtier on the {level}", dict(level=C.LEVELS[a.n]))
    return ("climb costs mother-of-pearl", "{floors} floor(s) cost {cost} mother-of-pearl; you have {pearls}",
            dict(floors=a.m, cost=R.CLIMB_COST[a.m], pearls=p.goods["pearl"]))


def _garden(state, p, a, task):
    garden = dict(garden=garden_name(a.n))
    if state.actor in state.gardeners[a.n]:
        return ("one of your gardeners per garden card", "you already have a gardener in the {garden}", garden)
    if p.home[1] == 0:
        return ("gardeners", "no gardener is left on your domain board", {})
    need = state.gardens()[state.garden_cards[a.n]].food
    return ("gardener costs food", "the {garden} costs {need} food; you have {food}",
            dict(garden, need=need, food=p.goods["food"]))


def _yard(state, p, a, task):
    if p.home[2] == 0:
        return ("warriors", "no warrior is left on your domain board", {})
    return ("warrior costs iron", "that yard costs {need} iron; you have {iron}",
            dict(need=C.yards()[a.n][0], iron=p.goods["iron"]))


def _room(state, p, a, task):
    if room_floor(a.n) != task[1]:
        return ("climb destination", "the courtier arrives on floor {floor}, not in {room}",
                dict(floor=task[1], room=SPACE_NAMES[ROOMS[a.n]]))
    return None


def _slot(state, p, a, task):
    if state.daimyo_slots[a.n] is not None:
        return ("one courtier per Daimyo slot", "slot {slot} is already taken", dict(slot="ABC"[a.n]))
    return None


def _pay(state, p, a, task):
    _, unit, amount, inner = task
    if p.goods[unit] < amount:
        return ("pay the cost", "it costs {amount} {unit}(s); you have {held}",
                dict(amount=amount, unit=unit, held=p.goods[unit]))
    return ("nothing to pay for", "{effect} has no option you could take now", dict(effect=C.describe_effect(inner)))


def _choose(state, p, a, task):
    return ("resource cap", "your {good} is at its cap of {cap}; gains above a cap are lost",
            dict(good=a.x, cap=R.CAP[a.x]))


def _newblock(state, p, a, task):
    blocks = C.action_cards()[task[1]].blocks
    if a.n >= len(blocks):
        return ("new card blocks", "{card} has {n} blocks", dict(card=task[1], n=len(blocks)))
    return ("one light-background block", "after a climb you perform one light-background block of {card}; "
            "block {block} is dark", dict(card=task[1], block=a.n + 1))


def _worker(state, p, a, task):
    if a.x not in task[1]:
        return ("outside the walls", "this space offers a {offered} action, not a {kind} action",
                dict(offered=" or ".join(task[1]), kind=a.x))
    return ("nothing to do", "you have no {kind} action you could take now", dict(kind=a.x))


def _castleblock(state, p, a, task):
    tiles = state.room_tiles[a.n]
    room = dict(room=SPACE_NAMES[ROOMS[a.n]], block=a.m + 1)
    if a.m >= len(tiles):
        return ("castle blocks", "{room} has {n} blocks", dict(room, n=len(tiles)))
    if task[0] == "tile":
        return ("die-tile colour", "block {block} of {room} lines up with a {tile} tile, not a {colour} one",
                dict(room, tile=tiles[a.m], colour=task[1]))
    return ("light-background block", "block {block} of {room} is dark", room)


_EXPLAIN = {"choose": _choose, "newblock": _newblock, "worker": _worker, "castleblock": _castleblock,
            "take": _take, "place": _place, "gate": _gate, "climb": _climb, "garden": _garden,
            "yard": _yard, "room": _room, "slot": _slot, "pay": _pay}
