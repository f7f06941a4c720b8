#!/usr/bin/env python3
"""make prove-profile: where WP's time went in the last run (proofs/logs/).

With every prover answer replayed from the cache, a module's time is WP's
own: Qed simplifying each goal and Why3 building its task.  WP prints the
simplifier's time per goal ("(Qed:1.2s)", or the time of a goal Qed closes
alone); this lists, from the logs of the last `make prove`, the total per
module and the goals that cost most -- the candidates for fewer, smaller
goals.  The times are wall clock inside one frama-c (another job on the
machine inflates them): compare goals within one run, not across runs.

  python3 scripts/prove_profile.py [N]     top N goals (default 25)
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LOGS = os.path.join(ROOT, "proofs", "logs")
GOAL = re.compile(r"^\[wp\] \[(\w[\w .]*)\] Goal (\S+) : \w+ \(([^)]*)\)")
QED_IN = re.compile(r"Qed:([\d.]+)(ms|s)")
TIME = re.compile(r"^([\d.]+)(ms|s)$")


def secs(v, unit):
    return float(v) / (1000.0 if unit == "ms" else 1.0)


def main():
    top = int(sys.argv[1]) if len(sys.argv) > 1 else 25
    if not os.path.isdir(LOGS):
        sys.exit("prove-profile: no proofs/logs/ (run make prove first)")
    goals, per_mod = [], {}
    for f in sorted(os.listdir(LOGS)):
        if not f.endswith(".log") or f.endswith(".smoke.log"):
            continue
        mod = f[:-4]
        n = tot = 0.0
        for line in open(os.path.join(LOGS, f)):
            m = GOAL.match(line)
            if not m:
                continue
            who, goal, inside = m.groups()
            q = QED_IN.search(line)
            if q:
                t = secs(*q.groups())
            elif who == "Qed" and TIME.match(inside.strip()):
                t = secs(*TIME.match(inside.strip()).groups())
            else:
                t = 0.0
            n += 1
            tot += t
            goals.append((t, mod, goal))
        per_mod[mod] = (int(n), tot)
    print("%-14s %7s %10s %10s" % ("module", "goals", "Qed s", "s/goal"))
    print("-" * 45)
    for mod, (n, tot) in sorted(per_mod.items(), key=lambda kv: -kv[1][1]):
        print("%-14s %7d %10.1f %10.2f" % (mod, n, tot, tot / n if n else 0.0))
    print("-" * 45)
    print("%-14s %7d %10.1f" % ("all", sum(n for n, _ in per_mod.values()),
                                 sum(t for _, t in per_mod.values())))
    print()
    print("the %d goals Qed spent longest on" % top)
    print("%8s  %-14s %s" % ("Qed s", "module", "goal"))
    for t, mod, goal in sorted(goals, reverse=True)[:top]:
        print("%8.1f  %-14s %s" % (t, mod, goal))


if __name__ == "__main__":
    main()
