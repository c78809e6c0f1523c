"""The outbox's address: the hands a phone kept while it had no connection, sent one at a time by
static/js/outbox-queue.js once it has one again. Each answer is JSON that names its outcome
(`Outcome`), which static/js/outbox-rules.js reads; its status says the same to anything that
reads only statuses. The same Save sent twice (its client token) counts once."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import JsonResponse
from django.views.decorators.http import require_POST

from tablekeeper.web.http import HtmxHttpRequest

from ..pages.access import kept_session
from ..pages.outbox import save_kept_hand


@login_required
@require_POST
def hand_outbox(request: HtmxHttpRequest, session_id: int) -> JsonResponse:
    return save_kept_hand(request, kept_session(request, session_id))
