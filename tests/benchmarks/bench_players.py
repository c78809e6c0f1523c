"""bench_web's measure of a player's own record (我的战绩, /me/) and of a group they are in, read as a player
(/me/groups/<id>/, all time): at 10 and at 200 finished evenings kept by two keepers (two stakes, a table fee
on some), the same number of SQL queries at both, each page's median server time and first load. Run by
`python -m tests.benchmarks.bench_web`, after Django is set up."""

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

    from tablekeeper.keeping.models import GameSession, Player, Seat
    from tablekeeper.keeping.services.exchange import import_session
    from tablekeeper.players.services.groups import group_from_session

    keepers = [
        User.objects.create_user(f"record-keeper-{n}", first_name=name) for n, name in enumerate(("阿强", "张姐"))
    ]

    player = User.objects.create_user("record-player", password=secrets.token_urlsafe(12), first_name="老王")
    client = Client()
    client.force_login(player)

    def play(first: int, last: int) -> None:
        for number in range(first, last):
            names = ["老王", "Bo", "Cy", "Eve" if number % 5 == 4 else "Di"]
            data = {**zhengzhou_export(names, [hand(n + number) for n in range(1, 11)]), "status": "finished"}
            data["money_rate"] = "0.10" if number % 2 else None
            session = import_session(keepers[number % 2], data)
            if number % 4 == 0:
                GameSession.objects.filter(pk=session.pk).update(fee_kind="per_hand", fee_amount=1)
            Seat.objects.filter(session=session, index=number % 4).update(person=player)

    def measure(path: str) -> tuple[int, float, int]:
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
    # The first keeper's regulars as a group, with the player's name there linked to the account (a yes to a claim).
    group = group_from_session(keepers[0], GameSession.objects.filter(owner=keepers[0]).order_by("pk")[0], "周四牌友")
    Player.objects.filter(owner=keepers[0], name="老王").update(person=player)
    pages = {"my record": "/me/", "my group": f"/me/groups/{group.pk}/?period=all"}
    small = {name: measure(path) for name, path in pages.items()}
    play(10, SESSIONS)
    large = {name: measure(path) for name, path in pages.items()}
    rows = []
    broken = []
    for name in pages:
        (q10, t10, b10), (q200, t200, b200) = small[name], large[name]
        rows += [
            (f"{name} (10 / 200 evenings): SQL queries", str(q10), str(q200), "same at both sizes"),
            (f"{name} (10 / 200 evenings): median server ms", f"{t10:.1f}", f"{t200:.1f}", ""),
            (f"{name} (10 / 200 evenings): first load KB", f"{b10 / 1024:.1f}", f"{b200 / 1024:.1f}", "< 40"),
        ]
        if q200 != q10:
            broken.append(f"{name}: {q10} queries at 10 evenings, {q200} at {SESSIONS}")
        if max(b10, b200) >= FIRST_LOAD_BUDGET_BYTES:
            broken.append(f"{name}: first load {max(b10, b200)} bytes")
    return rows, broken
