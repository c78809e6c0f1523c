"""Hypothesis profiles: how hard the property tests look, by where they run.

- `dev` (the default): each test's own `examples(n)` as written.
- `ci` (`bash .ci/test`, or `CI` set): a fifth of them, derandomized, so a run takes minutes and a
  failure found there is found again by the same command on any machine.
- `nightly` (`bash .ci/nightly`): twice as many, random, with the example database kept and the
  reproducing blob printed on failure: the search that finds what the fixed CI examples miss.

A test asks for `examples(n)`, the count it would run under `dev`; the profile scales it. An explicit
`max_examples` would ignore the profile, so no test writes one.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("dev", max_examples=100)
settings.register_profile("ci", max_examples=20, derandomize=True, deadline=None, print_blob=True)
settings.register_profile("nightly", max_examples=200, deadline=None, print_blob=True)


def profile_from_environment() -> str:
    """HYPOTHESIS_PROFILE when set; else `ci` on a CI runner (which sets CI); else `dev`."""
    if chosen := os.environ.get("HYPOTHESIS_PROFILE"):
        return chosen
    return "ci" if os.environ.get("CI") else "dev"


def examples(written: int) -> int:
    """`written` examples under `dev`, scaled by the loaded profile's `max_examples` (100 under dev)."""
    return max(10, written * settings().max_examples // 100)
