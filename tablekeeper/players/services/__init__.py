"""Groups, standings and per-player statistics, worked out by the database from the sessions' hand columns."""
