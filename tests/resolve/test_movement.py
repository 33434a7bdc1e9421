"""The movement resolver's Python interface on hand-built positions with typed orders.

The DATC cases themselves live only in test_cases/ (run by tests/testcases/test_catalogue.py);
what is here is what a case file cannot say: the reason strings, the contested set, the
retreat options of the outcome value, and that the outcome does not depend on dict order."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from adjudicator.board.map import Map, load_map
from adjudicator.board.position import Position
from adjudicator.board.rules import DEFAULT_RULES, Rules
from adjudicator.board.types import Phase, Unit, UnitType
from adjudicator.orders.model import (
    Convoy,
    Hold,
    Move,
    MovementOrder,
    SupportHold,
    SupportMove,
    UnitRef,
)
from adjudicator.resolve import culprits
from adjudicator.resolve.movement import MovementOutcome, adjudicate_movement

MAP: Map = load_map("standard")


# -- small builders: typed values, written the way the DATC lists a case -------------------------
def ref(text: str) -> UnitRef:
    kind, location = text.split()
    return UnitRef(UnitType(kind), location)


def move(unit: str, target: str, via: bool = False) -> Move:
    return Move(ref(unit), target, via)


def hold(unit: str) -> Hold:
    return Hold(ref(unit))


def sup(unit: str, supported: str, target: str | None = None) -> SupportHold | SupportMove:
    if target is None:
        return SupportHold(ref(unit), ref(supported))
    return SupportMove(ref(unit), ref(supported), target)


def convoy(fleet: str, army: str, target: str) -> Convoy:
    return Convoy(ref(fleet), ref(army), target)


def position(**units: str) -> Position:
    """position(ENGLAND="F NTH, A LON", ...)"""
    board = {}
    for power, listed in units.items():
        for text in listed.split(","):
            unit = Unit.parse(power, text)
            board[unit.province] = unit
    return Position("standard", Phase.parse("S1901M"), board, {})


def run(pos: Position, *orders: MovementOrder, rules: Rules = DEFAULT_RULES) -> MovementOutcome:
    keyed: Mapping[str, MovementOrder] = {o.unit.province: o for o in orders}
    return adjudicate_movement(MAP, pos, keyed, rules)


def board(outcome: MovementOutcome) -> set[str]:
    return {str(u) for u in outcome.units.values()}


def retreats(outcome: MovementOutcome) -> dict[str, tuple[str, ...]]:
    return {str(d.unit): d.retreats for d in outcome.dislodged.values()}


# -- basics -------------------------------------------------------------------------------------
def test_unordered_unit_holds_and_every_unit_has_a_resolution() -> None:
    out = run(position(ENGLAND="F NTH, A LON"), move("F NTH", "NWG"))
    assert board(out) == {"F NWG", "A LON"}
    assert set(out.resolutions) == {"NTH", "LON"}
    assert out.resolutions["LON"].succeeds and out.resolutions["LON"].tags == ()


def test_supported_attack_dislodges_and_retreats_avoid_origin_and_occupied() -> None:
    # 6.A.8 shape: Trieste is attacked from Venice with support from Tyrolia.
    out = run(
        position(AUSTRIA="F TRI", ITALY="A VEN, A TYR"),
        move("A VEN", "TRI"),
        sup("A TYR", "A VEN", "TRI"),
    )
    assert board(out) == {"A TRI", "A TYR"}
    assert retreats(out) == {"F TRI": ("ADR", "ALB")}
    res = out.resolutions["TRI"]
    assert res == type(res)(False, ("dislodged",), "dislodged by A VEN - TRI", ("A VEN",))


def test_dislodged_after_a_bounce_names_both_units_and_orders_its_tags() -> None:
    """The tags with "dislodged" are kept per set of tags (`culprits.DISLODGED_TAGS`), in the
    contract's order; the attacker is named once even when it is also the bounce's culprit."""
    out = run(
        position(AUSTRIA="F TRI", ITALY="A VEN, A TYR"),
        move("F TRI", "VEN"),
        move("A VEN", "TRI"),
        sup("A TYR", "A VEN", "TRI"),
    )
    res = out.resolutions["TRI"]
    reason = "bounced with A VEN - TRI; dislodged by A VEN - TRI"
    assert res == type(res)(False, ("bounce", "dislodged"), reason, ("A VEN",))
    assert culprits.DISLODGED_TAGS[("bounce",)] == ("bounce", "dislodged")


def test_support_cut_reason_names_the_attacker() -> None:
    # 6.D.2 shape: the support in Tyrolia is cut from Trieste.
    out = run(
        position(AUSTRIA="F TRI, A VIE", ITALY="A VEN, A TYR"),
        hold("F TRI"),
        move("A VIE", "TYR"),
        move("A VEN", "TRI"),
        sup("A TYR", "A VEN", "TRI"),
    )
    assert board(out) == {"F TRI", "A VIE", "A VEN", "A TYR"}
    res = out.resolutions["TYR"]
    assert (res.succeeds, res.tags, res.reason) == (False, ("cut",), "support cut by A VIE")


def test_support_not_cut_by_the_unit_it_attacks() -> None:
    # Munich is attacked from Kiel while supporting the attack on Kiel: not cut.
    out = run(
        position(GERMANY="A KIE", RUSSIA="A MUN, A BER"),
        move("A KIE", "MUN"),
        sup("A MUN", "A BER", "KIE"),
        move("A BER", "KIE"),
    )
    assert out.resolutions["MUN"].succeeds
    assert board(out) == {"A MUN", "A KIE"}
    assert retreats(out) == {"A KIE": ("DEN", "HOL", "RUH")}


def test_void_supports_and_their_reasons() -> None:
    out = run(
        position(ENGLAND="F NTH, A LON, F EDI, F YOR"),
        sup("F NTH", "A LON", "BEL"),
        move("A LON", "WAL"),
        sup("F YOR", "F EDI"),
        move("F EDI", "NWG"),
    )
    assert out.resolutions["NTH"].tags == ("void",)
    assert out.resolutions["NTH"].reason == "void: A LON did not move to BEL"
    assert out.resolutions["YOR"].reason == "void: F EDI did not hold"
    assert not out.resolutions["YOR"].succeeds


def test_supporting_a_supporting_unit_in_hold() -> None:
    # A hold support also helps a unit that supports (any order but a move).
    out = run(
        position(GERMANY="A MUN, A BER, A SIL", RUSSIA="A WAR, A PRU, A BOH"),
        sup("A MUN", "A BER"),
        sup("A BER", "A SIL"),
        move("A PRU", "BER"),
        sup("A WAR", "A PRU", "BER"),
    )
    assert "A BER" in board(out)
    assert out.resolutions["PRU"].reason == "bounced with A BER"


# -- head to head, self-dislodgement, beleaguered garrison ---------------------------------------


def test_circular_movement_succeeds_and_swap_without_convoy_fails() -> None:
    # 6.C.1 and 6.A.? swap: a ring moves, a two-unit swap over land bounces.
    ring = run(
        position(TURKEY="F ANK, A CON, A SMY"),
        move("F ANK", "CON"),
        move("A CON", "SMY"),
        move("A SMY", "ANK"),
    )
    assert board(ring) == {"F CON", "A SMY", "A ANK"}
    swap = run(position(TURKEY="A CON, A BUL"), move("A CON", "BUL"), move("A BUL", "CON"))
    assert board(swap) == {"A CON", "A BUL"}


# -- convoys -------------------------------------------------------------------------------------
def test_convoy_carries_army_and_convoy_succeeds() -> None:
    out = run(
        position(ENGLAND="F NTH, A LON"),
        convoy("F NTH", "A LON", "HOL"),
        move("A LON", "HOL"),
    )
    assert board(out) == {"F NTH", "A HOL"}
    assert out.resolutions["NTH"].succeeds


PANDIN_EXTENDED = (
    position(ENGLAND="F LON, F WAL", FRANCE="A BRE, F ENG, F YOR", GERMANY="F NTH, F BEL"),
    (
        sup("F LON", "F WAL", "ENG"),
        move("F WAL", "ENG"),
        move("A BRE", "LON"),
        convoy("F ENG", "A BRE", "LON"),
        sup("F YOR", "A BRE", "LON"),
        sup("F NTH", "F BEL", "ENG"),
        move("F BEL", "ENG"),
    ),
)


# -- retreat options and contested areas ---------------------------------------------------------
def test_no_retreat_to_contested_area() -> None:
    # 6.H.6 shape: Serbia is left empty by a standoff, Venice is the attacker's origin.
    out = run(
        position(AUSTRIA="A TRI, A BUD", ITALY="A VEN, A TYR", TURKEY="A BUL"),
        move("A VEN", "TRI"),
        sup("A TYR", "A VEN", "TRI"),
        move("A BUD", "SER"),
        move("A BUL", "SER"),
    )
    assert out.contested == frozenset({"SER"})
    assert retreats(out) == {"A TRI": ("ALB", "VIE")}


def test_outcome_does_not_depend_on_order_of_the_mapping() -> None:
    pos, orders = PANDIN_EXTENDED
    forward = adjudicate_movement(MAP, pos, {o.unit.province: o for o in orders})
    backward = adjudicate_movement(MAP, pos, {o.unit.province: o for o in reversed(orders)})
    assert forward == backward


def test_a_move_held_off_by_a_supporting_unit_names_the_unit_alone() -> None:
    # (the table's `target` holds a support's area too: a unit is named with its target only
    # when it moves)
    pos = position(FRANCE="A BUR, F PIC", GERMANY="A MUN, A RUH")
    out = run(pos, sup("A BUR", "F PIC", "BEL"), move("F PIC", "BEL"), move("A MUN", "BUR"))
    assert out.resolutions["MUN"].reason == "bounced with A BUR"
    out = run(pos, sup("A BUR", "F PIC", "BEL"), move("A MUN", "BUR"), move("A RUH", "BUR"))
    assert out.resolutions["MUN"].reason == "bounced with A BUR, A RUH - BUR"


def test_a_move_held_off_by_a_unit_and_a_move_as_strong_names_both_once_a_pair(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    culprits.forget()
    monkeypatch.setattr(culprits, "PAIRS_LIMIT", 2)
    # A BUR holds; A PAR and A MUN both move there, each alone: each is held off by A BUR and
    # bounced with the other.
    pos = position(FRANCE="A PAR", GERMANY="A MUN", ITALY="A BUR")
    out = run(pos, move("A PAR", "BUR"), move("A MUN", "BUR"))
    assert out.resolutions["PAR"] == type(out.resolutions["PAR"])(
        False, ("bounce",), "bounced with A BUR, A MUN - BUR", ("A BUR", "A MUN")
    )
    assert out.resolutions["MUN"].reason == "bounced with A BUR, A PAR - BUR"
    held = culprits.culprit(Unit("ITALY", UnitType.ARMY, "BUR"), "")
    assert held.pairs == {
        "A MUN - BUR": out.resolutions["PAR"],
        "A PAR - BUR": out.resolutions["MUN"],
    }
    again = run(pos, move("A PAR", "BUR"), move("A MUN", "BUR"))
    assert again.resolutions["PAR"] is out.resolutions["PAR"]  # (kept, not made again)
    pos = position(FRANCE="A PAR", GERMANY="A RUH", ITALY="A BUR")
    out = run(pos, move("A PAR", "BUR"), move("A RUH", "BUR"))
    assert out.resolutions["PAR"].reason == "bounced with A BUR, A RUH - BUR"
    assert 0 < len(held.pairs) <= 2  # (bounded)


def test_one_units_explanations_are_kept_per_unit_and_target_and_bounded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    culprits.forget()
    monkeypatch.setattr(culprits, "TARGETS_LIMIT", 4)
    monkeypatch.setattr(culprits, "CULPRITS_LIMIT", 2)
    army = Unit("FRANCE", UnitType.ARMY, "PAR")
    for target in ("BUR", "PIC", "GAS", "BRE", "BUR"):
        named = culprits.culprit(army, target)
        assert (named.name, named.ordered) == ("A PAR", f"A PAR - {target}")
        assert named.bounced_by.reason == f"bounced with A PAR - {target}"
        assert named.cut_by == (False, ("cut",), "support cut by A PAR", ("A PAR",))
        assert named.own == (
            False,
            ("bounce",),
            f"cannot dislodge own unit A PAR - {target}",
            ("A PAR",),
        )
    other = Unit("GERMANY", UnitType.ARMY, "PAR")
    assert culprits.culprit(army, "") is culprits.culprit(other, "")  # once per unit and target
    assert culprits.culprit(army, "").bounced_by.reason == "bounced with A PAR"  # (not moving)
    assert culprits.culprit(army, "").own.reason == "cannot dislodge own unit A PAR"
    assert 0 < len(culprits.CULPRITS[UnitType.ARMY]["PAR"]) <= 4
    for location in ("BUR", "MAR", "PAR"):
        culprits.culprit(Unit("FRANCE", UnitType.ARMY, location), "")
    assert len(culprits.CULPRITS[UnitType.ARMY]) <= 2
    assert culprits.CULPRITS[UnitType.FLEET] == {}  # (a fleet is kept apart)


def test_explanations_kept_do_not_grow_with_the_texts_met() -> None:
    """A long run meets ever new order texts (and orders), but one unit's explanations depend
    only on the unit and its target: what is kept stays at a few hundred per map (a batch's
    memory must stay flat)."""
    culprits.forget()
    for _ in range(3):  # new, equal units each time, as new positions give
        for location in ("PAR", "BUR", "MAR"):
            for target in ("PIC", "GAS"):
                culprits.culprit(Unit("FRANCE", UnitType.ARMY, location), target)
            culprits.culprit(Unit("FRANCE", UnitType.ARMY, location), "")
    assert sum(map(len, culprits.CULPRITS[UnitType.ARMY].values())) == 9


def test_decisions_nothing_opposes_are_settled_before_the_algorithm_runs() -> None:
    """Decisions.__init__ settles what nothing opposes (`OrderTable.unopposed`; the algorithm
    finds the same: tests/resolve/test_movement_invariants.py checks that on random
    positions): a move alone into an empty province, a support nobody attacks; and what no
    other decision can change (`_open`): a move over land with no support into a unit that
    stays or head to head with a move over land with no support, or into an empty province
    where the first other move has no support and goes over land, or following alone a move
    nothing opposes (it arrives); a support whose first
    attacker of another power comes over land from elsewhere than where it is directed (cut),
    or attacked by its own power alone (stands). A move into a province a unit that may leave
    stands in (marked FOLLOWS), a supported move, and a support attacked from where it is
    directed, are left to `resolve_all`, which settles them all."""
    from adjudicator.resolve.decisions import FOLLOWS, RESOLVED, UNRESOLVED, Decisions
    from adjudicator.resolve.order_table import HOLD, NONE, build_table

    board = position(
        FRANCE="A PAR, A BEL, F MAR",
        GERMANY="A MUN, A RUH, A KIE",
        ITALY="A PIE, A VEN, F LYO",
        ENGLAND="A HOL, A LVP, A YOR, A WAL",
        AUSTRIA="A GAL",
        RUSSIA="A SIL, A WAR, A MOS",
    )
    orders = [
        move("A PAR", "BUR"),  # bounces with A MUN: each strength 1
        move("A MUN", "BUR"),
        move("A BEL", "RUH"),  # into A RUH, which stays; cuts its support, from elsewhere
        sup("A RUH", "A KIE", "HOL"),
        move("A KIE", "HOL"),  # supported (in vain): its attack depends on the support
        move("F MAR", "LYO"),  # into F LYO, which stays; from where its support is directed
        sup("F LYO", "A PIE", "MAR"),  # cut only if dislodged: A PIE dislodges F MAR
        move("A PIE", "MAR"),
        move("A VEN", "PIE"),  # follows A PIE: asks whether it leaves
        move("A LVP", "YOR"),  # into a unit of its own power
        sup("A YOR", "A WAL"),  # attacked by its own power alone: stands
        move("A GAL", "SIL"),  # head to head, neither supported: each strength 1
        move("A SIL", "GAL"),
        move("A WAR", "UKR"),  # nothing opposes it
        move("A MOS", "WAR"),  # follows it alone: arrives
    ]
    table = build_table(MAP, board, {o.unit.province: o for o in orders}, DEFAULT_RULES)
    d = Decisions(MAP, table, DEFAULT_RULES)
    at = table.index
    # (not A HOL, A WAL, which hold, nor A WAR, which nothing opposes)
    decided = [p for p in at if table.kind[at[p]] != HOLD and not table.unopposed[at[p]]]
    settled = {p: d.result[at[p]] for p in decided if d.state[at[p]] == RESOLVED}
    assert settled == {
        "PAR": False,
        "MUN": False,
        "BEL": False,
        "RUH": False,
        "MAR": False,
        "LVP": False,
        "YOR": True,
        "GAL": False,
        "SIL": False,
        "MOS": True,
    }
    assert sorted(table.opposed) == sorted(at[p] for p in decided)
    assert d.bounced == {
        at["PAR"]: (1, NONE),
        at["MUN"]: (1, NONE),
        at["BEL"]: (1, at["RUH"]),
        at["MAR"]: (1, at["LYO"]),
        at["LVP"]: (0, NONE),
        at["GAL"]: (1, at["SIL"]),
        at["SIL"]: (1, at["GAL"]),
    }
    follows = {p for p in decided if d.state[at[p]] == FOLLOWS}
    assert follows == {"VEN"}
    assert all(d.state[at[p]] == UNRESOLVED for p in decided if p not in {*settled, *follows})
    d.resolve_all()
    assert {p: d.result[at[p]] for p in decided} == {
        **settled,
        "KIE": False,
        "LYO": True,
        "PIE": True,
        "VEN": True,
    }


def test_an_army_convoyed_alone_into_an_empty_province_by_unattacked_fleets_is_unopposed() -> None:
    """The table settles up front a move by convoy that lands whatever happens
    (`convoy_orders._lands`): alone into an empty province, no fleet that could carry it
    attacked (they all stay, and make a route). One whose fleet is attacked, or that meets
    another move, stays a decision; the algorithm settles them as the rules say."""
    from adjudicator.resolve.order_table import build_table

    board_before = position(
        ENGLAND="A LON, F NTH, A WAL, F ENG",
        FRANCE="F BRE, A NAF",
        ITALY="A NAP, F TYS",
    )
    orders = [
        move("A LON", "NWY", via=True),  # lands: F NTH is not attacked, nobody else goes there
        convoy("F NTH", "A LON", "NWY"),
        move("A WAL", "PIC", via=True),  # F ENG attacked (in vain): a decision
        convoy("F ENG", "A WAL", "PIC"),
        move("F BRE", "ENG"),
        move("A NAP", "TUN", via=True),  # meets A NAF there: a decision (both bounce)
        convoy("F TYS", "A NAP", "TUN"),
        move("A NAF", "TUN"),
    ]
    table = build_table(MAP, board_before, {o.unit.province: o for o in orders}, DEFAULT_RULES)
    at = table.index
    assert table.unopposed[at["LON"]] and at["LON"] not in table.opposed
    assert {at["WAL"], at["NAP"]} <= set(table.opposed)
    assert not table.unopposed[at["WAL"]] and not table.unopposed[at["NAP"]]
    out = run(board_before, *orders)
    assert board(out) == {"A NWY", "F NTH", "A PIC", "F ENG", "F BRE", "A NAF", "A NAP", "F TYS"}
    assert out.resolutions["LON"].succeeds and out.resolutions["WAL"].succeeds


def test_void_and_no_convoy_resolutions_are_kept_by_reason_and_bounded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    culprits.VOID.clear()  # (Final: emptied, not replaced)
    culprits.NO_CONVOY.clear()
    monkeypatch.setattr(culprits, "REASONS_LIMIT", 2)
    reason = "void: A PAR did not move to BUR"
    assert culprits.void(reason) == (False, ("void",), reason, ())
    assert culprits.void("void: A" + reason[7:]) is culprits.void(reason)  # (an equal string)
    assert culprits.no_convoy("TUN") == (False, ("no_convoy",), "no convoy route to TUN", ())
    assert culprits.no_convoy("TUN") is culprits.no_convoy("TUN")
    for province in ("NAF", "SYR", "TUN"):
        culprits.no_convoy(province)
    assert len(culprits.NO_CONVOY) <= 2
