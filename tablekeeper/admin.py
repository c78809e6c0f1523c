from typing import TYPE_CHECKING

from django.contrib import admin

from tablekeeper.keeping.models import Correction, GameSession, Player, Round, Seat

# The admin classes are generic only for the type checker (django-stubs); at run time they are
# plain classes, and django-stubs-ext is a test-only dependency.
if TYPE_CHECKING:
    SeatInlineBase = admin.TabularInline[Seat, GameSession]
    SessionAdminBase = admin.ModelAdmin[GameSession]
    PlayerAdminBase = admin.ModelAdmin[Player]
    RoundAdminBase = admin.ModelAdmin[Round]
    CorrectionAdminBase = admin.ModelAdmin[Correction]
else:
    SeatInlineBase = admin.TabularInline
    SessionAdminBase = PlayerAdminBase = RoundAdminBase = CorrectionAdminBase = admin.ModelAdmin


class SeatInline(SeatInlineBase):
    model = Seat
    extra = 0


@admin.register(GameSession)
class GameSessionAdmin(SessionAdminBase):
    list_display = (
        "pk",
        "owner",
        "variant",
        "status",
        "hand_count",
        "created",
    )
    list_filter = (
        "variant",
        "status",
    )
    inlines = (SeatInline,)


@admin.register(Player)
class PlayerAdmin(PlayerAdminBase):
    list_display = (
        "name",
        "owner",
    )
    search_fields = ("name",)


@admin.register(Round)
class RoundAdmin(RoundAdminBase):
    list_display = (
        "session",
        "number",
        "key",
        "entered_by",
        "created",
    )


@admin.register(Correction)
class CorrectionAdmin(CorrectionAdminBase):
    list_display = (
        "session",
        "number",
        "action",
        "who",
        "when",
    )
    # A hand's whole trail, whatever numbers it had: search by its key (Round.key).
    search_fields = ("hand_key",)
