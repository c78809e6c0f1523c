"""The phrase box's words that are not the table's (static/js/phrase-parse.js asks its questions by code): each
question in both languages, and the file the page loads on the box's first use (static/js/phrase-words.js),
which carries them with the sound table (phrase_sounds.py). Rewritten by `manage.py phrase_words`; a test
checks that the file is current."""

from __future__ import annotations

import json
from typing import Any

from django.utils import translation
from django.utils.translation import gettext as _

from .phrase_sounds import sound_table

LANGUAGES = ("zh-hans", "en")
WORDS_FILE = "static/js/phrase-words.js"


def question_texts() -> dict[str, str]:
    """Each question's sentence in the active language; {who}, {from}, {name}, {names}, {variant} and {side}
    are filled in by the page."""
    return {
        "methodClash": _("Did {who} win by self-draw or on a discard? Tap which."),
        "unplayed": _("This table does not score {name}: anything else?"),
        "kongWho": _("Whose kong was it? Tap who declared it."),
        "readyWho": _("Who declared ready? Tap them."),
        "closedWho": _("Whose hand was closed? Tap them."),
        "sideWho": _("Whose {side} is it? Set it below."),
        "whoWon": _("Who won? Tap the winner."),
        "selfOrDiscard": _("Did {who} win by self-draw, or on {from}'s discard? Tap which."),
        "drawOrWin": _("A draw, or did someone win? Tap which."),
        "voidWho": _("Who declared the false win? Tap them."),
        "oneWinner": _("{variant}: only one player may win. Was it {names}? Tap the winner."),
        "severalSelfDraw": _("Only one player wins a self-draw. Was it {names}? Tap the winner."),
        "flowersWhose": _("Whose flowers are they? Set them below."),
        "how": _("How did {who} win: self-draw, or on whose discard? Tap it."),
        "selfDrawOnly": _("{variant}: this table wins by self-draw only. Did {who} self-draw? Tap it."),
        "methodNotPlayed": _("This table does not allow that way of winning. How did {who} win? Tap it."),
        "robbedWhom": _("Whose kong did {who} rob? Tap it."),
        "whoDiscarded": _("Whose discard did {who} win on? Tap it."),
        "ownDiscard": _("{who} cannot win on their own discard. Whose discard was it? Tap it."),
        "patternMethod": _("{name} does not score that way. How did {who} win? Tap it."),
        "noFlowers": _("This table does not count flowers."),
        "howManyFlowers": _("How many flowers? Set them below."),
        "kongKind": _("Which kind of kong did {who} declare? Tap it."),
        "kongNotPlayed": _("This table does not have that kind of kong. Which did {who} declare? Tap it."),
        "noKongKind": _("This table does not have that kind of kong: it changes nothing here."),
        "kongOwnDiscard": _("A kong is never claimed from one's own discard. Whose was it? Tap it."),
        "whichReady": _("Which ready declaration did {who} make? Tap it."),
        "noReady": _("This table does not score ready declarations."),
        "noClosed": _("This table does not score a closed hand."),
        "noSideBet": _("This table plays without side bets."),
        "sideHowMuch": _("How much is {who}'s {side}? Set it below."),
        "sideTooMuch": _("{who}'s {side} is more than this table allows. Set it below."),
        "liableWho": _("Who is liable (pays all)? Tap them under More."),
        "liableWhom": _("{who} pays all of which winner's win? Tap it under More."),
        "liableSelf": _("{who} cannot pay their own win. Who is liable? Tap it under More."),
        "noLiable": _("This table has no liable player (承包)."),
        "noPenalty": _("This table does not record that penalty."),
        "morePenalties": _("The form takes two penalties per hand: add the rest by tapping."),
        "penaltyWho": _("Who pays the penalty? Tap them under More."),
        "penaltyHowMany": _("How many tiles were revealed? Set it under More."),
        "noDice": _("This table does not double on the dice."),
        "readyFirst": _("This table counts {name} only after a ready declaration: did {who} declare ready? Tap it."),
        "kongFrom": _("Whose discard was {who}'s kong claimed from (for an added kong: the pung's)? Tap it."),
        "whoIs": _("No seat here is {name}: who is it? Tap them."),
        "whoIsLike": _("Is {name} {names}? Tap them."),
        "whoIsWhich": _("Which is {name}: {names}? Tap them."),
        "patternsExclusive": _("Was it {names}? The two do not go together at this table: tap it."),
        "turnedUpWhich": _("Which tile was turned up? {name} does not fit this table's order: tap it above."),
        "noVoidCharge": _(
            "This table charges nothing for a false win: the hand is void. A charge all the same is a manual "
            "adjustment under More."
        ),
    }


def page_texts() -> dict[str, str]:
    """The box's own words, beside the questions."""
    return {
        "or": _(" or "),
        "notUnderstood": _("Not understood: tap the hand in below, or say it again."),
        "ignore": _("Ignore"),
        "asking": _("Answer by tapping: Save waits until then."),
        "tilesPartial": _("Heard the tiles {name}: the tile field takes a whole hand (14 tiles), so type it there."),
        "waitNotScored": _("Heard {name}: this table scores nothing for that wait."),
        "plainSelfDraw": _("Heard {name}: at this table it is a plain self-draw."),
        "none": _("Nothing else"),
        "itWas": _("It was {name}"),
    }


def words_payload() -> dict[str, Any]:
    texts: dict[str, dict[str, str]] = {}
    for language in LANGUAGES:
        with translation.override(language):
            texts[language.partition("-")[0]] = {**question_texts(), **page_texts()}
    return {"texts": texts, "sounds": sound_table(extra=_fixed_words())}


def _fixed_words() -> list[str]:
    """Every character the parser's own words use, so that each is in the sound table even if it is rare."""
    from pathlib import Path

    scripts = Path(__file__).resolve().parents[3] / "static" / "js"
    source = "".join((scripts / name).read_text(encoding="utf-8") for name in ("phrase-lexicon.js", "phrase-hear.js"))
    return [ch for ch in source if "\u4e00" <= ch <= "\u9fff"]


def words_script() -> str:
    """static/js/phrase-words.js: data only, for the page (window.TKPhraseWords) and for Node (module.exports)."""
    data = json.dumps(words_payload(), ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    return (
        "// Written by `manage.py phrase_words` (tablekeeper/reading/reasons/phrase_words.py): do not edit.\n"
        "(function (root, words) {\n"
        '  if (typeof module === "object" && module.exports) module.exports = words;\n'
        "  else root.TKPhraseWords = words;\n"
        '})(typeof self !== "undefined" ? self : this, ' + data + ");\n"
    )
