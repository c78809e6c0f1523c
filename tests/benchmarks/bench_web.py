"""Web budgets (DESIGN.md "Budgets"), measured production-like on a throwaway SQLite database
(or on DATABASE_URL when it is set: use a database of your own, it is emptied).

Run: .venv/bin/python -m tests.benchmarks.bench_web

- Every page at 10 and at 1000 hands, for a keeper with 200 sessions: SQL queries, median server
  time, and the bytes a browser really receives on a first load (the page gzip-compressed by
  GZipMiddleware plus every CSS, JS, icon and manifest it references, as whitenoise serves them
  after collectstatic: pre-compressed, hashed names). Budgets: under 40 KB for every page; the
  same number of queries at 1000 hands as at 10; server time at 1000 hands at most 1.5 × (+5 ms)
  its time at 120 hands (a full history page and chart), except the printable summary, which
  lists every hand by design.
- A Save, tap to board (the POST and whatever the phone must fetch before it shows the board): its
  round trips (budget 1), SQL queries (the same at both sizes, at most the web test's SAVE_QUERIES)
  and median server time at 1000 hands (budget 15 ms).
- A group's standings page (all time) for a keeper with 10 and with 200 finished sessions of the
  group (two stakes, some sessions with a stranger at the table): the same number of SQL queries at
  both, its median server time and first load.
- A player's own record (我的战绩, /me/) and a group they are in (/me/groups/<id>/, all time) at 10 and at 200
  finished evenings kept by two keepers (two stakes, a table fee on some): the same number of SQL queries at
  both, each page's median server time and first load.
- Correcting hand 1 of a 1000-hand session against the engine's replay of those hands, when the
  table state settles back after the change (the usual case) and when it never does (every later
  hand settled again): budget 2 × the replay.

Prints a table and exits 1 when a budget is broken.
"""

from __future__ import annotations

import os
import re
import secrets
import statistics
import sys
import tempfile
import time
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tablekeeper.rules import Record
from tests.exports import self_draw, zhengzhou_export

SAVE_BUDGET_MS = 15.0
FIRST_LOAD_BUDGET_BYTES = 40 * 1024
CORRECTION_BUDGET_RATIO = 2.0
TIMED_SAVES = 60
TIMED_LOADS = 15
SESSIONS = 200
FULL_PAGE = 120  # hands enough for a full history page and a full chart
# Pages that show every hand on purpose (a print-out): only their size and queries are budgeted.
LISTS_EVERY_HAND = {"summary", "shared summary"}


def configure(scratch: Path) -> None:
    """Production-like settings (DEBUG off, collected and compressed static files) before Django loads."""
    if not os.environ.get("DATABASE_URL"):
        os.environ["DATABASE_URL"] = f"sqlite:///{scratch / 'bench.sqlite3'}"
    os.environ["DJANGO_SETTINGS_MODULE"] = "tablekeeper.settings"
    os.environ["DJANGO_SECRET_KEY"] = secrets.token_urlsafe(50)
    os.environ["DJANGO_DEBUG"] = "0"
    os.environ["DJANGO_ALLOWED_HOSTS"] = "testserver"
    os.environ["DJANGO_SECURE_SSL_REDIRECT"] = "0"
    os.environ["DJANGO_STATIC_MANIFEST"] = "1"
    os.environ["DJANGO_STATIC_ROOT"] = str(scratch / "static")
    warnings.filterwarnings("ignore", "No directory at", UserWarning)

    import django

    django.setup()
    from django.core.management import call_command

    call_command("flush", interactive=False, verbosity=0) if "postgres" in os.environ["DATABASE_URL"] else None
    call_command("migrate", verbosity=0)
    call_command("createcachetable", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)


def hand(number: int) -> Record:
    """A varied Zhengzhou hand: self-draws by each seat, side bets, kongs, and a draw now and then."""
    if number % 7 == 0:
        return {"result": "draw"}
    record: Record = {"result": "win", "wins": [{"seat": number % 4, "method": "self_draw", "patterns": []}]}
    if number % 3 == 0:
        record["seats"] = [{"side_bet": number % 4}, {}, {"side_bet": 1}, {}]
    if number % 5 == 0:
        record["kongs"] = [{"seat": (number + 1) % 4, "kind": "concealed"}]
    return record


def dealer_keeps_winning(number: int) -> Record:
    """Seat 0 self-draws every hand: move hand 1's win elsewhere and no later table state is the same."""
    return self_draw(0)


def main() -> int:
    with tempfile.TemporaryDirectory() as scratch:
        configure(Path(scratch))
        return run()


def stands(outcome: Any) -> Any:
    """tests.conftest's `stands`, imported once Django is set up (that module imports the models)."""
    from tests.conftest import stands as standing

    return standing(outcome)


def run() -> int:
    from django.contrib.auth.models import User
    from django.test import Client
    from django.test.utils import setup_test_environment

    setup_test_environment()
    keeper = User.objects.create_user("bench", password=secrets.token_urlsafe(12))
    client = Client()
    client.force_login(keeper)
    sessions = {size: build(keeper, size, hand) for size in (10, FULL_PAGE, 1000)}
    for _ in range(SESSIONS - len(sessions)):
        build(keeper, 10, hand)
    # The keeper plays at seat 0 of every evening: their own 我的战绩 lists all 200.
    from tablekeeper.keeping.models import Seat

    Seat.objects.filter(session__owner=keeper, index=0).update(person=keeper)

    rows: list[tuple[str, str, str, str]] = []
    broken: list[str] = []
    pages = page_table(client, keeper, sessions)
    rows += pages[0]
    broken += pages[1]
    saves = save_figures(client, sessions)
    rows += saves[0]
    broken += saves[1]
    forms = heaviest_form_figures(client, keeper)
    rows += forms[0]
    broken += forms[1]
    standings = standings_figures()
    rows += standings[0]
    broken += standings[1]
    from tests.benchmarks.bench_players import my_record_figures

    record = my_record_figures()
    rows += record[0]
    broken += record[1]
    corrections = correction_figures(keeper)
    rows += corrections[0]
    broken += corrections[1]

    width = max(len(row[0]) for row in rows)
    print(f"{'measure':<{width}}  {'at 10 hands':>12}  {'at 1000 hands':>13}  budget")
    for name, small, large, budget in rows:
        print(f"{name:<{width}}  {small:>12}  {large:>13}  {budget}")
    for problem in broken:
        print(f"BUDGET BROKEN: {problem}", file=sys.stderr)
    return 1 if broken else 0


def build(keeper: Any, hands: int, make: Callable[[int], Record]) -> Any:
    from tablekeeper.keeping.services.exchange import import_session

    return import_session(keeper, zhengzhou_export(["Ann", "Bo", "Cy", "Di"], [make(n) for n in range(1, hands + 1)]))


def page_paths(game: Any) -> dict[str, str]:
    base = f"/sessions/{game.pk}/"
    return {
        "session list": "/sessions/",
        "players": "/players/",
        "groups": "/groups/",
        "start form": "/sessions/new/",
        "import form": "/sessions/import/",
        "board": base,
        "hand form": f"{base}hands/new/",
        "edit hand 1": f"{base}hands/1/edit/",
        "hand 1": f"{base}hands/1/",
        "history": f"{base}hands/",
        "history, older page": f"{base}hands/?before={max(game.hand_count - 30, 1)}",
        "summary": f"{base}summary/",
        "share page": f"{base}share/",
        "shared board": f"/b/{game.share_token}/",
        "shared summary": f"/b/{game.share_token}/summary/",
        "shared history": f"/b/{game.share_token}/hands/",
        "my record": "/me/",
        "table's code": f"{base}players/",
        "log in": "/accounts/login/",
        "password reset": "/accounts/reset/",
    }


def page_table(client: Any, keeper: Any, sessions: dict[int, Any]) -> tuple[list[tuple[str, str, str, str]], list[str]]:
    rows = []
    broken = []
    figures: dict[tuple[str, int], tuple[int, float, int]] = {}
    paths = {size: page_paths(game) for size, game in sessions.items()}
    for name in paths[10]:
        times: dict[int, list[float]] = {size: [] for size in sessions}
        first: dict[int, tuple[int, Any]] = {}
        for size in sessions:
            with counting_queries() as queries:
                response = client.get(paths[size][name], headers={"accept-encoding": "gzip, br"})
            assert response.status_code == 200, (paths[size][name], response.status_code)
            first[size] = (len(queries), response)
        # Both sizes in turn, so that whatever else the machine is doing weighs on both alike.
        for _ in range(TIMED_LOADS):
            for size in sessions:
                started = time.perf_counter()
                client.get(paths[size][name], headers={"accept-encoding": "gzip, br"})
                times[size].append((time.perf_counter() - started) * 1000)
        for size in sessions:
            count, response = first[size]
            figures[(name, size)] = (count, statistics.median(times[size]), first_load_bytes(client, response))
    for name in page_paths(sessions[10]):
        (q10, t10, b10), (q1000, t1000, b1000) = figures[(name, 10)], figures[(name, 1000)]
        # Ten hands do not fill a page of the history nor its chart: the flatness budget compares
        # 1000 hands with a session that does (FULL_PAGE hands), each page with its own kind.
        t_full = figures[(name, FULL_PAGE)][1]
        rows.append((f"{name}: SQL queries", str(q10), str(q1000), "same at both sizes"))
        flat = name not in LISTS_EVERY_HAND
        budget = f"<= 1.5 × {t_full:.1f} ({FULL_PAGE} hands) + 5" if flat else "(every hand, for print)"
        rows.append((f"{name}: median server ms", f"{t10:.1f}", f"{t1000:.1f}", budget))
        rows.append((f"{name}: first load KB", f"{b10 / 1024:.1f}", f"{b1000 / 1024:.1f}", "< 40"))
        if q1000 != q10:
            broken.append(f"{name}: {q10} queries at 10 hands, {q1000} at 1000")
        if flat and t1000 > 1.5 * t_full + 5:
            broken.append(f"{name}: {t_full:.1f} ms at {FULL_PAGE} hands, {t1000:.1f} ms at 1000")
        if max(b10, b1000) >= FIRST_LOAD_BUDGET_BYTES:
            broken.append(f"{name}: first load {max(b10, b1000)} bytes")
    return rows, broken


class QueryCount(list[str]):
    """The SQL statements run inside `counting_queries()`; len() is the count."""


@contextmanager
def counting_queries() -> Iterator[QueryCount]:
    from django.db import connection

    seen = QueryCount()

    def count(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        seen.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(count):
        yield seen


ASSET = re.compile(r"""(?:src|href)=["']([^"']+)["']""")


def first_load_bytes(client: Any, response: Any) -> int:
    """The compressed page plus every same-origin asset it references, as served compressed."""
    html_bytes = response.content
    total = len(html_bytes)
    import gzip

    html = (gzip.decompress(html_bytes) if response.get("Content-Encoding") == "gzip" else html_bytes).decode()
    urls = [url for url in ASSET.findall(html) if url.startswith("/static/")]
    third_party = [url for url in ASSET.findall(html) if re.match(r"^(https?:)?//(?!testserver/)", url)]
    assert not third_party, third_party
    manifests = [url for url in urls if url.endswith(".webmanifest")]
    for manifest in manifests:
        body = b"".join(client.get(manifest).streaming_content).decode()
        urls += [
            f"/static/{icon.lstrip('/').removeprefix('static/')}" for icon in re.findall(r'"src":\s*"([^"]+)"', body)
        ]
    for url in dict.fromkeys(urls):
        asset = client.get(url, headers={"accept-encoding": "gzip, br"})
        assert asset.status_code == 200, url
        total += len(b"".join(asset.streaming_content) if asset.streaming else asset.content)
    return total


def save_figures(client: Any, sessions: dict[int, Any]) -> tuple[list[tuple[str, str, str, str]], list[str]]:
    """Tap to board: the Save's POST and every request the phone makes until it shows the board
    again (an `HX-Redirect` answer is followed by the page it names, as htmx does), added up."""
    from tests.keeping.test_save_answers_with_the_board import SAVE_QUERIES

    def save(game: Any) -> tuple[int, float, int]:
        game.refresh_from_db(fields=["hand_count"])
        number = game.hand_count + 1
        taps = {"winner": str(number % 4), "how": "self_draw", "client_token": f"s{number}", "expected_number": number}
        round_trips = 1
        with counting_queries() as queries:
            started = time.perf_counter()
            response = client.post(f"/sessions/{game.pk}/hands/new/", taps, headers={"HX-Request": "true"})
            while response.status_code == 200 and response.get("HX-Redirect"):
                response = client.get(response["HX-Redirect"])
                round_trips += 1
            elapsed = time.perf_counter() - started
        assert response.status_code == 200 and b'id="board"' in response.content, response.content[:500]
        return len(queries), elapsed * 1000, round_trips

    small, large = sessions[10], sessions[1000]
    save(small), save(large)  # warm-up
    (q10, _, trips), (q1000, _, _) = save(small), save(large)
    median_ms = statistics.median(save(large)[1] for _ in range(TIMED_SAVES))
    rows = [
        ("Save, tap to board: round trips", str(trips), "", "1"),
        ("Save, tap to board: SQL queries", str(q10), str(q1000), f"same at both sizes, <= {SAVE_QUERIES}"),
        (f"Save, tap to board: median server ms ({TIMED_SAVES} saves)", "", f"{median_ms:.2f}", f"< {SAVE_BUDGET_MS}"),
    ]
    broken = []
    if trips != 1:
        broken.append(f"a Save takes {trips} round trips to show the board")
    if q10 != q1000:
        broken.append("queries per Save grow with the number of hands")
    if max(q10, q1000) > SAVE_QUERIES:
        broken.append(f"a Save costs {max(q10, q1000)} queries, more than {SAVE_QUERIES}")
    if median_ms >= SAVE_BUDGET_MS:
        broken.append(f"median Save time {median_ms:.2f} ms")
    return rows, broken


# The heaviest hand forms: the variants with the most patterns, kinds of kong and penalties, in
# Chinese, with names of twenty characters (the Zhengzhou form above is the lightest).
HEAVY_FORMS = ("shandong", "dalian", "shenyang")
LONG_NAMES = [
    "Alexandria Montgomer",
    "欧阳娜娜欧阳娜娜欧阳娜娜欧阳娜娜欧阳娜",
    "Bartholomew Fairfaxe",
    "司马相如司马相如司马相如司马相如司马相",
]


def heaviest_form_figures(client: Any, keeper: Any) -> tuple[list[tuple[str, str, str, str]], list[str]]:
    from tablekeeper.keeping import services
    from tests.conftest import stands  # Django's models: only once `configure` has set Django up

    rows, broken = [], []
    client.cookies["django_language"] = "zh-hans"
    for variant in HEAVY_FORMS:
        game = services.start_session(
            keeper, variant=variant, player_names=LONG_NAMES, first_dealer=0, starting_points=1000, base=5, options={}
        )
        stands(services.record_hand(game, self_draw(1), client_token="heavy", expected_number=1, user=keeper))
        for name, path in (("hand form", "hands/new/"), ("edit hand 1", "hands/1/edit/")):
            response = client.get(f"/sessions/{game.pk}/{path}", headers={"accept-encoding": "gzip, br"})
            assert response.status_code == 200, (variant, path, response.status_code)
            size = first_load_bytes(client, response)
            label = f"{name}, {variant}, 简体中文: first load KB"
            rows.append((label, "", f"{size / 1024:.1f}", "< 40"))
            if size >= FIRST_LOAD_BUDGET_BYTES:
                broken.append(f"{name}, {variant}, 简体中文: first load {size} bytes")
    del client.cookies["django_language"]
    return rows, broken


def standings_figures() -> tuple[list[tuple[str, str, str, str]], list[str]]:
    """The standings page of one group at 10 and at 200 sessions (each of 10 hands)."""
    from django.contrib.auth.models import User
    from django.test import Client

    from tablekeeper.keeping.services.exchange import import_session
    from tablekeeper.players.services.groups import group_from_session

    keeper = User.objects.create_user("standings", password=secrets.token_urlsafe(12))
    client = Client()
    client.force_login(keeper)

    def play(first: int, last: int) -> None:
        for number in range(first, last):
            names = ["Ann", "Bo", "Cy", "Eve" if number % 5 == 4 else "Di"]
            data = {**zhengzhou_export(names, [hand(n + number) for n in range(1, 11)]), "status": "finished"}
            data["money_rate"] = "0.10" if number % 2 else None
            import_session(keeper, data)

    play(0, 10)
    group = group_from_session(keeper, keeper.game_sessions.order_by("pk")[0], "周四牌友")
    path = f"/groups/{group.pk}/?period=all"

    def measure() -> tuple[int, float, int]:
        with counting_queries() as queries:
            response = client.get(path, headers={"accept-encoding": "gzip, br"})
        assert response.status_code == 200, response.status_code
        times = []
        for _ in range(TIMED_LOADS):
            started = time.perf_counter()
            client.get(path, headers={"accept-encoding": "gzip, br"})
            times.append((time.perf_counter() - started) * 1000)
        return len(queries), statistics.median(times), first_load_bytes(client, response)

    (q10, t10, b10) = measure()
    play(10, SESSIONS)
    (q200, t200, b200) = measure()
    rows = [
        ("standings (10 / 200 sessions): SQL queries", str(q10), str(q200), "same at both sizes"),
        ("standings (10 / 200 sessions): median server ms", f"{t10:.1f}", f"{t200:.1f}", ""),
        ("standings (10 / 200 sessions): first load KB", f"{b10 / 1024:.1f}", f"{b200 / 1024:.1f}", "< 40"),
    ]
    broken = []
    if q200 != q10:
        broken.append(f"standings: {q10} queries at 10 sessions, {q200} at {SESSIONS}")
    if max(b10, b200) >= FIRST_LOAD_BUDGET_BYTES:
        broken.append(f"standings: first load {max(b10, b200)} bytes")
    return rows, broken


def correction_figures(keeper: Any) -> tuple[list[tuple[str, str, str, str]], list[str]]:
    from tablekeeper.keeping import services
    from tablekeeper.rules import replay
    from tests.conftest import stands  # Django's models: only once `configure` has set Django up

    rows = []
    broken = []
    # Hand 1 moves between winners; with the dealer winning every hand, moving it back and forth
    # between seat 0 and seat 1 changes every later dealer streak, so every hand is settled again.
    cases = (
        ("state settles back", hand, (1, 2, 3, 1, 2)),
        ("state never settles", dealer_keeps_winning, (1, 0, 1, 0, 1)),
    )
    for label, make, seats in cases:
        game = build(keeper, 1000, make)
        records = [make(number) for number in range(1, 1001)]
        replays, edits = [], []
        # A replay and an edit in turn, so that the machine's other work weighs on both alike.
        for seat in seats:
            started = time.perf_counter()
            replay(game.variant, records, game.engine_options(), game.starting_state())
            replays.append(time.perf_counter() - started)
            started = time.perf_counter()
            stands(services.edit_hand(game, 1, self_draw(seat), user=keeper))
            edits.append(time.perf_counter() - started)
        replay_s, edit_s = statistics.median(replays), statistics.median(edits)
        ratio = edit_s / replay_s
        rows.append(
            (f"edit hand 1 of 1000 ({label}): ms / replay ms", "", f"{edit_s * 1000:.0f} / {replay_s * 1000:.0f}", "")
        )
        rows.append((f"edit hand 1 of 1000 ({label}): ratio", "", f"{ratio:.2f}", f"<= {CORRECTION_BUDGET_RATIO}"))
        if ratio > CORRECTION_BUDGET_RATIO:
            broken.append(f"editing hand 1 ({label}) costs {ratio:.2f} × the replay")
    return rows, broken


if __name__ == "__main__":
    sys.exit(main())
