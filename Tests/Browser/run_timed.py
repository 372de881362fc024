"""Runs the browser tests like `python3 -m unittest discover -s Tests/Browser -v`, with each case's duration
and, at the end, the slowest cases and the time per browser and scheme: where the stage's minutes go.

    python3 Tests/Browser/run_timed.py                     # every test_*.py
    python3 Tests/Browser/run_timed.py --only test_offline,test_garage     # those files
    python3 Tests/Browser/run_timed.py --except test_offline,test_garage   # every other file

Tests/run-all.sh runs three at once (BROWSER_LANES there): each but the last with --only its files, the last with
--except all of those, so that no file is left out when one is added."""

import collections
import pathlib
import sys
import time
import unittest


class TimedResult(unittest.TextTestResult):
    def startTest(self, test):
        self._started = time.monotonic()
        super().startTest(test)

    def stopTest(self, test):
        super().stopTest(test)
        self.durations.append((time.monotonic() - self._started, test.id()))

    def addSuccess(self, test):
        unittest.TestResult.addSuccess(self, test)
        self.stream.writeln("ok (%.1fs)" % (time.monotonic() - self._started))
        self.stream.flush()


def chosen(args):
    """The test files' module names to run, from --only / --except (a comma-separated list of module names)."""
    here = pathlib.Path(__file__).resolve().parent
    names = sorted(path.stem for path in here.glob("test*.py"))
    if len(args) == 2 and args[0] in ("--only", "--except"):
        listed = set(args[1].split(","))
        unknown = listed - set(names)
        if unknown:
            sys.exit("run_timed.py: no such test file: %s" % ", ".join(sorted(unknown)))
        return [name for name in names if (name in listed) == (args[0] == "--only")]
    if args:
        sys.exit(__doc__)
    return names


def main():
    here = pathlib.Path(__file__).resolve().parent
    sys.path.insert(0, str(here))
    loader = unittest.defaultTestLoader
    suite = unittest.TestSuite(loader.loadTestsFromName(name) for name in chosen(sys.argv[1:]))
    runner = unittest.TextTestRunner(verbosity=2, resultclass=TimedResult)
    TimedResult.durations = []
    started = time.monotonic()
    result = runner.run(suite)
    total = time.monotonic() - started
    by_variant = collections.Counter()
    for seconds, name in result.durations:
        variant = name.split(".")[1].split("_", 1)[-1] if "_" in name.split(".")[1] else "?"
        by_variant[variant] += seconds
    print("slowest cases:")
    for seconds, name in sorted(result.durations, reverse=True)[:12]:
        print("  %6.1fs  %s" % (seconds, name))
    print("per browser and scheme (set-up outside the cases: %.1fs):" % (total - sum(s for s, _ in result.durations)))
    for variant, seconds in by_variant.most_common():
        print("  %6.1fs  %s" % (seconds, variant))
    return 0 if result.wasSuccessful() else 1


if __name__ == "__main__":
    sys.exit(main())
