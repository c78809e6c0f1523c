"""A load run: N keepers saving, undoing and editing hands over HTTP while gunicorn workers are
killed at random, then a check that nothing acknowledged was lost or doubled.

Run: .venv/bin/python -m tests.benchmarks.load --keepers 16 --minutes 2
     DATABASE_URL=postgres://.../tk_load .venv/bin/python -m tests.benchmarks.load ...   (emptied first)

It starts gunicorn itself (DEBUG off, 4 workers) on a free port of 127.0.0.1 with a throwaway
SQLite file unless DATABASE_URL is set. Each keeper has an account and a session of its own where
it saves (with a client token, retried with the same token after a failure until the server says
yes or no), undoes and edits; every second pair of keepers also races the other on one shared
session, which the server must answer with 409s and never two hands of one number. A killer thread
SIGKILLs a random worker every few seconds (gunicorn starts a new one). Afterwards, with gunicorn
stopped: every acknowledged hand is stored exactly once, every session's stored figures equal a
replay of its records, every edit the server confirmed is the record stored, and on SQLite
`PRAGMA integrity_check` says ok (PostgreSQL has no such check: "n/a" there is no failure).
Edits are confirmed as a keeper confirms them: when the server lists the later hands an edit
changes and asks, the edit is sent again with that confirmation, so that it really writes.
Alongside the keepers, share-board viewers poll every shared board as the players' phones do
(a conditional GET every second or so, mostly answered 304). Not part of the pytest run.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import re
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from tests.exports import self_draw, zhengzhou_export

ROOT = Path(__file__).resolve().parents[2]


class Unsure(Exception):
    """The request's fate is unknown (connection dropped: its worker was killed)."""


@dataclass
class Tally:
    statuses: Counter[str] = field(default_factory=Counter)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def count(self, status: int | str) -> None:
        key = (
            str(status)
            if isinstance(status, str)
            else f"{status // 100}xx"
            if status not in (304, 409)
            else str(status)
        )
        with self.lock:
            self.statuses[key] += 1


class Phone:
    """One keeper's browser: cookies by hand (the session cookie is Secure, we speak plain HTTP)."""

    def __init__(self, port: int, tally: Tally) -> None:
        self.port = port
        self.cookies: dict[str, str] = {}
        self.tally = tally

    def request(
        self,
        method: str,
        path: str,
        form: dict[str, str] | None = None,
        htmx: bool = False,
        headers: dict[str, str] | None = None,
    ) -> tuple[int, dict[str, str], str]:
        headers = {
            "Host": "127.0.0.1",
            "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()),
            **(headers or {}),
        }
        body = None
        if form is not None:
            body = urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["X-CSRFToken"] = self.cookies.get("csrftoken", "")
        if htmx:
            headers["HX-Request"] = "true"
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            text = response.read().decode()
        except (OSError, http.client.HTTPException) as failure:
            self.tally.count("dropped")
            raise Unsure(str(failure)) from None
        finally:
            connection.close()
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                cookie = value.split(";", 1)[0]
                key, _, val = cookie.partition("=")
                self.cookies[key.strip()] = val
        self.tally.count(response.status)
        return response.status, {k.lower(): v for k, v in response.getheaders()}, text

    def retrying(
        self, method: str, path: str, form: dict[str, str] | None = None, htmx: bool = False
    ) -> tuple[int, dict[str, str], str]:
        for _attempt in range(50):
            try:
                status, headers, text = self.request(method, path, form, htmx)
            except Unsure:
                time.sleep(0.2)
                continue
            if status == 502 or status == 503:
                time.sleep(0.2)
                continue
            return status, headers, text
        raise RuntimeError(f"{method} {path} never answered")

    def sign_up(self, name: str) -> None:
        self.retrying("GET", "/accounts/signup/")  # for the CSRF cookie
        password = secrets.token_urlsafe(12) + "-Aa1"
        form = {"username": name, "password1": password, "password2": password}
        status, _, _ = self.retrying("POST", "/accounts/signup/", form)
        if status == 200:
            # A retry of a sign-up the server made before its worker was killed: the name is ours.
            self.retrying("GET", "/accounts/login/")
            status, _, _ = self.retrying("POST", "/accounts/login/", {"username": name, "password": password})
        assert status == 302, status

    def start_session(self, names: list[str], hands: Sequence[Mapping[str, Any]] | None = None) -> int:
        """A new session through the import page (a JSON export): one POST."""
        self.retrying("GET", "/sessions/import/")
        export = zhengzhou_export(names, hands or [])
        status, headers, text = self.retrying("POST", "/sessions/import/", {"text": json.dumps(export)})
        if status == 200:
            # A retry of an import the server made before its worker was killed: it asks whether to
            # import the same export again, and links the session already there.
            twin = re.search(r'<a class="button wide" href="/sessions/(\d+)/"', text)
            assert twin, text[:300]
            return int(twin.group(1))
        assert status == 302, status
        found = re.search(r"/sessions/(\d+)/", headers["location"])
        assert found, headers
        return int(found.group(1))


@dataclass
class Book:
    """What the keepers were told: acknowledged tokens per session (in order where one keeper
    writes alone), the record each confirmed edit left on a hand (by the hand's token, or by
    session for the long evening's hand 1), and how many edits were asked for and written."""

    saved: dict[int, list[str]] = field(default_factory=dict)
    shared: set[int] = field(default_factory=set)
    edited: dict[str, dict[str, str]] = field(default_factory=dict)
    long_hand_one: dict[int, int] = field(default_factory=dict)
    edits_asked: int = 0
    edits_written: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)


CONFIRMATION = re.compile(r'name="confirm_changes" value="([0-9a-f]+)"')


def edit(phone: Phone, session: int, number: int, taps: dict[str, str], book: Book) -> bool:
    """Correct hand `number` as a keeper does: send it; when the server lists the later hands it
    changes and asks, confirm. True once the server says it is written (it answers with the board)."""
    with book.lock:
        book.edits_asked += 1
    url = f"/sessions/{session}/hands/{number}/edit/"
    for _round in range(3):
        status, headers, text = phone.retrying("POST", url, taps, htmx=True)
        if status == 200 and headers.get("hx-push-url"):
            with book.lock:
                book.edits_written += 1
            return True
        asked = CONFIRMATION.search(text) if status == 200 else None
        if asked is None:
            return False
        taps = {**taps, "confirm_changes": asked.group(1)}
    return False


def stored_taps(taps: dict[str, str]) -> dict[str, str]:
    """What of an edit's taps its stored record must show: who won (or a draw)."""
    return {"winner": taps["winner"]}


def hand_taps(rng: random.Random, token: str, number: int) -> dict[str, str]:
    taps = {"client_token": token, "expected_number": str(number)}
    if rng.random() < 0.15:
        taps["winner"] = "draw"
    else:
        taps.update(winner=str(rng.randrange(4)), how="self_draw")
    return taps


def hand_count(phone: Phone, session: int) -> int:
    """How many hands the session has, as the board says (its next hand's number, less one): the
    small fragment a keeper's phone reloads, whose cost does not grow with the session."""
    status, _, text = phone.retrying("GET", f"/sessions/{session}/", htmx=True)
    assert status == 200, status
    found = re.search(r'<span class="hand-no">Hand (\d+)</span>', text)
    assert found, text[:300]
    return int(found.group(1)) - 1


def save(phone: Phone, session: int, number: int, token: str, rng: random.Random) -> int:
    """Save one hand, retrying with the same token until the server decides; the status it decided."""
    taps = hand_taps(rng, token, number)
    status, headers, _ = phone.retrying("POST", f"/sessions/{session}/hands/new/", taps, htmx=True)
    # A Save that stands answers with the board itself, under the board's address.
    return 200 if status == 200 and headers.get("hx-push-url") else status


def keeper(index: int, port: int, deadline: float, book: Book, tally: Tally, shared: int | None) -> None:
    rng = random.Random(index)
    phone = Phone(port, tally)
    phone.sign_up(f"keeper{index}")
    own = phone.start_session([f"A{index}", f"B{index}", f"C{index}", f"D{index}"])
    with book.lock:
        book.saved[own] = []
    tokens = book.saved[own]
    while time.monotonic() < deadline:
        action = rng.random()
        if shared is not None and action < 0.25:
            # Racing the partner phone: the board's next number may already be taken.
            number = hand_count(phone, shared) + 1
            token = secrets.token_hex(8)
            if save(phone, shared, number, token, rng) == 200:
                with book.lock:
                    book.saved[shared].append(token)
        elif action < 0.8 or not tokens:
            token = secrets.token_hex(8)
            status = save(phone, own, len(tokens) + 1, token, rng)
            assert status == 200, f"own session save answered {status}"
            tokens.append(token)
        elif action < 0.9:
            try:
                status, _, _ = phone.request("POST", f"/sessions/{own}/hands/undo/", {}, htmx=True)
            except Unsure:
                status = 0
            if status != 200:  # killed mid-request: look at the board to know whether it happened
                status = 200 if hand_count(phone, own) == len(tokens) - 1 else 0
            if status == 200:
                with book.lock:
                    book.edited.pop(tokens.pop(), None)
        else:
            number = rng.randrange(1, len(tokens) + 1)
            taps = hand_taps(rng, "edit", 1)
            if edit(phone, own, number, taps, book):
                with book.lock:
                    book.edited[tokens[number - 1]] = stored_taps(taps)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def workers_of(master: int) -> list[int]:
    children = Path(f"/proc/{master}/task/{master}/children")
    return [int(pid) for pid in children.read_text().split()] if children.exists() else []


def killer(master: int, deadline: float, every: float, killed: list[int]) -> None:
    rng = random.Random(99)
    while time.monotonic() < deadline:
        time.sleep(rng.uniform(every / 2, every * 1.5))
        workers = workers_of(master)
        if workers:
            victim = rng.choice(workers)
            try:
                os.kill(victim, signal.SIGKILL)
                killed.append(victim)
            except ProcessLookupError:
                pass


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keepers", type=int, default=16)
    parser.add_argument("--minutes", type=float, default=2.0)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--kill-every", type=float, default=5.0, help="seconds between worker kills, on average")
    parser.add_argument(
        "--long-hands",
        type=int,
        default=1000,
        help="one more keeper imports a session this long and keeps moving hand 1's win (0: none)",
    )
    parser.add_argument("--edit-pause", type=float, default=2.0, help="seconds that keeper waits between edits")
    parser.add_argument("--viewers", type=int, default=3, help="share-board viewers polling each shared session")
    args = parser.parse_args()

    scratch = Path(tempfile.mkdtemp(prefix="tk-load-"))
    env = {
        **os.environ,
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "DJANGO_DEBUG": "0",
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_SECURE_SSL_REDIRECT": "0",
        "DJANGO_STATIC_MANIFEST": "0",
        "DJANGO_SIGNUPS_PER_HOUR": "100000",
        "TABLEKEEPER_IMPORTS_PER_HOUR": "100000",
        "DJANGO_LOG_LEVEL": "ERROR",  # a 409 is an answer here, not news
        "DATABASE_URL": os.environ.get("DATABASE_URL") or f"sqlite:///{scratch / 'load.sqlite3'}",
    }
    env.pop("DJANGO_SETTINGS_MODULE", None)
    python = sys.executable
    if "postgres" in env["DATABASE_URL"]:
        subprocess.run([python, "manage.py", "flush", "--noinput"], cwd=ROOT, env=env, check=False, capture_output=True)
    subprocess.run([python, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    subprocess.run([python, "manage.py", "createcachetable"], cwd=ROOT, env=env, check=True)
    port = free_port()
    gunicorn = subprocess.Popen(
        [
            python,
            "-m",
            "gunicorn",
            "tablekeeper.wsgi",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(args.workers),
            "--timeout",
            "30",
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
    )
    tally, book = Tally(), Book()
    viewed: Counter[str] = Counter()
    crashed: list[str] = []
    threading.excepthook = lambda hook: crashed.append(
        f"{hook.thread.name if hook.thread else '?'}: {hook.exc_value!r}"
    )
    failures: list[str] = []
    killed: list[int] = []
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.2)
        # A shared session for each pair of keepers, started by a keeper of its own.
        shared_sessions: list[int] = []
        owners: dict[int, Phone] = {}
        for pair in range(args.keepers // 2):
            host = Phone(port, tally)
            host.sign_up(f"host{pair}")
            owners[pair] = host
            shared_sessions.append(host.start_session([f"W{pair}", f"X{pair}", f"Y{pair}", f"Z{pair}"]))
            book.saved[shared_sessions[-1]] = []
            book.shared.add(shared_sessions[-1])
        # The shared sessions are the host's; the pair writes through the host's login. The clock
        # starts once they exist (on a busy machine their sign-ups alone take a while).
        started = time.monotonic()
        deadline = started + args.minutes * 60
        threads = [threading.Thread(target=killer, args=(gunicorn.pid, deadline, args.kill_every, killed), daemon=True)]
        edit_times: list[float] = []
        if args.long_hands:
            threads.append(
                threading.Thread(
                    target=long_editor,
                    args=(port, deadline, args.long_hands, args.edit_pause, tally, edit_times, book),
                )
            )
        for index in range(args.keepers):
            threads.append(
                threading.Thread(
                    target=keeper_with_share, args=(index, port, deadline, book, tally, shared_sessions, owners)
                )
            )
        for pair, session in enumerate(shared_sessions):
            token = share_token(owners[pair], session)
            for place in range(args.viewers):
                rng = random.Random(5000 + pair * 10 + place)
                threads.append(threading.Thread(target=viewer, args=(port, token, deadline, tally, viewed, rng)))
        for thread in threads:
            thread.start()
        for thread in threads[1:]:
            thread.join()
        failures = list(crashed)
        elapsed = time.monotonic() - started
    finally:
        gunicorn.send_signal(signal.SIGTERM)
        gunicorn.wait(timeout=60)
    problems = verify(env, book)
    total = sum(count for key, count in tally.statuses.items() if key != "dropped")
    print(
        f"database: {'PostgreSQL' if 'postgres' in env['DATABASE_URL'] else 'SQLite'}; "
        f"{args.keepers} keepers, {elapsed:.0f} s, {len(killed)} workers killed"
    )
    print(
        f"requests answered: {total} ({total / elapsed * 60:.0f}/min); "
        + ", ".join(
            f"{key}: {tally.statuses.get(key, 0)}" for key in ("2xx", "304", "3xx", "409", "4xx", "5xx", "dropped")
        )
    )
    polls = sum(viewed.values())
    print(
        f"share-board polls: {polls} by {len(shared_sessions) * args.viewers} viewers "
        f"({viewed.get('304', 0)} answered 304, {viewed.get('200', 0)} a new board, "
        f"{polls - viewed.get('304', 0) - viewed.get('200', 0)} other)"
    )
    print(
        f"edits asked: {book.edits_asked}; written (confirmed where later hands changed): {book.edits_written}; "
        f"stored edits differing from the last confirmed one: {problems['unedited']}"
    )
    if edit_times:
        edit_times.sort()
        print(
            f"edits of hand 1 of a {args.long_hands}-hand session: {len(edit_times)}, "
            f"median {edit_times[len(edit_times) // 2] * 1000:.0f} ms, slowest {edit_times[-1] * 1000:.0f} ms"
        )
    acknowledged = sum(len(tokens) for tokens in book.saved.values())
    print(
        f"hands acknowledged and kept: {acknowledged}; lost: {problems['lost']}; duplicated: {problems['duplicated']}; "
        f"sessions differing from a replay: {problems['drifted']}; integrity_check: {problems['integrity']}"
    )
    ok = (
        not problems["lost"]
        and not problems["duplicated"]
        and not problems["drifted"]
        and not problems["unedited"]
        # PostgreSQL has no integrity_check: "n/a" there is not a failure.
        and problems["integrity"] in ("ok", NO_INTEGRITY_CHECK)
    )
    if failures:
        print(f"keepers or viewers that stopped on an unexpected answer: {len(failures)}; {failures[:3]}")
    ok = ok and tally.statuses.get("5xx", 0) == 0 and not failures
    return 0 if ok else 1


def keeper_with_share(
    index: int,
    port: int,
    deadline: float,
    book: Book,
    tally: Tally,
    shared_sessions: list[int],
    owners: dict[int, Phone],
) -> None:
    """Each keeper writes its own session; both keepers of a pair also write their pair's session,
    logged in as its host (two phones of one account)."""
    pair = index // 2
    if pair < len(shared_sessions):
        host_phone = Phone(port, tally)
        host_phone.cookies = dict(owners[pair].cookies)
        racing = threading.Thread(
            target=race, args=(host_phone, shared_sessions[pair], deadline, book, random.Random(1000 + index))
        )
        racing.start()
        keeper(index, port, deadline, book, tally, None)
        racing.join()
    else:
        keeper(index, port, deadline, book, tally, None)


def race(phone: Phone, session: int, deadline: float, book: Book, rng: random.Random) -> None:
    while time.monotonic() < deadline:
        number = hand_count(phone, session) + 1
        token = secrets.token_hex(8)
        if save(phone, session, number, token, rng) == 200:
            with book.lock:
                book.saved[session].append(token)
        time.sleep(rng.uniform(0, 0.05))


def long_editor(
    port: int, deadline: float, hands: int, pause: float, tally: Tally, edit_times: list[float], book: Book
) -> None:
    """A keeper with a long evening imported, moving hand 1's win between the dealer (who wins
    every hand) and the next seat: every later dealer streak changes, the most costly correction."""
    phone = Phone(port, tally)
    phone.sign_up("long-evening")
    session = phone.start_session(["Long", "Evening", "At", "Table"], [self_draw(0)] * hands)
    with book.lock:
        book.shared.add(session)  # checked against a replay like every session
        book.saved[session] = []
    seat = 1
    while time.monotonic() < deadline:
        taps = {"client_token": "edit", "expected_number": "1", "winner": str(seat), "how": "self_draw"}
        started = time.monotonic()
        if edit(phone, session, 1, taps, book):
            edit_times.append(time.monotonic() - started)
            with book.lock:
                book.long_hand_one[session] = seat
        seat = 1 - seat
        time.sleep(pause)


def viewer(port: int, token: str, deadline: float, tally: Tally, seen: Counter[str], rng: random.Random) -> None:
    """A player's phone on the share board: the live fragment, asked again every second or so with
    the ETag it last got, as static/js/live.js does."""
    phone = Phone(port, tally)
    etag = ""
    while time.monotonic() < deadline:
        headers = {"If-None-Match": etag} if etag else {}
        try:
            status, answered, _ = phone.request("GET", f"/b/{token}/", htmx=True, headers=headers)
        except Unsure:
            status, answered = 0, {}
        seen[str(status)] += 1
        if status == 200:
            etag = answered.get("etag", "")
        time.sleep(rng.uniform(0.7, 1.3))


def share_token(phone: Phone, session: int) -> str:
    status, _, text = phone.retrying("GET", f"/sessions/{session}/share/")
    found = re.search(r"/b/([A-Za-z0-9_-]+)/", text)
    assert status == 200 and found, status
    return found.group(1)


def verify(env: dict[str, str], book: Book) -> dict[str, object]:
    os.environ.update(
        {key: env[key] for key in ("DATABASE_URL", "DJANGO_SECRET_KEY", "DJANGO_DEBUG", "DJANGO_ALLOWED_HOSTS")}
    )
    os.environ["DJANGO_SETTINGS_MODULE"] = "tablekeeper.settings"
    import django

    django.setup()
    from django.db import connection

    from tablekeeper.keeping.models import GameSession, Round
    from tablekeeper.keeping.services.audit import replay_mismatches

    lost = duplicated = drifted = 0
    for session_id, tokens in book.saved.items():
        stored = list(
            Round.objects.filter(session_id=session_id).order_by("number").values_list("client_token", flat=True)
        )
        counts = Counter(stored)
        duplicated += sum(count - 1 for count in counts.values() if count > 1)
        if session_id in book.shared:
            lost += len(set(tokens) - set(stored))
        else:
            # One keeper alone: exactly its acknowledged hands, in its order.
            lost += len([token for token in tokens if token not in counts])
            if stored != tokens:
                drifted += 1
                print(
                    f"session {session_id}: stored {len(stored)} hands, keeper expected {len(tokens)}", file=sys.stderr
                )
    for session in GameSession.objects.all():
        mismatches = replay_mismatches(session)
        if mismatches:
            drifted += 1
            print(f"session {session.pk}: {mismatches[:3]}", file=sys.stderr)
    unedited = 0
    stored_records = dict(
        Round.objects.filter(client_token__in=list(book.edited)).values_list("client_token", "record")
    )
    for token, taps in book.edited.items():
        if token in stored_records and _winner_of(stored_records[token]) != taps["winner"]:
            unedited += 1
            print(f"hand {token}: stored {stored_records[token]}, last confirmed edit {taps}", file=sys.stderr)
    for session_id, seat in book.long_hand_one.items():
        first = Round.objects.get(session_id=session_id, number=1).record
        if _winner_of(first) != str(seat):
            unedited += 1
            print(f"session {session_id} hand 1: stored {first}, last confirmed edit seat {seat}", file=sys.stderr)
    integrity = NO_INTEGRITY_CHECK
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            integrity = cursor.execute("PRAGMA integrity_check").fetchone()[0]
    return {"lost": lost, "duplicated": duplicated, "drifted": drifted, "integrity": integrity, "unedited": unedited}


NO_INTEGRITY_CHECK = "n/a (PostgreSQL)"


def _winner_of(record: Mapping[str, Any]) -> str:
    wins = record.get("wins") or []
    return str(wins[0]["seat"]) if record.get("result") == "win" and wins else "draw"


if __name__ == "__main__":
    sys.exit(main())
