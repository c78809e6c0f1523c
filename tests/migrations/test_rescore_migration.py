"""Migration 0017, frozen: the rule book's new law (RULES §9.9: D-21 Dalian 夹胡, Z-13 Zhengzhou 庄家加底)
re-scores stored hands only with the engine of 0017's day, so the migration passes where no stored hand is
within the new law's reach and otherwise stops, changing nothing, naming the hands and the commit to migrate
through. A `rescore` correction that commit wrote is shown on the hand's page.

The sessions are built by the app's services, then the migration runs again from the one before it.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client
from django.urls import reverse

from tablekeeper.keeping import services
from tablekeeper.keeping.models import Correction, GameSession, Round
from tablekeeper.reading.corrected_hands import RescoredFigures
from tablekeeper.rules import Record, State
from tests.conftest import stands

# Nightly: migration 0017 is frozen (it imports no live code, which test_migrations.py checks for every
# migration) and ran long ago on every database; migrating back and forth across it costs CI half a minute.
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.nightly]

BEFORE = [("tablekeeper", "0016_data_spent_tokens_and_import_fingerprint")]
AFTER = [("tablekeeper", "0017_law18_rescore_new_law")]
NAMES = ["Ann", "Bo", "Cy", "Di"]

# RULES §9.2.1's example: the 13 tiles wait on 2m and 3m, so 2m is no edge win under D-21.
TWO_KIND_WAIT: Record = {
    "result": "win",
    "wins": [{"seat": 1, "method": "self_draw", "patterns": [], "tiles": "[789p][555s]1113m678s+2m"}],
}
PLAIN_DISCARD_WIN: Record = {"result": "win", "wins": [{"seat": 3, "method": "discard", "from": 0, "patterns": []}]}
TICKED_EDGE_WIN: Record = {"result": "win", "wins": [{"seat": 2, "method": "self_draw", "patterns": ["edge_wait"]}]}
SELF_DRAW: Record = {"result": "win", "wins": [{"seat": 2, "method": "self_draw", "patterns": []}]}
# RULES §9.6.4's example: P1 self-draws, P2 holds a concealed kong, P0 deals.
DEALER_PAYS_A_KONG: Record = {
    "result": "win",
    "wins": [{"seat": 1, "method": "self_draw", "patterns": []}],
    "kongs": [{"seat": 2, "kind": "concealed", "tile": "6m"}],
}


def migrate(targets: list[tuple[str, str]]) -> None:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)


def migrate_to_the_latest() -> None:
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())


@pytest.fixture
def keeper() -> Any:
    user = User.objects.create_user("keeper", password="mahjong-tiles-42!")
    yield user
    # Leave the database as the other tests expect it: every migration applied.
    migrate_to_the_latest()


def played(user: User, variant: str, options: dict[str, Any], records: list[Record], base: int) -> GameSession:
    session = services.start_session(
        user, variant=variant, player_names=NAMES, first_dealer=0, starting_points=1000, base=base, options=options
    )
    for number, record in enumerate(records, start=1):
        stands(services.record_hand(session, record, client_token=f"t{number}", expected_number=number, user=user))
    session.refresh_from_db()
    return session


def stored(session: GameSession) -> list[tuple[list[int], int, State]]:
    """The hand rows' figures, read by name so that the schema before 0017 reads them too."""
    rows = Round.objects.filter(session=session).order_by("number")
    return list(rows.values_list("deltas", "pot_delta", "state_after"))


def test_sessions_the_new_law_cannot_change_let_the_migration_pass_untouched(keeper: User) -> None:
    dalian = played(keeper, "dalian", {}, [PLAIN_DISCARD_WIN, TICKED_EDGE_WIN], 1)
    zhengzhou_without_the_rule = played(keeper, "zhengzhou", {}, [DEALER_PAYS_A_KONG], 10)
    zhengzhou_without_kongs = played(keeper, "zhengzhou", {"dealer_add_base": True}, [SELF_DRAW], 10)
    shenyang_with_tiles = played(keeper, "shenyang", {}, [TWO_KIND_WAIT], 1)
    sessions = [dalian, zhengzhou_without_the_rule, zhengzhou_without_kongs, shenyang_with_tiles]
    before = {s.pk: (stored(s), s.version) for s in sessions}
    migrate(BEFORE)

    migrate(AFTER)
    migrate_to_the_latest()

    for session in sessions:
        session.refresh_from_db()
        assert (stored(session), session.version) == before[session.pk]
    assert not Correction.objects.filter(action="rescore").exists()


@pytest.mark.parametrize(
    ("variant", "options", "records", "named"),
    [
        ("dalian", {}, [PLAIN_DISCARD_WIN, TWO_KIND_WAIT], "(dalian, D-21): hands [2]"),
        ("zhengzhou", {"dealer_add_base": True}, [DEALER_PAYS_A_KONG], "(zhengzhou, Z-13): hands [1]"),
    ],
)
def test_a_hand_within_the_new_laws_reach_stops_the_migration_naming_it_and_the_commit_to_migrate_through(
    keeper: User, variant: str, options: dict[str, Any], records: list[Record], named: str
) -> None:
    session = played(keeper, variant, options, records, 1)
    figures = stored(session)
    migrate(BEFORE)

    with pytest.raises(RuntimeError) as stopped:
        migrate(AFTER)

    message = str(stopped.value)
    assert f"session {session.pk} {named}" in message
    assert "git checkout 09c8ab4 && python manage.py migrate tablekeeper 0017" in message
    assert "Nothing was migrated." in message
    assert stored(session) == figures
    # Out of the way, with the models of the schema it stopped at, so that the database can migrate on.
    old = MigrationExecutor(connection).loader.project_state(BEFORE).apps
    old.get_model("tablekeeper", "GameSession").objects.filter(pk=session.pk).delete()


def test_a_rescore_correction_is_shown_on_the_hands_page_with_the_figures_before_and_after(keeper: User) -> None:
    session = played(keeper, "dalian", {}, [TWO_KIND_WAIT], 1)
    hand = Round.objects.get(session=session, number=1)
    Correction.objects.create(
        session=session,
        hand_key=hand.key,
        number=1,
        action="rescore",
        before=RescoredFigures(law="D-21", deltas=[-4, 12, -4, -4], pot_delta=0),
        after=RescoredFigures(law="D-21", deltas=[-2, 6, -2, -2], pot_delta=0),
    )
    client = Client()
    client.force_login(keeper)
    url = reverse("hand_detail", args=[session.pk, 1])

    english = client.get(url, headers={"Accept-Language": "en"}).content.decode()
    chinese = client.get(url, headers={"Accept-Language": "zh-hans"}).content.decode()

    assert "re-scored under the rule book&#x27;s new law" in english
    assert "Points: Ann −4, Bo +12, Cy −4, Di −4." in english
    assert "Points: Ann −2, Bo +6, Cy −2, Di −2." in english
    assert "按新规则重新计分" in chinese
    assert "得分：Ann −2" in chinese
