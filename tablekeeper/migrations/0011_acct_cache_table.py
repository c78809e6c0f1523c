"""The database cache's table (sign-up and reset counts, the login throttle's per-device counts):
`migrate` alone prepares everything, so a deployment that never ran `createcachetable` works."""

from django.core.management import call_command
from django.db import migrations


def create_cache_table(apps, schema_editor):
    # Creates the table of every database cache in settings.CACHES, skipping one that exists.
    call_command("createcachetable", database=schema_editor.connection.alias, verbosity=0)


class Migration(migrations.Migration):
    dependencies = [("tablekeeper", "0010_words_hand_keys_required")]

    operations = [migrations.RunPython(create_cache_table, migrations.RunPython.noop)]
