"""bench_web's measure of a player's own record (我的战绩, /me/): at 10 and at 200 finished evenings kept by two
keepers (two stakes, a table fee on some), the same number of SQL queries at both, its median server time and
first load. Run by `python -m tests.benchmarks.bench_web`, after Django is set up."""

from __future__ import annotations

import secrets
import statistics
import time

from tests.benchmarks.bench_web import (
    FIRST_LOAD_BUDGET_BYTES,
    SESSIONS,
    TIMED_LOADS,
    counting_queries,
    first_load_bytes,
    hand,
)
from tests.exports import zhengzhou_export


def my_record_figures() -> tuple[list[tuple[str, str, str, str]], list[str]]:
    """A player's own record at 10 and at 200 finished evenings (each of 10 hands), kept by two keepers."""
    from django.contrib.auth.models import User
    from django.test import Client

    from tablekeeper.keeping.models import GameSession, Seat
    from tablekeeper.keeping.services.exchange import import_session

    keepers = [
        User.objects.create_user(f"record-keeper-{n}", first_name=name) for n, name in enumerate(("阿强", "张姐"))
    ]

    player = User.objects.create_user("record-player", password=secrets.token_urlsafe(12), first_name="老王")
    client = Client()
    client.force_login(player)
    path = "/me/"

    def play(first: int, last: int) -> None:
        for number in range(first, last):
            names = ["老王", "Bo", "Cy", "Eve" if number % 5 == 4 else "Di"]
            data = {**zhengzhou_export(names, [hand(n + number) for n in range(1, 11)]), "status": "finished"}
            data["money_rate"] = "0.10" if number % 2 else None
            session = import_session(keepers[number % 2], data)
            if number % 4 == 0:
                GameSession.objects.filter(pk=session.pk).update(fee_kind="per_hand", fee_amount=1)
            Seat.objects.filter(session=session, index=number % 4).update(person=player)

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

    play(0, 10)
    (q10, t10, b10) = measure()
    play(10, SESSIONS)
    (q200, t200, b200) = measure()
    rows = [
        ("my record (10 / 200 evenings): SQL queries", str(q10), str(q200), "same at both sizes"),
        ("my record (10 / 200 evenings): median server ms", f"{t10:.1f}", f"{t200:.1f}", ""),
        ("my record (10 / 200 evenings): first load KB", f"{b10 / 1024:.1f}", f"{b200 / 1024:.1f}", "< 40"),
    ]
    broken = []
    if q200 != q10:
        broken.append(f"my record: {q10} queries at 10 evenings, {q200} at {SESSIONS}")
    if max(b10, b200) >= FIRST_LOAD_BUDGET_BYTES:
        broken.append(f"my record: first load {max(b10, b200)} bytes")
    return rows, broken
