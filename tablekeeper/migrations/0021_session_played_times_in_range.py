"""Playing times within 2000-2100 (UTC), enforced by the database (0020 cleared older ones first,
in a transaction of its own: PostgreSQL alters no table with that transaction's updates pending)."""

import datetime

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tablekeeper", "0020_clear_played_times_out_of_range"),
    ]

    operations = [
        migrations.AddConstraint(
            model_name='gamesession',
            constraint=models.CheckConstraint(condition=models.Q(('played_from__isnull', True), models.Q(('played_from__gte', datetime.datetime(2000, 1, 1, 0, 0, tzinfo=datetime.timezone.utc)), ('played_from__lt', datetime.datetime(2100, 1, 1, 0, 0, tzinfo=datetime.timezone.utc))), _connector='OR'), name='session_played_from_in_range'),
        ),
        migrations.AddConstraint(
            model_name='gamesession',
            constraint=models.CheckConstraint(condition=models.Q(('played_until__isnull', True), models.Q(('played_until__gte', datetime.datetime(2000, 1, 1, 0, 0, tzinfo=datetime.timezone.utc)), ('played_until__lt', datetime.datetime(2100, 1, 1, 0, 0, tzinfo=datetime.timezone.utc))), _connector='OR'), name='session_played_until_in_range'),
        ),
    ]
