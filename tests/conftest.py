"""Shared set-up: tests/ is on sys.path (the test packages share helpers_orders), and
hypothesis runs derandomized with no deadline, so a run is repeatable and a busy machine does not
turn a slow example into a failure."""

from hypothesis import settings

settings.register_profile("repeatable", derandomize=True, deadline=None, print_blob=True)
settings.load_profile("repeatable")
