"""What a new variant's folder declares in one line: a factor applied after the cap (`pay_product`'s `after_cap`,
a dealer's ×2 on top of 封顶) and a house rule that is one of set values (a base of 1, 2 or 5). Table-driven, no
database."""

from __future__ import annotations

from typing import Any

import pytest

from tablekeeper.rules.ledger import Ledger
from tablekeeper.rules.options import base_option
from tablekeeper.rules.variants.common.factors import Factor, pay_product

from .test_reasons import text_problems

SELF_DRAW = Factor("self-draw", 2, "self_draw")
SEVEN_PAIRS = Factor("seven pairs", 4, "seven_pairs")
DEALER = Factor("dealer", 2, "dealer")


@pytest.mark.parametrize(
    ("cap", "after_cap", "amount", "raw", "factors_named", "after_named"),
    [
        # The cap binds (8 > 5): the dealer doubles what is left of it.
        (5, [DEALER], 10, 8, ["self_draw", "seven_pairs"], ["dealer"]),
        # The cap does not bind: the dealer doubles the whole product.
        (16, [DEALER], 16, 8, ["self_draw", "seven_pairs"], ["dealer"]),
        # No cap: nothing to be after, so the dealer is one more factor of a plain product.
        (None, [DEALER], 16, 16, ["self_draw", "seven_pairs", "dealer"], None),
        # No factor after the cap: the line is as it always was.
        (5, [], 5, 8, ["self_draw", "seven_pairs"], None),
    ],
)
def test_a_factor_after_the_cap_multiplies_what_the_cap_left(
    cap: int | None, after_cap: list[Factor], amount: int, raw: int, factors_named: list[str], after_named: Any
) -> None:
    ledger = Ledger()

    paid = pay_product(ledger, 2, 1, 1, [SELF_DRAW, SEVEN_PAIRS], cap=cap, after_cap=after_cap)

    (line,) = [line.as_dict() for line in ledger.lines]
    params = line["params"]
    assert paid == amount == params["amount"] and ledger.deltas == [0, amount, -amount, 0]
    assert (line["code"], params["raw"], params["cap"]) == ("win_product", raw, cap)
    assert [entry["item"] for entry in params["factors"]] == factors_named
    named_after = [entry["item"] for entry in params["after_cap"]] if "after_cap" in params else None
    assert named_after == after_named
    assert text_problems(line) == [], line["text"]


def test_several_factors_after_the_cap_multiply_one_after_another() -> None:
    ledger = Ledger()

    paid = pay_product(ledger, 0, 3, 2, [SEVEN_PAIRS], cap=6, after_cap=[DEALER, Factor("kong bloom", 3, "kong_bloom")])

    assert paid == 6 * 2 * 3
    assert ledger.lines[0].text.endswith("dealer after the cap: 6 × 2 = 12; kong bloom after the cap: 12 × 3 = 36")


@pytest.mark.parametrize(
    ("value", "why"),
    [
        (1, None),
        (2, None),
        (5, None),
        (3, "must be one of 1, 2, 5"),
        (True, "must be one of 1, 2, 5"),  # true is not 1
        (1.0, "must be one of 1, 2, 5"),  # nor 1.0 the whole number 1
        ("2", "must be one of 1, 2, 5"),
        (None, "must be one of 1, 2, 5"),
    ],
)
def test_a_base_of_set_values_takes_those_values_only(value: Any, why: str | None) -> None:
    spec = base_option(1, "Base points.", choices=(1, 2, 5))

    assert (spec.kind, spec.describe()["allowed"]) == ("choice", [1, 2, 5])
    assert spec.check(value) == why


def test_a_base_of_any_whole_number_stays_so_without_choices() -> None:
    spec = base_option(1, "Base points.")

    assert spec.kind == "int" and spec.check(7) is None and spec.check(0) == "must be at least 1"


@pytest.mark.parametrize("choices", [(2, 5), (0, 1), (1, True)])
def test_a_base_whose_choices_leave_out_its_default_or_are_no_whole_numbers_from_1_is_refused(
    choices: tuple[int, ...],
) -> None:
    with pytest.raises(ValueError, match="whole numbers from 1"):
        base_option(1, "Base points.", choices=choices)
