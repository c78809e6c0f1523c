"""Play many simulated games and report what the engine refused:

    .venv/bin/python -m tests.rules.simulation --games 5000 [--variant dalian] [--preset club_java] [--hands 4]

Prints per variant and rule set: games, hands, wins by method, several-winner hands, drawn hands, records
refused (and the first few, with their seed, options and record). Exits 1 when any record was refused, so
that a gate (`bash .ci/nightly`) reads the verdict from the status, not from the words printed.
"""

from __future__ import annotations

import argparse
import sys
import time

from tablekeeper.rules import variant_ids

from . import SUPPORTED, rule_sets, unsimulated_reason
from .session import Tally, play_game


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.rules.simulation")
    parser.add_argument("--games", type=int, default=200, help="games per variant and rule set")
    parser.add_argument("--hands", type=int, default=4, help="hands per game (one session)")
    parser.add_argument("--variant", choices=[v for v in variant_ids() if v in SUPPORTED])
    parser.add_argument("--preset", help="only this preset id (rule_book: the book's defaults)")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--show", type=int, default=3, help="refusals printed per rule set")
    args = parser.parse_args()
    refused = 0
    for variant in variant_ids():
        if variant not in SUPPORTED and not args.variant:
            print(f"{variant}: {unsimulated_reason(variant)}", flush=True)
    for variant in [args.variant] if args.variant else [v for v in variant_ids() if v in SUPPORTED]:
        for preset, options in rule_sets(variant):
            if args.preset and preset != args.preset:
                continue
            tally, started = Tally(), time.monotonic()
            for seed in range(args.first_seed, args.first_seed + args.games):
                play_game(variant, options, seed, args.hands, tally)
            methods = ", ".join(f"{m} {n}" for m, n in sorted(tally.methods.items()))
            print(
                f"{variant} / {preset}: {tally.games} games, {tally.hands} hands; wins by method: {methods}; "
                f"several winners {tally.several}; drawn {tally.draws}; refused {len(tally.refusals)} "
                f"({time.monotonic() - started:.0f} s)",
                flush=True,
            )
            print(
                "  keeper ticked: " + ", ".join(f"{item} {n}" for item, n in sorted(tally.ticked.items())), flush=True
            )
            print(
                "  with what the tiles prove: " + ", ".join(f"{item} {n}" for item, n in sorted(tally.items.items())),
                flush=True,
            )
            refused += len(tally.refusals)
            for refusal in tally.refusals[: args.show]:
                print(f"  {refusal}".replace("\n", "\n  "), flush=True)
    if refused:
        print(f"The simulator's keeper wrote {refused} records the engine refused (above).", flush=True)
    return 1 if refused else 0


if __name__ == "__main__":
    sys.exit(main())
