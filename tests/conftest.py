"""Shared set-up: tests/ is on sys.path, so the test packages share helpers_orders."""
