"""The players across evenings: groups of regulars (牌友圈), their standings and each player's statistics."""
