"""Real-world spellings of orders, each read against a position that holds the units it names.

Each row is (phase kind, text as a player writes it, canonical order). The position is built
from the canonical order (its unit, and the unit it supports or convoys), so a row also checks
that unit types and coasts left out of the text come from the position.
"""

from __future__ import annotations

import pytest

from adjudicator.board.map import Map, load_map
from adjudicator.board.position import Dislodged, Position
from adjudicator.board.types import Phase, PhaseKind, Unit
from adjudicator.orders.interpret import interpret_orders
from adjudicator.orders.model import Build, Convoy, Order, SupportHold, SupportMove, UnitRef, Waive
from adjudicator.orders.parse import parse_order

M, R, A = "M", "R", "A"

SPELLINGS: list[tuple[str, str, str]] = [
    # -- what players type that the grammar is spared (issue 10, fault 7) ------------------
    (M, "A Par \u2013 Bur", "A PAR - BUR"),  # en dash
    (M, "A Par \u2014 Bur", "A PAR - BUR"),  # em dash
    (M, "A Par \u2192 Bur", "A PAR - BUR"),  # arrow
    (M, "A Par -- Bur", "A PAR - BUR"),
    (M, "A Par --> Bur", "A PAR - BUR"),
    (M, "F Bre \u2013 Mid\u2013Atlantic Ocean", "F BRE - MAO"),
    (M, "A Lon - Bel (via convoy)", "A LON - BEL VIA"),
    (M, "A Lon-Bel (by convoy)", "A LON - BEL VIA"),
    (M, "A Lon - Bel (via)", "A LON - BEL VIA"),
    (M, "F Sev to the Black Sea", "F SEV - BLA"),
    (M, "F Con moves to the Black Sea", "F CON - BLA"),
    (M, "A Gal stays", "A GAL H"),
    (M, "A Galicia stay", "A GAL H"),
    # -- holds ---------------------------------------------------------------------------
    (M, "A Par H", "A PAR H"),
    (M, "A Paris Holds", "A PAR H"),
    (M, "A PAR HOLD", "A PAR H"),
    (M, "a par h", "A PAR H"),
    (M, "Army Paris stands", "A PAR H"),
    (M, "A Par stand", "A PAR H"),
    (M, "Par H", "A PAR H"),
    (M, "F Brest holds.", "F BRE H"),
    (M, "F North Sea Hold", "F NTH H"),
    (M, "F StP/sc H", "F STP/SC H"),
    (M, "F St. Petersburg (south coast) holds", "F STP/SC H"),
    (M, "F st-petersburg sc hold", "F STP/SC H"),
    (M, "F Saint Petersburg H", "F STP/SC H"),
    (M, "F StP H", "F STP/SC H"),
    (M, "Fleet Mid-Atlantic Ocean stands", "F MAO H"),
    (M, "F Mid Atlantic H", "F MAO H"),
    (M, "F mid h", "F MAO H"),
    (M, "A Venice Hold", "A VEN H"),
    (M, "F Gulf of Lyon Hold", "F LYO H"),
    (M, "F Gulf of Lyons H", "F LYO H"),
    (M, "F Helgoland Bight H", "F HEL H"),
    (M, "F Heligoland H", "F HEL H"),
    (M, "F Skagerrack holds", "F SKA H"),
    (M, "F East Med H", "F EAS H"),
    (M, "F Western Med H", "F WES H"),
    (M, "F Tyrrhenian Sea H", "F TYS H"),
    (M, "F Gulf of Bothnia H", "F BOT H"),
    (M, "A Tyrol H", "A TYR H"),
    (M, "F Nrg H", "F NWG H"),
    (M, "F NAt H", "F NAO H"),
    (M, "A Ser stands", "A SER H"),
    # -- moves ---------------------------------------------------------------------------
    (M, "A Par - Bur", "A PAR - BUR"),
    (M, "A Par-Bur", "A PAR - BUR"),
    (M, "A PAR -> BUR", "A PAR - BUR"),
    (M, "A Par => Bur", "A PAR - BUR"),
    (M, "A Par m Bur", "A PAR - BUR"),
    (M, "A Par move Bur", "A PAR - BUR"),
    (M, "A Par moves Bur", "A PAR - BUR"),
    (M, "A Par to Bur", "A PAR - BUR"),
    (M, "A Par move to Bur", "A PAR - BUR"),
    (M, "A Par moves to Bur", "A PAR - BUR"),
    (M, "A Paris - Burgundy", "A PAR - BUR"),
    (M, "Army Paris -> Burgundy.", "A PAR - BUR"),
    (M, "Par - Bur", "A PAR - BUR"),
    (M, "a PAR - bur", "A PAR - BUR"),
    (M, "A Par - Burg", "A PAR - BUR"),
    (M, "A Par - Burgandy", "A PAR - BUR"),
    (M, "F Lon-Nth", "F LON - NTH"),
    (M, "F London - North Sea", "F LON - NTH"),
    (M, "F Edi - Nrg", "F EDI - NWG"),
    (M, "F Edinburgh - Norwegian Sea", "F EDI - NWG"),
    (M, "A Liverpool moves to Yorkshire", "A LVP - YOR"),
    (M, "F North Sea - Picardy", "F NTH - PIC"),
    (M, "A Liverpool - Irish Sea", "A LVP - IRI"),
    (M, "F Kiel - Munich", "F KIE - MUN"),
    (M, "F Kiel - Kiel", "F KIE - KIE"),
    (M, "F Rome - Venice", "F ROM - VEN"),
    (M, "F Gascony - Spain(nc)", "F GAS - SPA/NC"),
    (M, "F Gascony - Spain", "F GAS - SPA/NC"),
    (M, "F Gascony - Spain(sc)", "F GAS - SPA/SC"),
    (M, "F Gas - Spa/nc", "F GAS - SPA/NC"),
    (M, "F Gas - Spa (north coast)", "F GAS - SPA/NC"),
    (M, "F Gas - Spa north coast", "F GAS - SPA/NC"),
    (M, "F Gas - Spa NC", "F GAS - SPA/NC"),
    (M, "F Gas - Spa/north coast", "F GAS - SPA/NC"),
    (M, "F Gas - Spain (NC)", "F GAS - SPA/NC"),
    (M, "F Gas-Spa(Nc)", "F GAS - SPA/NC"),
    (M, "F Gas - Spa west coast", "F GAS - SPA/NC"),
    (M, "F Por - Spa/sc", "F POR - SPA/SC"),
    (M, "F Mid-Atlantic Ocean - Spain(nc)", "F MAO - SPA/NC"),
    (M, "F Bla - Bul/ec", "F BLA - BUL/EC"),
    (M, "F Con - Bul (east coast)", "F CON - BUL/EC"),
    (M, "F Aeg - Bul/sc", "F AEG - BUL/SC"),
    (M, "F Aegean Sea - Bulgaria", "F AEG - BUL/SC"),
    (M, "F Bot - StP", "F BOT - STP/SC"),
    (M, "F Bar - St Petersburg", "F BAR - STP/NC"),
    (M, "F StP/sc - Bot", "F STP/SC - BOT"),
    (M, "F St Petersburg south coast - Gulf of Bothnia", "F STP/SC - BOT"),
    (M, "F Bul(sc) - Con", "F BUL/SC - CON"),
    (M, "F Constantinople - Bulgaria(ec)", "F CON - BUL/EC"),
    (M, "F Brest - English Channel", "F BRE - ENG"),
    (M, "A Lon - Bel via convoy", "A LON - BEL VIA"),
    (M, "A Lon - Bel via", "A LON - BEL VIA"),
    (M, "A Lon - Bel by convoy", "A LON - BEL VIA"),
    (M, "A London to Belgium via Convoy", "A LON - BEL VIA"),
    (M, "A LON - BEL VIA", "A LON - BEL VIA"),
    (M, "A Picardy - Belgium via Convoy", "A PIC - BEL VIA"),
    (M, "A Gascony - Spain(nc)", "A GAS - SPA"),
    (M, "A Gas - Spa/sc", "A GAS - SPA"),
    (M, "A Munich - Tyrolia", "A MUN - TYR"),
    (M, "A Mun - Tyrol", "A MUN - TYR"),
    (M, "F Nap - Tyn", "F NAP - TYS"),
    (M, "F Naples - Tyrrhenian", "F NAP - TYS"),
    (M, "F Trieste - Adriatic", "F TRI - ADR"),
    (M, "F Sevastapol - Black", "F SEV - BLA"),
    (M, "F Sevastopol - Black Sea", "F SEV - BLA"),
    # the rulebook's sample game, Spring 1901 to Fall 1902
    (M, "A Lvp - Yor", "A LVP - YOR"),
    (M, "F Edi - Norw. Sea", "F EDI - NWG"),
    (M, "A Ber - Kie", "A BER - KIE"),
    (M, "A Mun - Ruh", "A MUN - RUH"),
    (M, "F Kie - Den", "F KIE - DEN"),
    (M, "A Mos - Ukr", "A MOS - UKR"),
    (M, "A War - Gal", "A WAR - GAL"),
    (M, "F StP - Both.", "F STP/SC - BOT"),
    (M, "F Sev - Bla", "F SEV - BLA"),
    (M, "A Con - Bul", "A CON - BUL"),
    (M, "A Smy - Con", "A SMY - CON"),
    (M, "F Ank - Bla", "F ANK - BLA"),
    (M, "A Vie - Tri", "A VIE - TRI"),
    (M, "A Bud - Gal", "A BUD - GAL"),
    (M, "F Tri - Alb", "F TRI - ALB"),
    (M, "A Ven - Pie", "A VEN - PIE"),
    (M, "A Rom - Ven", "A ROM - VEN"),
    (M, "F Nap - Ion", "F NAP - ION"),
    (M, "A Mar - Spa", "A MAR - SPA"),
    (M, "F Bre - Pic", "F BRE - PIC"),
    (M, "A Yor - Nwy", "A YOR - NWY"),
    (M, "F Nrg - Bar", "F NWG - BAR"),
    (M, "F Bot - Swe", "F BOT - SWE"),
    (M, "F Alb - Gre", "F ALB - GRE"),
    (M, "A Spa - Por", "A SPA - POR"),
    (M, "F Ion - Tun", "F ION - TUN"),
    (M, "A Nwy - StP", "A NWY - STP"),
    (M, "A Norway - St. Petersburg", "A NWY - STP"),
    (M, "F W Med.-Mid.", "F WES - MAO"),
    (M, "F Tyrr. - Gulf L.", "F TYS - LYO"),
    (M, "F Nap.-Tyrr.", "F NAP - TYS"),
    (M, "A Bul - Rum", "A BUL - RUM"),
    (M, "A Hol - Bel", "A HOL - BEL"),
    (M, "A Spain - Naples", "A SPA - NAP"),
    (M, "F Spain(nc) - Gulf of Lyon", "F SPA/SC - LYO"),
    (M, "F Spain(sc) - Gulf of Lyon", "F SPA/NC - LYO"),
    # -- supports ------------------------------------------------------------------------
    (M, "A BUD S A RUM - SER", "A BUD S A RUM - SER"),
    (M, "A Bud S A Rum - Ser", "A BUD S A RUM - SER"),
    (M, "A Bud supports A Rum - Ser", "A BUD S A RUM - SER"),
    (M, "A Budapest Supports A Rumania - Serbia", "A BUD S A RUM - SER"),
    (M, "A Bud S Rum - Ser", "A BUD S A RUM - SER"),
    (M, "Bud S Rum-Ser", "A BUD S A RUM - SER"),
    (M, "A Bud support A Rum to Ser", "A BUD S A RUM - SER"),
    (M, "A Bud S A Romania move to Ser", "A BUD S A RUM - SER"),
    (M, "A Sil S Russian A War - Pru", "A SIL S A WAR - PRU"),
    (M, "A Sil S Russian War - Pru", "A SIL S A WAR - PRU"),
    (M, "A Silesia Supports Russian Army Warsaw -> Prussia", "A SIL S A WAR - PRU"),
    (M, "A Bur S A Tyr - Mun", "A BUR S A TYR - MUN"),
    (M, "A Mun S A Ber", "A MUN S A BER"),
    (M, "A Munich supports Berlin", "A MUN S A BER"),
    (M, "A Mun S A Ber H", "A MUN S A BER"),
    (M, "A Mun S A Ber holds", "A MUN S A BER"),
    (M, "F Rome Supports A Apulia - Venice", "F ROM S A APU - VEN"),
    (M, "F Trieste Supports F Trieste", "F TRI S F TRI"),
    (M, "A Tyrolia Supports A Venice - Trieste", "A TYR S A VEN - TRI"),
    (M, "F Marseilles Supports F Gascony - Spain(nc)", "F MAR S F GAS - SPA/NC"),
    (M, "F Spain(nc) Supports F Marseilles - Gulf of Lyon", "F SPA/NC S F MAR - LYO"),
    (M, "F Irish Sea Supports F North Atlantic Ocean - Mid-Atlantic Ocean", "F IRI S F NAO - MAO"),
    (M, "F Spain(nc) Supports F Mid-Atlantic Ocean", "F SPA/NC S F MAO"),
    (M, "F Portugal Supports F Mid-Atlantic Ocean - Spain", "F POR S F MAO - SPA"),
    (M, "F Gulf of Lyon Supports F Western Mediterranean - Spain(sc)", "F LYO S F WES - SPA/SC"),
    (M, "A Ukr S F Sev - Rum", "A UKR S F SEV - RUM"),
    (M, "A Ukr S Sev - Rum", "A UKR S F SEV - RUM"),
    (M, "A Ukr S A Sev - Rum", "A UKR S F SEV - RUM"),
    (M, "F Bla S A Bul - Rum", "F BLA S A BUL - RUM"),
    (M, "A Ser S Turkish A Bul - Rum", "A SER S A BUL - RUM"),
    (M, "A Ser S Turk. A Bul - Rum", "A SER S A BUL - RUM"),
    (M, "F Swe S A StP - Nwy", "F SWE S A STP - NWY"),
    (M, "F Bar S A Nwy - StP", "F BAR S A NWY - STP"),
    (M, "F Mar S F Spa/nc", "F MAR S F SPA/NC"),
    (M, "F Mar S F Spa", "F MAR S F SPA/NC"),
    (M, "A Boh S A Mun", "A BOH S A MUN"),
    (M, "F Mid-Atlantic supports F Brest -> English Channel", "F MAO S F BRE - ENG"),
    (M, "A Kie S Austrian A Boh - Mun", "A KIE S A BOH - MUN"),
    (M, "A Gal S Austrian A Ser - Bud", "A GAL S A SER - BUD"),
    (M, "F Hol S A Bel", "F HOL S A BEL"),
    (M, "A Spa S F Mar", "A SPA S F MAR"),
    (M, "A Sev supports F Rum", "A SEV S F RUM"),
    (M, "A Liverpool Supports A Yorkshire - Yorkshire", "A LVP S A YOR - YOR"),
    (M, "F Black Sea Supports A Rumania - Armenia", "F BLA S A RUM - ARM"),
    (M, "A Bur S F Pic - Bel", "A BUR S F PIC - BEL"),
    (M, "F Nth S F Bul/sc - Con", "F NTH S F BUL/SC - CON"),
    # -- convoys -------------------------------------------------------------------------
    (M, "F NTH C A LON - BEL", "F NTH C A LON - BEL"),
    (M, "F Nth C A Lon - Bel", "F NTH C A LON - BEL"),
    (M, "F North Sea convoys A London - Belgium", "F NTH C A LON - BEL"),
    (M, "F Nth convoy A Lon to Bel", "F NTH C A LON - BEL"),
    (M, "F Nth T A Lon - Bel", "F NTH C A LON - BEL"),
    (M, "F Nth transports A Lon - Bel", "F NTH C A LON - BEL"),
    (M, "F Nth transport Lon - Bel", "F NTH C A LON - BEL"),
    (M, "F Nth C English A Lon - Bel", "F NTH C A LON - BEL"),
    (M, "Nth C Lon-Bel", "F NTH C A LON - BEL"),
    (M, "F Nth C A Lon - Bel.", "F NTH C A LON - BEL"),
    (M, "F Eng C A Lon - Tun", "F ENG C A LON - TUN"),
    (M, "F Mao C A Lon - Tun", "F MAO C A LON - TUN"),
    (M, "F W Med C English A Lon - Tun", "F WES C A LON - TUN"),
    (M, "F Lyo C A Spa - Nap", "F LYO C A SPA - NAP"),
    (M, "F Gulf of Lyon convoys A Spain - Naples", "F LYO C A SPA - NAP"),
    (M, "F Nth C A Yor - Nwy", "F NTH C A YOR - NWY"),
    (M, "F Western Mediterranean Convoys A Marseilles - Spain", "F WES C A MAR - SPA"),
    (M, "F North Sea Convoys A Yorkshire - Yorkshire", "F NTH C A YOR - YOR"),
    (M, "F English Channel Convoys A Picardy - Belgium", "F ENG C A PIC - BEL"),
    # -- retreats and disbands after a movement phase ------------------------------------
    (R, "A Ser - Alb", "A SER R ALB"),
    (R, "A Ser R Alb", "A SER R ALB"),
    (R, "A Serbia retreats to Albania", "A SER R ALB"),
    (R, "A Ser retreat Alb", "A SER R ALB"),
    (R, "A SER R ALB", "A SER R ALB"),
    (R, "Ser - Alb", "A SER R ALB"),
    (R, "A StP R Mos", "A STP R MOS"),
    (R, "A St P - Mos", "A STP R MOS"),
    (R, "A Bur R Gas", "A BUR R GAS"),
    (R, "F Tys R Tun", "F TYS R TUN"),
    (R, "F Mao - Spa/nc", "F MAO R SPA/NC"),
    (R, "F Gas - Spain", "F GAS R SPA/NC"),
    (R, "A Ser D", "A SER D"),
    (R, "A Ser disband", "A SER D"),
    (R, "Disband A Ser", "A SER D"),
    (R, "A Ser disbands", "A SER D"),
    (R, "D A Ser", "A SER D"),
    (R, "A Ser R", "A SER D"),
    # -- adjustments ---------------------------------------------------------------------
    (A, "Build A Par", "A PAR B"),
    (A, "A Par B", "A PAR B"),
    (A, "+ A Par", "A PAR B"),
    (A, "A Par build", "A PAR B"),
    (A, "Build army Paris", "A PAR B"),
    (A, "B A Par", "A PAR B"),
    (A, "builds A Par", "A PAR B"),
    (A, "Build Par", "A PAR B"),
    (A, "F StP/nc build", "F STP/NC B"),
    (A, "Build F StP/nc", "F STP/NC B"),
    (A, "Build F St Petersburg (north coast)", "F STP/NC B"),
    (A, "Build Fleet St. Petersburg north coast", "F STP/NC B"),
    (A, "Build StP/nc", "F STP/NC B"),
    (A, "F STP/NC B", "F STP/NC B"),
    (A, "Build F St Petersburg", "F STP B"),
    (A, "F Edi B", "F EDI B"),
    (A, "F Kie B", "F KIE B"),
    (A, "A Mun B", "A MUN B"),
    (A, "A StP B", "A STP B"),
    (A, "A Sev B", "A SEV B"),
    (A, "F Smy B", "F SMY B"),
    (A, "A Vie B", "A VIE B"),
    (A, "F Nap B", "F NAP B"),
    (A, "F Mar B", "F MAR B"),
    (A, "Build fleet London", "F LON B"),
    (A, "Remove A Par", "A PAR D"),
    (A, "A Par D", "A PAR D"),
    (A, "- A Par", "A PAR D"),
    (A, "* A Par", "A PAR D"),
    (A, "A Par disband", "A PAR D"),
    (A, "Disband A Par", "A PAR D"),
    (A, "R A Par", "A PAR D"),
    (A, "A Par remove", "A PAR D"),
    (A, "removes A Par", "A PAR D"),
    (A, "A Gal D", "A GAL D"),
    (A, "Remove Gal", "A GAL D"),
    (A, "A Par R", "A PAR D"),
    (A, "Remove F StP", "F STP/SC D"),
    (A, "waive", "WAIVE"),
    (A, "W", "WAIVE"),
    (A, "Build waived", "WAIVE"),
    (A, "WAIVE", "WAIVE"),
    (A, "Waives", "WAIVE"),
    (A, "waive build", "WAIVE"),
]

ORDER_WORDS = (
    "h",
    "hold",
    "holds",
    "stand",
    "stands",
    "-",
    "->",
    "=>",
    "m",
    "move",
    "moves",
    "to",
    "s",
    "support",
    "supports",
    "c",
    "convoy",
    "convoys",
    "t",
    "transport",
    "transports",
    "via",
    "by",
    "r",
    "retreat",
    "retreats",
    "b",
    "build",
    "builds",
    "+",
    "d",
    "disband",
    "disbands",
    "remove",
    "removes",
    "*",
    "w",
    "waive",
    "waives",
    "a",
    "army",
    "f",
    "fleet",
)

KINDS = {M: PhaseKind.MOVEMENT, R: PhaseKind.RETREAT, A: PhaseKind.ADJUSTMENT}
PHASES = {M: "S1901M", R: "F1901R", A: "W1901A"}


def _units_named(order: Order) -> list[UnitRef]:
    if isinstance(order, Waive):
        return []
    units = [order.unit]
    if isinstance(order, SupportHold | SupportMove):
        units.append(order.supported)
    if isinstance(order, Convoy):
        units.append(order.army)
    return units


def position_for(game_map: Map, kind: str, canonical: str) -> Position:
    """A position holding exactly the units the canonical order names, all English."""
    order = parse_order(game_map, canonical, KINDS[kind])
    refs = [] if isinstance(order, Build) else _units_named(order)
    units = {r.province: Unit("ENGLAND", r.type, r.location) for r in refs}
    dislodged = {}
    if kind == R:
        dislodged = {p: Dislodged(u, ()) for p, u in units.items()}
        units = {}
    return Position(
        "standard", Phase.parse(PHASES[kind]), units, game_map.start_centers(), dislodged
    )


def test_the_table_is_large_and_covers_every_order_word() -> None:
    assert len(SPELLINGS) >= 150
    texts = " ".join(text.lower() for _, text, _ in SPELLINGS).split()
    for word in ORDER_WORDS:
        assert word in texts, word


@pytest.mark.parametrize(("kind", "text", "canonical"), SPELLINGS)
def test_spelling_reads_as_canonical(kind: str, text: str, canonical: str) -> None:
    game_map = load_map()
    position = position_for(game_map, kind, canonical)
    entries, errors = interpret_orders(game_map, position, {"England": [text]})
    assert errors == []
    assert [str(e.order) for e in entries] == [canonical]
    assert entries[0].input == text
    assert entries[0].power == "ENGLAND"
