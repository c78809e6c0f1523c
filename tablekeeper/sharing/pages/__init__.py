"""What the share pages build below their views: the one guard of every page behind a share link
(`guard.behind_link`) and what the result card says (`card`, its lines in words in `card_lines`)."""
