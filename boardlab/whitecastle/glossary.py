"""The White Castle's labels in Korean, in the seed's own words (../shared/seeds/000).

``KO`` maps each English label a White Castle figure or widget shows (exactly as the lesson
code writes it, ``{field}`` placeholders included) to its Korean text; switch with
``plotting.use_language("ko")``. Terms of the seed: 등불 lantern, 다리 bridge, 주사위 die,
동전 coin, 자개 mother-of-pearl, 식량 food, 철 iron, 다이묘 인장 Daimyo seal, 가문 점수 clan
points, 궁정 관리 courtier, 성문 gate, 집사 steward (floor 1), 외교관 diplomat (floor 2),
정원사 gardener, 무사 warrior, 훈련장 training yard, 우물 the Well, 성벽 밖 outside the walls,
개인 영토 personal domain, 시간의 흐름 Passage of Time, 턴 순서 turn order, 라운드 round.
"""

KO = {
    "The White Castle": "백로성",
}
