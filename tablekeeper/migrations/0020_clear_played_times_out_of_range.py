"""Playing times outside 2000-2100 (UTC) cleared: an import of year 1 or 9999, which PostgreSQL kept
but Python cannot read back, left its session unopenable and undeletable. 0021 then has the
database refuse such times."""

import datetime
from typing import Any

from django.db import migrations, models

EARLIEST = datetime.datetime(2000, 1, 1, tzinfo=datetime.UTC)
LATEST = datetime.datetime(2100, 1, 1, tzinfo=datetime.UTC)


def clear_times_out_of_range(apps: Any, schema_editor: Any) -> None:
    sessions = apps.get_model("tablekeeper", "GameSession").objects
    # UPDATE ... WHERE only: no row is read, since reading one such time is what fails.
    for field in ("played_from", "played_until"):
        outside = models.Q(**{f"{field}__lt": EARLIEST}) | models.Q(**{f"{field}__gte": LATEST})
        sessions.filter(outside).update(**{field: None})


class Migration(migrations.Migration):

    dependencies = [
        ('tablekeeper', '0019_keeper_requests_by_typed_name'),
    ]

    operations = [
        migrations.RunPython(clear_times_out_of_range, migrations.RunPython.noop),
    ]
