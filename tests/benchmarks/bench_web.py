"""Web budgets (DESIGN.md "Budgets"), measured on a throwaway SQLite database.

Run: .venv/bin/python -m tests.benchmarks.bench_web

- SQL queries per Save (an htmx POST of the hand form) and per board load, at 10 and at 1000 hands:
  they must be the same at both sizes.
- Median server time per Save at 1000 hands: budget 15 ms.
- A session page's first load, everything included (HTML, CSS, JS, htmx, icons, manifest),
  gzip-compressed: budget 40 KB, and no third-party URL in the HTML.

Prints a table and exits 1 when a budget is broken.
"""

from __future__ import annotations

import gzip
import os
import re
import secrets
import statistics
import sys
import tempfile
import time
import warnings
from pathlib import Path
from typing import Any

SAVE_BUDGET_MS = 15.0
FIRST_LOAD_BUDGET_BYTES = 40 * 1024
TIMED_SAVES = 60


def configure(database: Path) -> None:
    """Production-like settings (DEBUG off) on a fresh SQLite file, before Django loads."""
    os.environ["DJANGO_SETTINGS_MODULE"] = "tablekeeper.settings"
    os.environ["DATABASE_URL"] = f"sqlite:///{database}"
    os.environ["DJANGO_SECRET_KEY"] = secrets.token_urlsafe(50)
    os.environ["DJANGO_DEBUG"] = "0"
    os.environ["DJANGO_ALLOWED_HOSTS"] = "testserver"
    os.environ["DJANGO_SECURE_SSL_REDIRECT"] = "0"
    os.environ["DJANGO_STATIC_MANIFEST"] = "0"
    # whitenoise notes that collectstatic has not run; the benchmark serves the source files.
    warnings.filterwarnings("ignore", "No directory at", UserWarning)

    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def hand(number: int) -> dict[str, Any]:
    """A varied Zhengzhou hand: self-draws by each seat, side bets, kongs, and a draw now and then."""
    if number % 7 == 0:
        return {"result": "draw"}
    record: dict[str, Any] = {"result": "win", "wins": [{"seat": number % 4, "method": "self_draw", "patterns": []}]}
    if number % 3 == 0:
        record["seats"] = [{"side_bet": number % 4}, {}, {"side_bet": 1}, {}]
    if number % 5 == 0:
        record["kongs"] = [{"seat": (number + 1) % 4, "kind": "concealed"}]
    return record


def main() -> int:
    with tempfile.TemporaryDirectory() as scratch:
        configure(Path(scratch) / "bench.sqlite3")
        return run()


def run() -> int:
    from django.contrib.auth.models import User
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext, setup_test_environment

    from tablekeeper import services
    from tablekeeper.models import GameSession

    setup_test_environment()
    keeper = User.objects.create_user("bench", password=secrets.token_urlsafe(12))
    client = Client(headers={"HX-Request": "true"})
    client.force_login(keeper)

    def build(hands: int) -> GameSession:
        game = services.start_session(
            keeper,
            variant="zhengzhou",
            player_names=["Ann", "Bo", "Cy", "Di"],
            first_dealer=0,
            starting_points=1000,
            base=10,
            options={},
        )
        for number in range(1, hands + 1):
            services.record_hand(game, hand(number), client_token=f"b{number}", expected_number=number, user=keeper)
        game.refresh_from_db()
        return game

    def save(game: GameSession) -> tuple[int, float]:
        game.refresh_from_db(fields=["hand_count"])
        number = game.hand_count + 1
        taps = {"winner": str(number % 4), "how": "self_draw", "client_token": f"s{number}", "expected_number": number}
        with CaptureQueriesContext(connection) as queries:
            started = time.perf_counter()
            response = client.post(f"/sessions/{game.pk}/hands/new/", taps)
            elapsed = time.perf_counter() - started
        assert response.status_code == 200 and response.get("HX-Redirect"), response.content[:500]
        return len(queries), elapsed * 1000

    def board_queries(game: GameSession) -> int:
        with CaptureQueriesContext(connection) as queries:
            response = client.get(f"/sessions/{game.pk}/", headers={"HX-Request": "false"})
        assert response.status_code == 200
        return len(queries)

    small, large = build(10), build(1000)
    # One warm-up save each, so that both sizes are measured with warm caches.
    save(small), save(large)
    save_queries = {10: save(small)[0], 1000: save(large)[0]}
    board = {10: board_queries(small), 1000: board_queries(large)}
    times = [save(large)[1] for _ in range(TIMED_SAVES)]
    median_ms = statistics.median(times)

    first_load, third_party = page_weight(Client(), keeper, f"/sessions/{large.pk}/")
    # The heaviest form: Shandong's patterns, the second and third winner and the tile keyboard.
    shandong = services.start_session(
        keeper,
        variant="shandong",
        player_names=["Ann", "Bo", "Cy", "Di"],
        first_dealer=0,
        starting_points=1000,
        base=5,
        options={},
    )
    form_load, form_third_party = page_weight(Client(), keeper, f"/sessions/{shandong.pk}/hands/new/")
    third_party += form_third_party

    rows = [
        ("SQL queries per Save, 10 hands", save_queries[10], "same as at 1000"),
        ("SQL queries per Save, 1000 hands", save_queries[1000], f"= {save_queries[10]}"),
        ("SQL queries per board load, 10 hands", board[10], "same as at 1000"),
        ("SQL queries per board load, 1000 hands", board[1000], f"= {board[10]}"),
        (f"median Save time at 1000 hands ({TIMED_SAVES} saves)", f"{median_ms:.2f} ms", f"< {SAVE_BUDGET_MS} ms"),
        ("first load, gzip, all assets", f"{first_load / 1024:.1f} KB", f"< {FIRST_LOAD_BUDGET_BYTES // 1024} KB"),
        ("hand form first load, Shandong", f"{form_load / 1024:.1f} KB", f"< {FIRST_LOAD_BUDGET_BYTES // 1024} KB"),
        ("third-party URLs in the HTML", len(third_party), "0"),
    ]
    width = max(len(row[0]) for row in rows)
    print(f"{'measure':<{width}}  {'value':>12}  budget")
    for name, value, budget in rows:
        print(f"{name:<{width}}  {value!s:>12}  {budget}")

    broken = []
    if save_queries[10] != save_queries[1000]:
        broken.append("queries per Save grow with the number of hands")
    if board[10] != board[1000]:
        broken.append("queries per board load grow with the number of hands")
    if median_ms >= SAVE_BUDGET_MS:
        broken.append(f"median Save time {median_ms:.2f} ms")
    if first_load >= FIRST_LOAD_BUDGET_BYTES:
        broken.append(f"first load {first_load} bytes")
    if form_load >= FIRST_LOAD_BUDGET_BYTES:
        broken.append(f"hand form first load {form_load} bytes")
    if third_party:
        broken.append(f"third-party URLs: {third_party}")
    for problem in broken:
        print(f"BUDGET BROKEN: {problem}", file=sys.stderr)
    return 1 if broken else 0


ASSET = re.compile(r"""(?:src|href)=["']([^"']+)["']""")


def page_weight(client: Any, keeper: Any, path: str) -> tuple[int, list[str]]:
    """Gzip bytes of the page plus every asset it references, and any third-party URL."""
    client.force_login(keeper)
    html = client.get(path).content
    total = len(gzip.compress(html))
    urls = ASSET.findall(html.decode())
    third_party = [url for url in urls if re.match(r"^(https?:)?//", url)]
    assets = [url for url in urls if url.startswith("/static/")]
    manifest = client.get("/static/manifest.webmanifest")
    if manifest.status_code == 200:
        icons = re.findall(r'"src":\s*"([^"]+)"', b"".join(manifest.streaming_content).decode())
        assets += [f"/static/{icon}" for icon in icons]
    for url in dict.fromkeys(assets):
        response = client.get(url)
        assert response.status_code == 200, url
        body = b"".join(response.streaming_content) if response.streaming else response.content
        total += len(gzip.compress(body))
    return total, third_party


if __name__ == "__main__":
    sys.exit(main())
