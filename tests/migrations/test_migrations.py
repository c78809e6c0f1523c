"""The migrations are frozen (none imports the app's live code), and their data steps on rows written before them."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.state import StateApps

from tests.conftest import stands

MIGRATIONS = sorted((Path(__file__).parents[2] / "tablekeeper" / "migrations").glob("0*.py"))
BEFORE = [("tablekeeper", "0003_rescore_lines_as_reasons_data")]
AFTER = [("tablekeeper", "0004_player_name_key_and_hand_columns")]


def migrate(targets: list[tuple[str, str]]) -> StateApps:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def imported_modules(tree: ast.Module) -> list[str]:
    """Every module a migration imports, relative imports resolved from tablekeeper.migrations."""
    modules = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            package = ["tablekeeper", "migrations"][: max(0, 3 - node.level)] if node.level else []
            base = ".".join([*package, node.module or ""]).strip(".")
            modules += [base, *(f"{base}.{alias.name}" for alias in node.names)]
    return modules


def model_references_outside_field_defaults(tree: ast.Module) -> list[str]:
    """`tablekeeper.models.<name>` anywhere but as a field's `default=`: code of the app a migration would run."""
    defaults = {
        id(keyword.value) for node in ast.walk(tree) if isinstance(node, ast.Call) for keyword in node.keywords
        if keyword.arg == "default"
    }  # fmt: skip
    return [
        ast.unparse(node)
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and ast.unparse(node.value) == "tablekeeper.models"
        and id(node) not in defaults
    ]


@pytest.mark.parametrize("migration", MIGRATIONS, ids=lambda path: path.stem)
def test_no_migration_imports_the_engine_or_the_code_built_on_it(migration: Path) -> None:
    """A migration runs years later on a database that has not run it yet: it must do then what it did when it
    was written, so it imports nothing that changes with the app (the engine, the services, the reasons...).
    The one exception Django itself writes: a model field's default, named as `tablekeeper.models.<function>`."""
    tree = ast.parse(migration.read_text(encoding="utf-8"))
    ours = [module for module in imported_modules(tree) if module.split(".")[0] == "tablekeeper"]
    assert [module for module in ours if module != "tablekeeper.models"] == [], migration.name
    assert model_references_outside_field_defaults(tree) == [], migration.name


def test_the_import_check_catches_the_engine_imported_every_way() -> None:
    for source in (
        "from tablekeeper.rules import replay",
        "import tablekeeper.rules.engine",
        "from ..rules import get_variant",
        "from .. import services",
        "from tablekeeper import reasons",
    ):
        modules = imported_modules(ast.parse(source))
        assert any(module.startswith(("tablekeeper.rules", "tablekeeper.services", "tablekeeper.reasons"))
                   for module in modules), source  # fmt: skip
    called = ast.parse("import tablekeeper.models\nkey = tablekeeper.models.player_name_key('Bo')")
    assert model_references_outside_field_defaults(called) == ["tablekeeper.models.player_name_key"]
    default = ast.parse("import tablekeeper.models\nfield = models.CharField(default=tablekeeper.models.new_token)")
    assert model_references_outside_field_defaults(default) == []


@pytest.mark.django_db(transaction=True)
def test_migration_0004_keys_players_merges_folded_twins_and_fills_the_hand_columns():
    old = migrate(BEFORE)
    user = old.get_model("auth", "User").objects.create(username="legacy")
    Player = old.get_model("tablekeeper", "Player")
    # Distinct under LOWER(), the same player under casefold: the older one stays.
    strasse = Player.objects.create(owner_id=user.pk, name="Straße")
    twin = Player.objects.create(owner_id=user.pk, name="STRASSE")
    others = [Player.objects.create(owner_id=user.pk, name=name) for name in ("Bo", "Cy", "Di")]
    session = old.get_model("tablekeeper", "GameSession").objects.create(
        owner_id=user.pk, variant="zhengzhou", base=10, starting_points=1000, first_dealer=0, totals=[20, 20, -20, -20]
    )
    Seat = old.get_model("tablekeeper", "Seat")
    for index, player in enumerate([twin, *others]):
        Seat.objects.create(session=session, index=index, player=player, starting_points=1000)
    Round = old.get_model("tablekeeper", "Round")
    hands = [
        ({"result": "win", "wins": [{"seat": 0, "method": "self_draw", "patterns": []}]}, [30, -10, -10, -10]),
        ({"result": "draw"}, [0, 0, 0, 0]),
        ({"result": "win", "wins": [{"seat": 1, "method": "discard", "from": 3, "patterns": []}]}, [-10, 30, -10, -10]),
    ]
    for number, (record, deltas) in enumerate(hands, start=1):
        Round.objects.create(
            session=session, number=number, record=record, deltas=deltas, state_after={}, client_token=f"t{number}"
        )

    new = migrate(AFTER)
    players = new.get_model("tablekeeper", "Player").objects.filter(owner_id=user.pk)
    assert sorted(players.values_list("name", "name_key")) == [
        ("Bo", "bo"), ("Cy", "cy"), ("Di", "di"), ("Straße", "strasse")
    ]  # fmt: skip
    assert new.get_model("tablekeeper", "Seat").objects.get(session_id=session.pk, index=0).player_id == strasse.pk
    rows = list(new.get_model("tablekeeper", "Round").objects.filter(session_id=session.pk).order_by("number"))
    assert [(r.total_0, r.total_1, r.total_2, r.total_3) for r in rows] == [
        (30, -10, -10, -10), (30, -10, -10, -10), (20, 20, -20, -20)
    ]  # fmt: skip
    assert [(r.result, r.method, r.discarder) for r in rows] == [
        ("win", "self_draw", None), ("draw", "", None), ("win", "discard", 3)
    ]  # fmt: skip
    assert [(r.gain_0, r.gain_1) for r in rows] == [(30, None), (None, None), (None, 30)]
    # Back to the latest schema for the tests that follow on this database.
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())


@pytest.mark.django_db(transaction=True)
def test_migration_0006_counts_the_deal_passes_of_hands_stored_before_it():
    old = migrate([("tablekeeper", "0005_keepers_and_invitations")])
    user = old.get_model("auth", "User").objects.create(username="older")
    session = old.get_model("tablekeeper", "GameSession").objects.create(
        owner_id=user.pk, variant="dalian", base=1, starting_points=1000, first_dealer=2
    )
    Round = old.get_model("tablekeeper", "Round")
    for number, dealer in enumerate([2, 3, 3, 0, 1], start=1):  # kept by P2, then passed four times with one kept
        Round.objects.create(
            session=session, number=number, record={}, deltas=[0, 0, 0, 0], state_after={"dealer": dealer},
            client_token=f"t{number}",
        )  # fmt: skip
    new = migrate([("tablekeeper", "0006_round_deal_passes")])
    rows = new.get_model("tablekeeper", "Round").objects.filter(session_id=session.pk).order_by("number")
    assert list(rows.values_list("deal_passes", flat=True)) == [0, 1, 1, 2, 3]
    # Back to the latest schema for the tests that follow on this database.
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())


def _links(session_ids: list[int]) -> dict[int, object]:
    """Each correction (by pk) and the hand it is about: the pk of a stored hand, or, for a hand
    that is gone, the set of corrections it shares its key with (compared as groups)."""
    from tablekeeper.keeping.models import Correction, Round

    hand_of_key = dict(Round.objects.filter(session_id__in=session_ids).values_list("key", "pk"))
    rows = list(Correction.objects.filter(session_id__in=session_ids).values_list("pk", "hand_key"))
    groups: dict[object, frozenset[int]] = {}
    for pk, key in rows:
        groups[key] = groups.get(key, frozenset()) | {pk}
    return {pk: ("hand", hand_of_key[key]) if key in hand_of_key else ("gone", groups[key]) for pk, key in rows}


@pytest.mark.django_db(transaction=True)
def test_migration_0009_ties_every_stored_correction_to_its_hand_through_deletes_and_undos():
    """On a database the app's own services built (hands added, edited, deleted, undone and recorded
    again, and an imported session with no "add" events), the links rebuilt from the trail's order
    and records are the ones the services themselves wrote."""
    from tablekeeper.keeping import services
    from tablekeeper.keeping.pages.board import seats_of
    from tablekeeper.keeping.services.exchange import export_session, import_session
    from tests.conftest import draw, make_session, record_all, win

    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
    owner = User.objects.create_user("trail-keeper")
    game = make_session(owner)
    record_all(game, [win(0), draw(), win(0), win(1), win(0), draw(), win(2), win(0), draw()], owner)
    stands(services.edit_hand(game, 7, win(3), user=owner))
    stands(services.edit_hand(game, 5, win(1), user=owner))
    stands(services.delete_hand(game, 5, user=owner))  # 6..9 become 5..8
    stands(services.edit_hand(game, 6, win(2), user=owner))  # the old 7 again
    game.refresh_from_db()
    stands(services.undo_last_hand(game, user=owner))  # the old 9
    game.refresh_from_db()
    stands(
        services.record_hand(game, win(1), client_token="again", expected_number=8, user=owner)
    )  # not the undone one
    stands(services.delete_hand(game, 1, user=owner))
    stands(services.edit_hand(game, 2, draw(), user=owner))
    game.refresh_from_db()
    copy = import_session(owner, export_session(game, seats_of(game)))  # its hands carry no "add"
    stands(services.edit_hand(copy, 3, win(0), user=owner))
    stands(services.delete_hand(copy, 1, user=owner))
    sessions = [game.pk, copy.pk]
    written = _links(sessions)
    assert len(written) == 19

    migrate([("tablekeeper", "0008_table_presets")])  # the trail as stored before: numbers only
    migrate([("tablekeeper", "0010_words_hand_keys_required")])
    assert _links(sessions) == written
    # Back to the latest schema for the tests that follow on this database.
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())


@pytest.mark.django_db(transaction=True)
def test_migration_0025_makes_a_look_alike_player_one_with_ann_unless_they_sat_at_one_table():
    old = migrate([("tablekeeper", "0024_correction_knock_ons")])
    user = old.get_model("auth", "User").objects.create(username="look-alikes")
    Player = old.get_model("tablekeeper", "Player")
    Seat = old.get_model("tablekeeper", "Seat")
    GameSession = old.get_model("tablekeeper", "GameSession")
    Group = old.get_model("tablekeeper", "PlayerGroup")

    def player(name: str) -> Any:
        # The key the app wrote then: spaces collapsed, NFKC, case-folded; invisible characters kept.
        return Player.objects.create(owner_id=user.pk, name=name, name_key=name.casefold())

    # The look-alike came first; Ann (its key already the new one) came later and keeps her row.
    zero_width = player("A\u200bnn")
    ann = player("Ann")
    bidi = player("\u2066Ann\u2069")
    others = [player(name) for name in ("Bo", "Cy", "Di")]
    hidden_only = player("B\u200bo\u200b")  # another family: Bo's look-alike, never at Bo's table

    def seated(*players: Any) -> int:
        session = GameSession.objects.create(
            owner_id=user.pk, variant="zhengzhou", base=10, starting_points=1000, first_dealer=0
        )
        for index, sitter in enumerate(players):
            Seat.objects.create(session=session, index=index, player=sitter, starting_points=1000)
        return int(session.pk)

    evening_one = seated(zero_width, *others)
    evening_two = seated(ann, *others)
    # The two sat at one table together once: two people after all; the look-alike keeps its old key.
    together = seated(ann, bidi, others[1], others[2])
    alone = seated(hidden_only, zero_width, others[1], others[2])
    group = Group.objects.create(owner_id=user.pk, name="Thursday")
    group.players.set([zero_width, *others])

    new = migrate([("tablekeeper", "0025_player_keys_without_invisible_characters")])
    players = new.get_model("tablekeeper", "Player").objects.filter(owner_id=user.pk)
    assert sorted(players.values_list("name", "name_key")) == sorted(
        [("Ann", "ann"), ("\u2066Ann\u2069", "\u2066ann\u2069"), ("Bo", "bo"), ("Cy", "cy"), ("Di", "di")]
    )
    seats = new.get_model("tablekeeper", "Seat").objects
    assert seats.get(session_id=evening_one, index=0).player_id == ann.pk
    assert seats.get(session_id=evening_two, index=0).player_id == ann.pk
    assert list(seats.filter(session_id=together).values_list("player_id", flat=True)) == [
        ann.pk, bidi.pk, others[1].pk, others[2].pk
    ]  # fmt: skip
    assert list(seats.filter(session_id=alone).order_by("index").values_list("player_id", flat=True)) == [
        others[0].pk, ann.pk, others[1].pk, others[2].pk
    ]  # fmt: skip
    members = new.get_model("tablekeeper", "PlayerGroup").objects.get(pk=group.pk).players.all()
    assert sorted(members.values_list("pk", flat=True)) == sorted([ann.pk, *(other.pk for other in others)])
    assert seats.count() == 16, "no seat was lost"
    # Back to the latest schema for the tests that follow on this database.
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())


@pytest.mark.django_db(transaction=True)
def test_migration_0026_keys_every_account_and_leaves_the_younger_of_two_case_twins_without_a_key():
    old = migrate([("tablekeeper", "0025_player_keys_without_invisible_characters")])
    OldUser = old.get_model("auth", "User")
    older = OldUser.objects.create(username="Straße")
    younger = OldUser.objects.create(username="STRASSE")
    plain = OldUser.objects.create(username="Mei")

    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
    from tablekeeper.accounts.models import AccountName
    from tablekeeper.accounts.validators import account_name_key

    keys = dict(AccountName.objects.values_list("user_id", "key"))
    assert keys == {older.pk: account_name_key("strasse"), younger.pk: None, plain.pk: account_name_key("mei")}
    # Both twins keep working: the younger one saves (a new password) and still holds no key.
    twin = User.objects.get(pk=younger.pk)
    twin.set_password("Fresh-Tiles-2468")
    twin.save()
    assert AccountName.objects.get(user_id=younger.pk).key is None
