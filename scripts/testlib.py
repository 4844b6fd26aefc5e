"""What the test scripts share: failures collected by case and the summary
that ends a script (`scripts/interrupt-test.py`, `scripts/remote-cache-test.py`)."""

import sys


class Failures:
    """Failed checks, each printed when found and listed at the end."""

    def __init__(self, script):
        self.script, self.found = script, []

    def __call__(self, case, why):
        self.found.append(f"{case}: {why}")
        print(f"FAIL {case}: {why}", flush=True)

    def finish(self):
        """Exits 1 with the list if a check failed; else says all passed."""
        if self.found:
            print(f"{self.script}: {len(self.found)} failure(s)", file=sys.stderr)
            for f in self.found:
                print(f"  {f}", file=sys.stderr)
            sys.exit(1)
        print(f"{self.script}: all cases passed")
