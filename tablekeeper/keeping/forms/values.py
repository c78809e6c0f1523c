"""What a form holds by field name."""

from __future__ import annotations

from typing import Any

# A form's values by field name: Django's `cleaned_data` (typed so by Django itself), a form's `initial`,
# or each field's value as the hand-written template shows it. The names are made at run time
# (`kong_seat_2`, `count_edge_wait`), so the keys cannot be listed as a type; what the engine reads
# leaves the form as a typed `Record` (hand_record.py).
FieldValues = dict[str, Any]
