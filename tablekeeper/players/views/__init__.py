"""The players' pages: groups and their standings, and each player's statistics."""
