"""The province graph, analysed with NetworkX: connectivity (for the map validator) and the
shortest distances civil disorder asks for, frozen into plain mappings for the hot path.

NetworkX is imported inside the functions: adjudicating a phase never needs it unless a power
is in civil disorder, and then only once per map.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from adjudicator.board.types import province_of

Distances = Mapping[str, Mapping[str, int]]
"""Node -> every node it reaches -> the fewest steps."""


@dataclass(frozen=True)
class DisorderDistances:
    """The three walks of the civil-disorder rules (DATC 4.D.8), from every place to every other.

    - `any_move`: provinces, one army or fleet move a step, over any terrain (2023 rulebook);
    - `army_convoy`: provinces, an army walking over land or crossing water as if convoyed;
    - `fleet`: fleet locations (coasts apart), as a fleet moves.
    """

    any_move: Distances
    army_convoy: Distances
    fleet: Distances


def _frozen(lengths: Iterable[tuple[str, Mapping[str, int]]]) -> Distances:
    return MappingProxyType({node: MappingProxyType(dict(reach)) for node, reach in lengths})


def _all_pairs(edges: Iterable[tuple[str, str]], nodes: Iterable[str]) -> Distances:
    import networkx as nx

    graph: Any = nx.Graph()
    graph.add_nodes_from(nodes)
    graph.add_edges_from(edges)
    return _frozen(nx.all_pairs_shortest_path_length(graph))


def disorder_distances(
    provinces: Mapping[str, Any],
    army: Mapping[str, frozenset[str]],
    fleet: Mapping[str, frozenset[str]],
) -> DisorderDistances:
    """The distance tables of one board (`provinces` maps codes to Province values)."""
    fleet_steps = [(province_of(s), province_of(t)) for s, ts in fleet.items() for t in ts]
    army_steps = [(s, t) for s, ts in army.items() for t in ts]

    def is_sea(code: str) -> bool:
        return bool(provinces[code].is_sea)

    # An army uses a fleet's coastline only as the start or end of a crossing, never to walk
    # along a coast it has no land border on: fleet steps count only where a sea is involved.
    crossings = [(s, t) for s, t in fleet_steps if is_sea(s) or is_sea(t)]
    return DisorderDistances(
        any_move=_all_pairs([*army_steps, *fleet_steps], provinces),
        army_convoy=_all_pairs([*army_steps, *crossings], provinces),
        fleet=_all_pairs(((s, t) for s, ts in fleet.items() for t in ts), fleet),
    )


def cut_off_provinces(
    passable: Iterable[str], army: Mapping[str, Any], fleet: Mapping[str, Any]
) -> list[list[str]]:
    """Groups of provinces no unit can reach from the largest part of the board (empty: the
    board is connected). Edges are taken as written; the validator checks them elsewhere."""
    import networkx as nx

    graph: Any = nx.Graph()
    graph.add_nodes_from(passable)
    for edges in (army, fleet):
        for source, targets in edges.items():
            if isinstance(targets, list):
                graph.add_edges_from(
                    (province_of(source), province_of(t)) for t in targets if isinstance(t, str)
                )
    parts = sorted(nx.connected_components(graph), key=lambda part: (-len(part), sorted(part)))
    return [sorted(part) for part in parts[1:]]


def location_graph(
    provinces: Mapping[str, Any],
    army: Mapping[str, frozenset[str]],
    fleet: Mapping[str, frozenset[str]],
) -> Any:
    """A NetworkX graph of locations with `army`/`fleet` edge flags (`Map.graph`)."""
    import networkx as nx  # only analysis and pictures need the graph: keep start-up light

    graph = nx.Graph()
    for code, prov in provinces.items():
        graph.add_node(code, province=code, terrain=prov.terrain, center=prov.center)
        for coast in prov.coasts:
            graph.add_node(f"{code}/{coast}", province=code, terrain="coast", center=prov.center)
    for source, targets in army.items():
        for target in targets:
            graph.add_edge(source, target, army=True)
    for source, targets in fleet.items():
        for target in targets:
            graph.add_edge(source, target, fleet=True)
    return graph
