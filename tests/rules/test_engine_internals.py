"""The engine's own building blocks: option kinds, resolved options, the ledger, and its guards."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import replace
from typing import Any

import pytest

from tablekeeper.rules import replay, settle
from tablekeeper.rules.hooks import Outcome
from tablekeeper.rules.ledger import Ledger
from tablekeeper.rules.options import OptionSpec, resolve_options
from tablekeeper.rules.state import TableState
from tablekeeper.rules.variants import REGISTRY
from tablekeeper.rules.variants.common.outcomes import note_dealer

from .helpers import errors_of


def test_a_missing_seat_entry_takes_every_default() -> None:
    record = {"result": "draw", "seats": [None, {"ready": "ready"}]}

    assert settle("dalian", record)["ok"]


def test_options_that_are_not_an_object_are_an_error() -> None:
    result = settle("harbin", {"result": "draw"}, None, ["cap"])  # type: ignore[arg-type]

    assert ("invalid_option", "options") in errors_of(result)


def test_a_state_that_is_not_an_object_is_an_error() -> None:
    result = settle("harbin", {"result": "draw"}, ["dealer", 1])  # type: ignore[arg-type]

    assert ("invalid_state", "state") in errors_of(result)


def test_replay_from_a_malformed_state_stops_at_the_first_hand_and_hands_the_state_back() -> None:
    result = replay("harbin", [{"result": "draw"}], state={"dealer": 9})

    assert not result["ok"] and result["first_error"] == 0
    assert dict(result["state"]) == {"dealer": 9}
    assert result["totals"] == [0, 0, 0, 0]


@pytest.mark.parametrize(
    ("spec", "value", "why"),
    [
        (OptionSpec("n", 2, "int", "a number", minimum=1, maximum=3), 0, "must be at least 1"),
        (OptionSpec("n", 2, "int", "a number", minimum=1, maximum=3), 4, "must be at most 3"),
        (OptionSpec("n", 2, "int", "a number", minimum=1, maximum=3), True, "must be a whole number"),
        (OptionSpec("n", None, "optional_int", "a number", minimum=1), "x", "must be a whole number or null"),
        (OptionSpec("s", (), "subset", "some", choices=("a", "b")), ["a", "a"], "must not repeat an item"),
        (OptionSpec("s", (), "subset", "some", choices=("a", "b")), ["c"], "must be a list drawn from a, b"),
        (OptionSpec("c", "a", "choice", "one", choices=("a", "b")), "z", "must be one of a, b"),
        (OptionSpec("b", False, "bool", "yes or no"), 1, "must be true or false"),
    ],
)
def test_each_option_kind_says_why_a_value_is_not_allowed(spec: OptionSpec, value: Any, why: str) -> None:
    assert spec.check(value) == why


def test_allowed_option_values_pass_their_check() -> None:
    assert OptionSpec("n", None, "optional_int", "a number", minimum=1).check(None) is None
    assert OptionSpec("s", (), "subset", "some", choices=("a", "b")).check(["b", "a"]) is None
    with pytest.raises(ValueError, match="unknown option kind"):
        OptionSpec("x", 1, "float", "odd").check(1.5)


def test_resolved_options_are_a_read_only_mapping_over_the_defaults() -> None:
    specs = (OptionSpec("cap", 100, "int", "cap"), OptionSpec("mode", "a", "choice", "mode", choices=("a", "b")))

    options = resolve_options(specs, {"mode": "b"})

    assert dict(options) == {"cap": 100, "mode": "b"} and len(options) == 2
    assert "Options(" in repr(options)


def test_a_ledger_refuses_a_negative_or_fractional_payment_as_an_engine_bug() -> None:
    ledger = Ledger()
    with pytest.raises(ValueError):
        ledger.pay("win_product", 0, 1, -5, {}, "never")
    with pytest.raises(ValueError):
        ledger.to_pot(0, 2.5, {}, "never")  # type: ignore[arg-type]


def test_a_variant_that_scores_a_hand_out_of_balance_is_an_engine_bug_not_a_result(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    variant = REGISTRY["harbin"]

    def unbalanced(record: Any, findings: Any, state: TableState, options: Any) -> Outcome:
        ledger = Ledger()
        ledger.deltas[0] += 1
        return Outcome(ledger, state)

    monkeypatch.setattr(variant, "hooks", replace(variant.hooks, score=unbalanced))
    with pytest.raises(AssertionError, match="not zero-sum"):
        settle("harbin", {"result": "draw"})


def test_a_record_lists_its_problems_in_the_same_order_whatever_the_hash_seed() -> None:
    """Patterns that exclude one another are reported in the order they were ticked, in every process."""
    record = {
        "result": "win",
        "wins": [{"seat": 1, "method": "self_draw", "patterns": ["mixed_terminals", "pure_terminals", "edge_wait"]}],
    }
    script = f"import json; from tablekeeper.rules import settle; print(json.dumps(settle('dalian', {record!r})))"
    outputs = [
        subprocess.run(
            [sys.executable, "-c", script],
            env={**os.environ, "PYTHONHASHSEED": str(seed)},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for seed in range(4)
    ]

    assert len(set(outputs)) == 1
    errors = json.loads(outputs[0])["errors"]
    assert [error["message"] for error in errors if error["field"] == "wins.0.patterns.2"] == [
        "Edge win (夹胡) and All terminals and honours (混幺九) cannot both count.",
        "Edge win (夹胡) and Pure terminals (清幺九) cannot both count.",
    ]


def test_a_ledger_refuses_a_note_or_dealer_reason_it_does_not_document_as_an_engine_bug() -> None:
    with pytest.raises(ValueError, match="unknown note"):
        Ledger().remark("something_else", "words")
    with pytest.raises(ValueError, match="unknown dealer reason"):
        note_dealer(Ledger(), TableState(), 1, "luck", 0, "words")


def test_a_variant_package_without_a_name_or_with_an_item_named_twice_is_an_engine_bug(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tablekeeper.rules.variants.common import items

    with pytest.raises(ValueError, match="needs the variant's package"):
        items.load_fact_items(None)

    entry = {"id": "dealer", "name": {"en": "Dealer", "zh": "庄家"}, "value": "×2"}

    class Twice:
        def joinpath(self, name: str) -> Twice:
            return self

        def read_text(self, encoding: str) -> str:
            return json.dumps([entry, entry])

    monkeypatch.setattr(items, "files", lambda package: Twice())
    with pytest.raises(ValueError, match="names an item twice"):
        items.load_fact_items("tablekeeper.rules.variants.dalian")
