"""Give every hand a key that survives renumbering and tie each stored correction to it.

Before this, a correction named only the number its hand had at the time, so after a delete the
hand page of the renumbered hand 6 listed the deleted hand 5's records. The link is rebuilt from
the order of the events (the trail's primary keys, assigned under the session's lock) walked
backwards from the hands as they are now, checked against each event's stored records:

- the hands stored now are, in order, the hands that exist after the last event;
- an "add" or "edit" of hand n is about the hand at position n at that moment (before an add, that
  hand did not exist yet);
- a "delete" or "undo" of hand n removed a hand that is no longer stored: it gets a key of its own,
  and before the event it stood at position n, the later hands one number further on.

Where the hand at position n does not hold the record an "add" or "edit" says it got (a trail
written by hand, or cut short), the one hand that does is taken instead.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.db import migrations, models


def link_trails(apps: Any, schema_editor: Any) -> None:
    Round = apps.get_model("tablekeeper", "Round")
    Correction = apps.get_model("tablekeeper", "Correction")
    session_ids = set(Round.objects.values_list("session_id", flat=True).distinct())
    session_ids |= set(Correction.objects.values_list("session_id", flat=True).distinct())
    for session_id in sorted(session_ids):
        rounds = list(Round.objects.filter(session_id=session_id).order_by("number"))
        for round_ in rounds:
            round_.key = uuid.uuid4()
        Round.objects.bulk_update(rounds, ["key"], batch_size=500)
        corrections = list(Correction.objects.filter(session_id=session_id).order_by("-pk"))
        _link_backwards(corrections, [(round_.key, round_.record) for round_ in rounds])
        Correction.objects.bulk_update(corrections, ["hand_key"], batch_size=500)


def _link_backwards(corrections: list[Any], hands_now: list[tuple[uuid.UUID, Any]]) -> None:
    """Set each correction's hand_key, newest event first, undoing each event on the list of hands."""
    order = [key for key, _record in hands_now]
    record_of: dict[uuid.UUID, Any] = dict(hands_now)
    for correction in corrections:
        position = correction.number - 1
        if correction.action in ("add", "edit"):
            key = order[position] if 0 <= position < len(order) else None
            if key is None or record_of.get(key) != correction.after:
                holding = [other for other in order if record_of.get(other) == correction.after]
                if len(holding) == 1:
                    key = holding[0]
            if key is None:  # a hand nothing stored accounts for: its record stands alone
                key = uuid.uuid4()
            correction.hand_key = key
            if correction.action == "add":
                if key in order:
                    order.remove(key)
            else:
                record_of[key] = correction.before
        else:  # "delete" or "undo": a hand that is gone now stood at `position` before it
            key = uuid.uuid4()
            correction.hand_key = key
            record_of[key] = correction.before
            order.insert(min(max(position, 0), len(order)), key)


class Migration(migrations.Migration):
    dependencies = [("tablekeeper", "0008_table_presets")]

    operations = [
        migrations.AddField(model_name="round", name="key", field=models.UUIDField(editable=False, null=True)),
        migrations.AddField(model_name="correction", name="hand_key", field=models.UUIDField(null=True)),
        migrations.RunPython(link_trails, migrations.RunPython.noop, elidable=False),
    ]
