"""Convoy routes on the standard board (board/convoy.py): the one search for a route, its
shortest chain (what a DAIDE report names after VIA), and the fleets a route needs."""

from __future__ import annotations

from adjudicator.board.convoy import needed_for_convoy, route_exists, shortest_route
from adjudicator.board.map import load_map

MAP = load_map()


def test_the_shortest_chain_is_named_in_order() -> None:
    fleets = {"ENG", "MAO", "WES", "NTH", "IRI"}
    assert shortest_route(MAP, "LON", "TUN", fleets) == ("ENG", "MAO", "WES")
    assert route_exists(MAP, "LON", "TUN", fleets, usable=lambda fleet: True)
    assert shortest_route(MAP, "LON", "TUN", fleets - {"MAO"}) == ()
    assert not route_exists(MAP, "LON", "TUN", fleets, usable=lambda fleet: fleet != "MAO")


def test_a_fleet_is_needed_only_on_a_route_without_a_short_cut() -> None:
    # DATC 6.G.19: NTH touches both ends, so a route through ENG and NTH needs no ENG.
    fleets = frozenset({"NTH", "ENG"})
    assert needed_for_convoy(MAP, fleets, "LON", "BEL", "NTH")
    assert needed_for_convoy(MAP, fleets, "LON", "BEL", "ENG")  # ENG alone carries it
    assert not needed_for_convoy(MAP, frozenset({"NTH", "SKA"}), "LON", "NWY", "SKA")
    assert needed_for_convoy(MAP, frozenset({"ENG", "MAO"}), "LON", "POR", "MAO")
    assert not needed_for_convoy(MAP, frozenset({"ENG", "MAO"}), "LON", "POR", "IRI")
