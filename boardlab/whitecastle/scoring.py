"""Final scoring of The White Castle, one category per line of the scoring pad."""

from __future__ import annotations

from boardlab.whitecastle import components as C

CATEGORIES = ("in-game points", "passage of time", "courtiers", "warriors", "gardeners",
              "coins and seals", "resources")


def courtier_points(court: list[int]) -> int:
    """Seed: each courtier scores 1 at the gate, 3 on floor 1, 6 on floor 2, 10 on floor 3."""
    b = C.board()
    values = (b["courtier_points_gate"], b["courtier_points_floor1"], b["courtier_points_floor2"],
              b["courtier_points_floor3"])
    return sum(n * v for n, v in zip(court, values))


def warrior_points(warriors: list[int], court: list[int]) -> int:
    """Seed: each yard's warrior value times your courtiers inside the castle (the gate does not count)."""
    inside = court[1] + court[2] + court[3]
    return sum(n * value for n, (_, value, _) in zip(warriors, C.yards())) * inside


def resource_points(amount: int) -> int:
    """Seed: each of food, iron, mother-of-pearl scores 1 for 3-6 left and 2 for 7."""
    return 2 if amount >= 7 else 1 if amount >= 3 else 0


def player_sheet(state, i: int) -> dict[str, int]:
    p = state.players[i]
    g = p.goods
    sheet = {
        "in-game points": g["cp"],
        "passage of time": C.time_points()[p.time],
        "courtiers": courtier_points(p.court),
        "warriors": warrior_points(p.warriors, p.court),
        "gardeners": sum(state.gardens()[state.garden_cards[s]].points for s in range(6) if i in state.gardeners[s]),
        "coins and seals": (g["coin"] + g["seal"]) // 5,  # together, 1 per 5
        "resources": sum(resource_points(g[r]) for r in C.RESOURCES),
    }
    sheet["total"] = sum(sheet.values())
    return sheet


def score_sheet(state) -> dict[int, dict[str, int]]:
    """Every player's sheet (solo: the human's; the rival's is ``solo.rival_sheet``)."""
    return {i: player_sheet(state, i) for i in range(state.game.players)}


def ranks(state) -> dict[int, int]:
    """Highest total first; a tie goes to the player earlier in the final turn order."""
    totals = {i: s["total"] for i, s in score_sheet(state).items()}
    place = {p: k for k, p in enumerate(state.turn_order_from_time() if not state.is_over else state.order)}
    ordered = sorted(totals, key=lambda i: (-totals[i], place[i]))
    return {player: rank for rank, player in enumerate(ordered, 1)}
