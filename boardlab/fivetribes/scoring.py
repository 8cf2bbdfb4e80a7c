"""Final scoring of Five Tribes as a scoring-pad sheet."""

from __future__ import annotations

from boardlab.fivetribes.components import (
    AL_AMIN, DJINNS, FAKIR, HAURVATAT, JAFAAR, MERCH, NTILES, SHAMHAT, TILE_TYPES, const, merchandise_points,
)

CATEGORIES = ("gold", "viziers", "elders", "djinns", "palms", "palaces", "tiles", "merchandise")


def merchandise_with_wilds(counts, wilds: int) -> int:
    """Best set value of ``counts`` (per merchandise type) plus ``wilds`` cards of free types (Al-Amin)."""
    counts = list(counts)
    best = merchandise_points(counts)
    if wilds <= 0:
        return best

    def rec(start, left):
        nonlocal best
        if left == 0:
            best = max(best, merchandise_points(counts))
            return
        for i in range(start, len(counts)):
            counts[i] += 1
            rec(i, left - 1)
            counts[i] -= 1

    rec(0, wilds)
    return best


def vizier_points(viziers, jafaar: int = -1) -> list[int]:
    """Vizier points of each player from everyone's Viziers (one count per player): ``vizier_vp``
    per Vizier (``jafaar_vizier_vp`` for player ``jafaar``, Jafaar's owner; -1 for nobody) plus
    ``vizier_bonus`` per opponent with strictly fewer Viziers (values from ``constants.csv``)."""
    v = list(viziers)
    if any(isinstance(k, bool) or not isinstance(k, int) or k < 0 for k in v):
        raise ValueError(f"Viziers must be whole numbers >= 0, one per player; got {viziers!r}")
    each, jafaar_each, bonus = const("vizier_vp"), const("jafaar_vizier_vp"), const("vizier_bonus")
    return [k * (jafaar_each if p == jafaar else each) + bonus * sum(1 for j in v if j < k)
            for p, k in enumerate(v)]


def score_sheet(st) -> dict:
    P = st.nplayers
    out = {}
    viziers = vizier_points(st.viziers, st.djinn_owner[JAFAAR])
    for p in range(P):
        has = lambda d: st.djinn_owner[d] == p  # noqa: E731
        elder_vp = const("shamhat_elder_vp") if has(SHAMHAT) else const("elder_vp")
        palm_vp = const("haurvatat_palm_vp") if has(HAURVATAT) else const("palm_vp")
        own = [t for t in range(NTILES) if st.camel[t] == p]
        goods = [st.cards[p][c] for c in MERCH]
        wilds = st.cards[p][FAKIR] // 2 if has(AL_AMIN) else 0
        row = {
            "gold": st.gold[p],
            "viziers": viziers[p],
            "elders": st.elders[p] * elder_vp,
            "djinns": sum(DJINNS[d].vp for d in range(len(DJINNS)) if has(d)),
            "palms": sum(st.palms[t] for t in own) * palm_vp,
            "palaces": sum(st.palaces[t] for t in own) * const("palace_vp"),
            "tiles": sum(TILE_TYPES[st.tiles[t]].value for t in own),
            "merchandise": merchandise_with_wilds(goods, wilds),
        }
        row["total"] = sum(row.values())
        out[p] = row
    return out


def ranks(st) -> dict:
    """1 = winner; tied players share a rank (a tie is a shared win)."""
    totals = {p: row["total"] for p, row in score_sheet(st).items()}
    return {p: 1 + sum(1 for q in totals if totals[q] > totals[p]) for p in totals}
