from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path, register_converter
from django.views.generic import RedirectView

from tablekeeper.accounts import views as accounts
from tablekeeper.keeping.views import (
    exchange,
    hands,
    history,
    keepers,
    next_hand,
    outbox,
    presets,
    reference,
    saved_hands,
    sessions,
)
from tablekeeper.players.views import claims, groups, me, my_groups, players, table
from tablekeeper.sharing.views import history as shared_hands
from tablekeeper.sharing.views import rules as shared_rules
from tablekeeper.sharing.views import share, summary
from tablekeeper.sharing.views.card import session_card, shared_card
from tablekeeper.web import offline
from tablekeeper.web.converters import BoundedIntConverter

# <int:...> would take any number of digits, and a 30-digit id overflows SQLite's integers and
# PostgreSQL's bigint (a 500); bounded ids simply do not match, so the answer is 404.
register_converter(BoundedIntConverter, "id")

# Whatever a view or a middleware raises ends here; a database locked or out of reach is a 503.
handler500 = "tablekeeper.web.errors.server_error"

urlpatterns = [
    path("", RedirectView.as_view(pattern_name="session_list"), name="home"),
    path("accounts/signup/", accounts.signup, name="signup"),
    path("accounts/login/", keepers.InvitedLoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/name/", accounts.display_name, name="display_name"),
    path("accounts/password/", accounts.PasswordChangeView.as_view(), name="password_change"),
    path("accounts/password/done/", auth_views.PasswordChangeDoneView.as_view(), name="password_change_done"),
    path("accounts/reset/", accounts.PasswordResetView.as_view(), name="password_reset"),
    path("accounts/reset/sent/", auth_views.PasswordResetDoneView.as_view(), name="password_reset_done"),
    path(
        "accounts/reset/<uidb64>/<token>/",
        accounts.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path("accounts/reset/done/", auth_views.PasswordResetCompleteView.as_view(), name="password_reset_complete"),
    path("sessions/", sessions.session_list, name="session_list"),
    path("sessions/new/", sessions.session_new, name="session_new"),
    path("sessions/new/options/", sessions.session_new_options, name="session_new_options"),
    path("sessions/<id:session_id>/", sessions.session_detail, name="session_detail"),
    path("sessions/<id:session_id>/finish/", sessions.session_finish, name="session_finish"),
    path("players/", players.player_list, name="player_list"),
    path("groups/", groups.group_list, name="group_list"),
    path("groups/<id:group_id>/", groups.group_detail, name="group_detail"),
    path("groups/<id:group_id>/edit/", groups.group_edit, name="group_edit"),
    path("groups/<id:group_id>/rename/", groups.group_rename, name="group_rename"),
    path("groups/<id:group_id>/players/", groups.group_add_member, name="group_add_member"),
    path("groups/<id:group_id>/players/<id:player_id>/remove/", groups.group_remove_member, name="group_remove_member"),
    path("groups/<id:group_id>/delete/", groups.group_delete, name="group_delete"),
    path("sessions/import/", exchange.session_import, name="session_import"),
    path("sessions/<id:session_id>/export.json", exchange.session_export_json, name="session_export_json"),
    path("sessions/<id:session_id>/export.csv", exchange.session_export_csv, name="session_export_csv"),
    path("sessions/<id:session_id>/reopen/", sessions.session_reopen, name="session_reopen"),
    path("sessions/<id:session_id>/archive/", sessions.session_archive, name="session_archive"),
    path("sessions/<id:session_id>/delete/", sessions.session_delete, name="session_delete"),
    path("sessions/<id:session_id>/preset/", presets.preset_save, name="preset_save"),
    path("sessions/<id:session_id>/again/", presets.session_again, name="session_again"),
    path("sessions/<id:session_id>/manage/", sessions.session_manage, name="session_manage"),
    path("sessions/<id:session_id>/fee/", sessions.session_fee, name="session_fee"),
    path("sessions/<id:session_id>/card/", session_card, name="session_card"),
    path("sessions/<id:session_id>/rules/", reference.session_rules, name="session_rules"),
    path("rules/<slug:variant>/", reference.variant_rules, name="variant_rules"),
    path("presets/", presets.preset_list, name="preset_list"),
    path("presets/<id:preset_id>/start/", presets.preset_start, name="preset_start"),
    path("presets/<id:preset_id>/rename/", presets.preset_rename, name="preset_rename"),
    path("presets/<id:preset_id>/delete/", presets.preset_delete, name="preset_delete"),
    path("sessions/<id:session_id>/money-rate/", sessions.session_money_rate, name="session_money_rate"),
    path("sessions/<id:session_id>/summary/", summary.session_summary, name="session_summary"),
    path("sessions/<id:session_id>/hands/", history.hand_history, name="hand_history"),
    path("sessions/<id:session_id>/hands/new/", hands.hand_new, name="hand_new"),
    path("sessions/<id:session_id>/hands/preview/", hands.hand_preview, name="hand_preview"),
    path("sessions/<id:session_id>/hands/outbox/", outbox.hand_outbox, name="hand_outbox"),
    path("sessions/<id:session_id>/hands/next/", next_hand.next_hand, name="next_hand"),
    path("sessions/<id:session_id>/hands/undo/", saved_hands.hand_undo, name="hand_undo"),
    path("sessions/<id:session_id>/hands/removed/", history.removed_hands_page, name="removed_hands"),
    path("sessions/<id:session_id>/hands/<id:number>/", saved_hands.hand_detail, name="hand_detail"),
    path("sessions/<id:session_id>/hands/<id:number>/edit/", hands.hand_edit, name="hand_edit"),
    path("sessions/<id:session_id>/hands/<id:number>/delete/", saved_hands.hand_delete, name="hand_delete"),
    path("sessions/<id:session_id>/share/", share.share_page, name="share_page"),
    path("sessions/<id:session_id>/share/settings/", share.share_settings, name="share_settings"),
    path("sessions/<id:session_id>/keepers/", keepers.session_keepers, name="session_keepers"),
    path("sessions/<id:session_id>/keepers/add/", keepers.keeper_add, name="keeper_add"),
    path("sessions/<id:session_id>/keepers/invitation/", keepers.keeper_invitation, name="keeper_invitation"),
    path("sessions/<id:session_id>/keepers/<id:user_id>/remove/", keepers.keeper_remove, name="keeper_remove"),
    path("keepers/requests/<id:request_id>/", keepers.keeper_request_answer, name="keeper_request_answer"),
    path(
        "sessions/<id:session_id>/keepers/requests/<id:request_id>/withdraw/",
        keepers.keeper_request_withdraw,
        name="keeper_request_withdraw",
    ),
    path("join/<slug:token>/", keepers.join_session, name="join_session"),
    path("sw.js", offline.service_worker, name="service_worker"),
    path("offline/", offline.offline_page, name="offline"),
    path("offline/key/", offline.offline_key_check, name="offline_key_check"),
    path("phrase/scripts/", offline.phrase_scripts, name="phrase_scripts"),
    path("b/<slug:token>/", share.shared_board, name="shared_board"),
    path("b/<slug:token>/summary/", summary.shared_summary, name="shared_summary"),
    path("b/<slug:token>/card/", shared_card, name="shared_card"),
    path("b/<slug:token>/hands/", shared_hands.shared_history, name="shared_history"),
    path("b/<slug:token>/rules/", shared_rules.shared_rules, name="shared_rules"),
    path("b/<slug:token>/claim/<id:seat>/", claims.claim_seat, name="claim_seat"),
    path("sessions/<id:session_id>/players/", table.session_players, name="session_players"),
    path("sessions/<id:session_id>/claims/<id:seat>/", claims.claim_decide, name="claim_decide"),
    path("sessions/<id:session_id>/seats/<id:seat>/unlink/", claims.seat_unlink, name="seat_unlink"),
    path("me/", me.my_record, name="my_record"),
    path("me/record.csv", me.my_record_csv, name="my_record_csv"),
    path("me/groups/<id:group_id>/", my_groups.my_group, name="my_group"),
    path("me/evenings/<id:seat_id>/unlink/", me.my_evening_unlink, name="my_evening_unlink"),
    path("me/unlink/", me.my_unlink_all, name="my_unlink_all"),
    path("me/delete/", me.my_account_delete, name="my_account_delete"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
]
