"""A Diplomacy adjudicator: DATC v3.0 exact, maps as data, JSON in and out."""
