#!/usr/bin/env python3
"""Run the unit-test binaries (Check framework) and sum their summaries.

Each binary prints Check's closing line `NN%: Checks: N, Failures: F, Errors: E`.
A binary that crashes, exits non-zero or prints no summary is a failure.
The last line is `tests: N checks, F failures, E errors` for CI to read.
"""
import re
import subprocess
import sys

SUMMARY = re.compile(r"(\d+)%: Checks: (\d+), Failures: (\d+), Errors: (\d+)")
checks = fails = errors = 0
bad = []
for binary in sys.argv[1:]:
    p = subprocess.run([binary], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    m = None
    for m in SUMMARY.finditer(p.stdout):
        pass
    if m is None:
        print(p.stdout[-4000:])
        bad.append("%s: no Check summary (exit %d)" % (binary, p.returncode))
        errors += 1
        continue
    n, f, e = int(m.group(2)), int(m.group(3)), int(m.group(4))
    checks += n; fails += f; errors += e
    print("%-40s %s" % (binary, m.group(0)))
    if f or e or p.returncode != 0:
        print(p.stdout[-4000:])
        bad.append("%s: %d failure(s), %d error(s), exit %d" % (binary, f, e, p.returncode))
for b in bad:
    print("FAIL: " + b)
print("tests: %d checks, %d failures, %d errors" % (checks, fails, errors))
sys.exit(1 if bad else 0)
