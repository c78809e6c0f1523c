"""Players found by a key without the characters that print as nothing: Ann typed with a zero-width
space between its letters is Ann.

The key is the app's rule of this day (tablekeeper/accounts/validators.py, player_name_key), restated
here so that later changes to the app cannot change what this migration does. Two players of one
keeper whose names now key alike become one, as in 0004: the one whose key was already the new key
(the name typed without invisible characters), else the oldest, keeps its row; each other one's
seats and group places move to it and its row goes. Nothing else is lost: the seats keep their
sessions, points and hands. Except where the two sat at one table together (a session seated both):
such a player keeps its row and its old key, so that no session seats one player twice; a name typed
from now on finds the other.
"""

import unicodedata

from django.db import migrations

INVISIBLE_RANGES = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x2800, 0x2800),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)


def is_invisible(char):
    if unicodedata.category(char) == "Cf":
        return True
    point = ord(char)
    return any(first <= point <= last for first, last in INVISIBLE_RANGES)


def without_invisible(text):
    return "".join(char for char in text if not is_invisible(char))


def name_key(name):
    collapsed = " ".join(without_invisible(name).split())
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", collapsed).casefold())
    return " ".join(without_invisible(folded).split())


def rekey_players(apps, schema_editor):
    Player = apps.get_model("tablekeeper", "Player")
    Seat = apps.get_model("tablekeeper", "Seat")
    Membership = apps.get_model("tablekeeper", "PlayerGroup").players.through
    families = {}
    for player in Player.objects.order_by("owner_id", "created", "pk"):
        families.setdefault((player.owner_id, name_key(player.name)), []).append(player)
    for (_owner_id, key), players in families.items():
        if len(players) == 1:
            if players[0].name_key != key:
                Player.objects.filter(pk=players[0].pk).update(name_key=key)
            continue
        # The player already holding the new key stays (no other can take it); else the oldest.
        kept = next((player for player in players if player.name_key == key), players[0])
        kept_sessions = set(Seat.objects.filter(player_id=kept.pk).values_list("session_id", flat=True))
        for player in players:
            if player.pk == kept.pk:
                continue
            sessions = set(Seat.objects.filter(player_id=player.pk).values_list("session_id", flat=True))
            if sessions & kept_sessions:
                continue  # seated beside it at one table: two people after all, under its old key
            Seat.objects.filter(player_id=player.pk).update(player_id=kept.pk)
            groups_of_kept = set(Membership.objects.filter(player_id=kept.pk).values_list("playergroup_id", flat=True))
            Membership.objects.filter(player_id=player.pk, playergroup_id__in=groups_of_kept).delete()
            Membership.objects.filter(player_id=player.pk).update(player_id=kept.pk)
            Player.objects.filter(pk=player.pk).delete()
            kept_sessions |= sessions
        if kept.name_key != key:
            Player.objects.filter(pk=kept.pk).update(name_key=key)


class Migration(migrations.Migration):
    dependencies = [
        ("tablekeeper", "0024_correction_knock_ons"),
    ]

    operations = [
        migrations.RunPython(rekey_players, migrations.RunPython.noop),
    ]
