#!/usr/bin/env python3
"""make prove: run Frama-C WP over every module of src/, gate, and report.

One proof unit per src/<module>.c.  For each one, frama-c runs with the flags
in $WP_FLAGS (set by the Makefile), writes its WP JSON report under
proofs/reports/, and this script:

  * prints progress while the provers run, then one line per module;
  * prints the table: module, functions, goals proved / total, time;
  * maps every requirement ID of spec/REQUIREMENTS.md to what establishes it
    (a named contract clause, a model, a test) and its status;
  * writes the same as proofs/report.json;
  * exits non-zero when a goal is unproved, frama-c fails, a requirement
    points at a clause that does not exist or is unproved, or a module's
    proved-goal count drops below proofs/baseline/<module>.goals;
  * ends with the line `proved: P/T goals`.

`--update-baseline` raises each baseline to the current count (never lowers).
"""
import argparse
import hashlib
import concurrent.futures
import json
import os
import re
import shlex
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SRC = os.path.join(ROOT, "src")
PROOFS = os.path.join(ROOT, "proofs")
REPORTS = os.path.join(PROOFS, "reports")
LOGS = os.path.join(PROOFS, "logs")
BASELINE = os.path.join(PROOFS, "baseline")
REQS = os.path.join(ROOT, "spec", "REQUIREMENTS.md")
MODEL_RESULTS = os.path.join(ROOT, "models", "results.json")

GOAL_RE = re.compile(r"^\[wp\] \[(\w+)\] Goal (\S+) : (\w+)")
GOAL_FAIL_RE = re.compile(r"^\[wp\] \[(Failed|Unknown|Timeout)\] Goal (\S+)")
SCHED_RE = re.compile(r"^\[wp\] (\d+) goals scheduled")
PROVED_RE = re.compile(r"^\[wp\] Proved goals:\s+(\d+)\s*/\s*(\d+)")


def modules(selected):
    mods = sorted(f[:-2] for f in os.listdir(SRC) if f.endswith(".c"))
    if selected:
        unknown = [m for m in selected if m not in mods]
        if unknown:
            sys.exit("prove: no such module in src/: " + ", ".join(unknown))
        mods = [m for m in mods if m in selected]
    return mods


AUX_RE = re.compile(r"^/\* (\S+?):\d+:\w?F \*/ .*?(\w+) \(")


def defined_functions(mod, where="src"):
    """Functions defined in <where>/<mod>.c, from gcc -aux-info."""
    src = os.path.join(where, mod + ".c")
    import tempfile
    with tempfile.NamedTemporaryFile("r", suffix=".aux") as aux:
        # gcc writes -aux-info to a file; /dev/stdout is empty under a pipe.
        p = subprocess.run(["gcc", "-std=c11", "-Isrc", "-Iwip/src", "-Ispec",
                            "-fsyntax-only", "-aux-info", aux.name, src], cwd=ROOT,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        lines = aux.read().splitlines()
    if p.returncode != 0:
        sys.exit("prove: gcc cannot parse %s:\n%s" % (src, p.stderr))
    out = set()
    for line in lines:
        m = AUX_RE.match(line)
        if m and m.group(1) == src:
            out.add(m.group(2))
    return out


# A module may add WP options in one line of its source, e.g.
#   /* uldma-wp: -wp-model Typed+ref */
# (docs/METHOD.md says which options are allowed and why).
WPOPT_RE = re.compile(r"uldma-wp:\s*(.*?)\s*\*/")
ALLOWED_WPOPTS = {"-wp-model Typed+ref", "-wp-auto wp:split"}


def module_wp_options(path):
    with open(path) as f:
        for line in f:
            m = WPOPT_RE.search(line)
            if m:
                opt = m.group(1)
                if opt not in ALLOWED_WPOPTS:
                    sys.exit("prove: %s asks for WP options %r, not one of %s"
                             % (path, opt, sorted(ALLOWED_WPOPTS)))
                return shlex.split(opt)
    return []


# ---------------------------------------------------------------- stamps
# A module whose every input is byte-identical to a run that proved all its
# goals is not re-run: its report is taken from proofs/stamps/<mod>.json.
# The inputs are the tool versions, the WP flags and module options, and
# the bytes of the module's source and of every file the preprocessor reads
# for it (its headers and the spec/*.acsl they #include).  PROVE_FORCE=1
# (CI does) ignores stamps and runs WP on everything.
STAMPS = os.path.join(ROOT, "proofs", "stamps")
_TOOLS = None


def tool_versions():
    global _TOOLS
    if _TOOLS is None:
        out = []
        for cmd in (["frama-c", "-version"], ["why3", "--version"],
                    ["z3", "--version"], ["cvc4", "--version"]):
            try:
                out.append(subprocess.run(cmd, capture_output=True, text=True,
                                          timeout=60).stdout.strip())
            except (OSError, subprocess.SubprocessError):
                out.append("?")
        _TOOLS = "\n".join(out)
    return _TOOLS


def module_inputs_hash(mod, flags, opts):
    src = os.path.join("src", mod + ".c")
    incs = re.findall(r"-I[^\s\"']+", flags)
    dep = subprocess.run(["cpp", "-M", "-DUD_PLATFORM_PROOF"] + incs + [src],
                         cwd=ROOT, capture_output=True, text=True)
    if dep.returncode != 0:
        return None
    files = sorted(set(f for f in dep.stdout.replace("\\\n", " ").split()[1:]
                       if not f.startswith("/usr/")))
    h = hashlib.sha256()
    h.update(tool_versions().encode())
    h.update(("\0" + flags + "\0" + " ".join(opts) + "\0").encode())
    for f in files:
        h.update(f.encode() + b"\0")
        with open(os.path.join(ROOT, f), "rb") as fh:
            h.update(fh.read())
        h.update(b"\0")
    return h.hexdigest()


def run_module(mod, flags, idx, count):
    os.makedirs(REPORTS, exist_ok=True)
    os.makedirs(LOGS, exist_ok=True)
    report = os.path.join(REPORTS, mod + ".json")
    if os.path.exists(report):
        os.remove(report)
    src = os.path.join("src", mod + ".c")
    opts = module_wp_options(os.path.join(ROOT, src))
    cmd = (["frama-c"] + shlex.split(flags) + opts
           + ["-wp-report-json", report, src])
    t0 = time.time()
    tag = "[%d/%d] %-14s" % (idx, count, mod)
    digest = module_inputs_hash(mod, flags, opts)
    stamp = os.path.join(STAMPS, mod + ".json")
    if digest and os.environ.get("PROVE_FORCE", "0") != "1" and os.path.exists(stamp):
        with open(stamp) as f:
            st = json.load(f)
        if st.get("inputs") == digest:
            with open(report, "w") as f:
                json.dump(st["report"], f)
            print("%s inputs unchanged since %s: report from proofs/stamps "
                  "(PROVE_FORCE=1 re-runs WP)" % (tag, st.get("date", "?")), flush=True)
            return report_result(mod, 0, report, time.time() - t0, [], stamped=True)
    print("%s proving ..." % tag, flush=True)
    scheduled = 0
    done = 0
    failed = []
    last_tick = t0
    with open(os.path.join(LOGS, mod + ".log"), "w") as log:
        log.write("$ " + " ".join(shlex.quote(c) for c in cmd) + "\n")
        proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True)
        for line in proc.stdout:
            log.write(line)
            m = SCHED_RE.match(line)
            if m:
                scheduled = int(m.group(1))
                print("%s %d goals scheduled" % (tag, scheduled), flush=True)
                continue
            m = GOAL_RE.match(line)
            if m:
                done += 1
                if m.group(1) in ("Failed", "Unknown", "Timeout") or \
                        m.group(3) not in ("Valid",):
                    failed.append(m.group(2))
            elif GOAL_FAIL_RE.match(line):
                done += 1
                failed.append(GOAL_FAIL_RE.match(line).group(2))
            now = time.time()
            if now - last_tick >= 10 and scheduled:
                print("%s %d/%d goals done (%.0fs)" % (tag, done, scheduled,
                                                       now - t0), flush=True)
                last_tick = now
        rc = proc.wait()
    res = report_result(mod, rc, report, time.time() - t0, failed)
    if digest and "error" not in res and res["total"] > 0 and \
            res["proved"] == res["total"]:
        os.makedirs(STAMPS, exist_ok=True)
        with open(report) as f:
            rep = json.load(f)
        with open(stamp, "w") as f:
            json.dump({"module": mod, "inputs": digest,
                       "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
                       "proved": res["proved"], "report": rep}, f, indent=0)
    return res


def report_result(mod, rc, report, elapsed, failed, stamped=False):
    res = {"module": mod, "rc": rc, "time_s": round(elapsed, 1),
           "functions": {}, "proved": 0, "total": 0, "failed": failed,
           "stamped": stamped}
    if rc != 0 or not os.path.exists(report):
        res["error"] = "frama-c exited %d (see proofs/logs/%s.log)" % (rc, mod)
        return res
    with open(report) as f:
        data = json.load(f)
    for fn, props in data.get("wp:functions", {}).items():
        fres = {}
        for key, st in props.items():
            if key == "wp:section":
                continue
            main = st.get("wp:main", {})
            fres[key] = {"total": main.get("total", 0),
                         "valid": main.get("valid", 0)}
        res["functions"][fn] = fres
    main = data.get("wp:global", {}).get("wp:main", {})
    res["total"] = main.get("total", 0)
    res["proved"] = main.get("valid", 0)
    return res


def parse_requirements():
    """Rows `| ID | property | established by | ... |` of REQUIREMENTS.md."""
    reqs = []
    if not os.path.exists(REQS):
        return reqs
    with open(REQS) as f:
        for line in f:
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if len(cells) < 3 or not re.match(r"^[A-Z][A-Z0-9]*-[A-Z0-9-]+$", cells[0]):
                continue
            reqs.append({"id": cells[0], "property": cells[1],
                         "by": cells[2].replace("`", "")})
    return reqs


def clause_status(results, fn, clause):
    """All WP goals of clause `clause` in function `fn`, across modules."""
    total = valid = 0
    pat = re.compile(r"(^|_)" + re.escape(clause) + r"(_\d+)?$")
    for r in results:
        props = r["functions"].get(fn)
        if not props:
            continue
        for key, st in props.items():
            if pat.search(key[len(fn):]):
                total += st["total"]
                valid += st["valid"]
    return total, valid


def wip_functions():
    """Functions of the modules in wip/src/: code not yet proved."""
    d = os.path.join(ROOT, "wip", "src")
    fns = set()
    if os.path.isdir(d):
        for f in os.listdir(d):
            if f.endswith(".c"):
                fns |= defined_functions(f[:-2], os.path.join("wip", "src"))
    return fns


def requirement_status(results, reqs, models):
    out = []
    wip = wip_functions()
    for rq in reqs:
        items = [i.strip() for i in rq["by"].split(";") if i.strip()]
        statuses = []
        ok = True
        for it in items:
            kind, _, what = it.partition(" ")
            what = what.strip()
            if kind == "contract":
                fn, _, clause = what.partition(":")
                total, valid = clause_status(results, fn, clause)
                if total == 0 and fn in wip:
                    statuses.append("%s: OPEN (module in wip/, not yet proved)" % what)
                elif total == 0:
                    statuses.append("%s: NO SUCH CLAUSE" % what)
                    ok = False
                elif valid < total:
                    statuses.append("%s: UNPROVED %d/%d" % (what, valid, total))
                    ok = False
                else:
                    statuses.append("%s: proved (%d goals)" % (what, total))
            elif kind == "model":
                m = models.get(what)
                if m is None:
                    statuses.append("%s: model (run make models)" % what)
                else:
                    statuses.append("%s: model %s" % (what, m))
            elif kind == "test":
                statuses.append("%s: test (make test)" % what)
            elif kind == "open":
                statuses.append("OPEN")
            else:
                statuses.append("%s: UNKNOWN KIND" % it)
                ok = False
        kinds = {it.partition(" ")[0] for it in items}
        if not ok:
            verdict = "FAIL"
        elif any("OPEN" in st for st in statuses):
            verdict = "open"
        elif "contract" in kinds:
            verdict = "proved"
        elif "model" in kinds:
            verdict = "model"
        else:
            verdict = "tested"
        out.append({"id": rq["id"], "property": rq["property"],
                    "established_by": items, "status": statuses, "ok": ok,
                    "verdict": verdict})
    return out


def read_baseline(mod):
    p = os.path.join(BASELINE, mod + ".goals")
    try:
        with open(p) as f:
            return int(f.read().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("modules", nargs="*")
    ap.add_argument("--update-baseline", action="store_true")
    args = ap.parse_args()
    flags = os.environ.get("WP_FLAGS")
    if not flags:
        sys.exit("prove: WP_FLAGS is not set (run through `make prove`)")
    mods = modules(args.modules)
    t_all = time.time()
    # Modules are independent proof units: run PROVE_JOBS of them at once.
    # Even with every result cached, WP spends ~0.3 s per goal building the
    # Why3 task in one OCaml thread, so modules in parallel is what makes a
    # warm run fast on 2 cores.
    jobs = max(1, int(os.environ.get("PROVE_JOBS", "2")))

    def one(item):
        i, m = item
        r = run_module(m, flags, i, len(mods))
        if "error" in r:
            print("[%d/%d] %-14s ERROR %s" % (i, len(mods), m, r["error"]), flush=True)
        else:
            print("[%d/%d] %-14s %d/%d goals in %.1fs" % (
                i, len(mods), m, r["proved"], r["total"], r["time_s"]), flush=True)
        return r

    # Largest first, so the longest module does not start last.
    order = sorted(enumerate(mods, 1),
                   key=lambda im: -os.path.getsize(os.path.join(SRC, im[1] + ".c")))
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as ex:
        done = list(ex.map(one, order))
    results = sorted(done, key=lambda r: r["module"])

    failures = []
    print()
    print("%-16s %9s %15s %9s %9s" % ("module", "functions", "proved/total", "baseline", "time"))
    print("-" * 62)
    P = T = 0
    for r in results:
        base = read_baseline(r["module"])
        P += r["proved"]
        T += r["total"]
        print("%-16s %9d %15s %9s %8.1fs" % (
            r["module"], len(r["functions"]), "%d/%d" % (r["proved"], r["total"]),
            "-" if base is None else str(base), r["time_s"]))
        r["baseline"] = base
        if "error" in r:
            failures.append("%s: %s" % (r["module"], r["error"]))
        if r["proved"] < r["total"]:
            failures.append("%s: %d goal(s) unproved: %s" % (
                r["module"], r["total"] - r["proved"], ", ".join(r["failed"][:8])))
        for fn in sorted(defined_functions(r["module"]) - set(r["functions"])):
            failures.append("%s: function %s has no contract" % (r["module"], fn))
        for fn, props in sorted(r["functions"].items()):
            keys = [k[len(fn):] for k in props]
            if not any("_assigns" in k for k in keys) or \
                    not any("_ensures" in k for k in keys):
                failures.append("%s: function %s has no full contract "
                                "(needs assigns and ensures)" % (r["module"], fn))
        if base is not None and r["proved"] < base:
            failures.append("%s: proved goals dropped below baseline (%d < %d)" % (
                r["module"], r["proved"], base))
        if base is None and not args.update_baseline:
            print("  (no baseline for %s: run `make prove-baseline`)" % r["module"])
        if args.update_baseline and "error" not in r and r["proved"] == r["total"]:
            if base is None or r["proved"] > base:
                os.makedirs(BASELINE, exist_ok=True)
                with open(os.path.join(BASELINE, r["module"] + ".goals"), "w") as f:
                    f.write("%d\n" % r["proved"])
    print("-" * 62)
    print("%-16s %9d %15s %9s %8.1fs" % ("all", sum(len(r["functions"]) for r in results),
                                       "%d/%d" % (P, T), "", time.time() - t_all))

    models = {}
    if os.path.exists(MODEL_RESULTS):
        with open(MODEL_RESULTS) as f:
            for name, v in json.load(f).items():
                models[name] = v.get("verdict", "?") if isinstance(v, dict) else str(v)
    reqs = requirement_status(results, parse_requirements(), models)
    full_run = not args.modules
    if reqs:
        print()
        print("status: proved = every cited clause proved (tests/models may add to it);")
        print("open = something cited is open or its module is still in wip/")
        print("%-14s %-8s %s" % ("requirement", "status", "established by"))
        print("-" * 62)
        for rq in reqs:
            # A clause in a module outside a partial run is not a failure.
            ok = rq["ok"] or not full_run
            print("%-14s %-8s %s" % (rq["id"], rq["verdict"] if rq["ok"] else ("FAIL" if full_run else "n/a"),
                                     "; ".join(rq["status"])))
            if not ok:
                failures.append("requirement %s: %s" % (rq["id"], "; ".join(rq["status"])))
        count = {}
        for rq in reqs:
            count[rq["verdict"]] = count.get(rq["verdict"], 0) + 1
        print("-" * 62)
        print("requirements: %d proved, %d by model, %d by test only, %d open, %d failing"
              % (count.get("proved", 0), count.get("model", 0), count.get("tested", 0),
                 count.get("open", 0), count.get("FAIL", 0)))

    report = {"modules": results, "requirements": reqs,
              "proved": P, "total": T, "time_s": round(time.time() - t_all, 1),
              "ok": not failures, "failures": failures}
    if full_run:
        with open(os.path.join(PROOFS, "report.json"), "w") as f:
            json.dump(report, f, indent=1, sort_keys=True)
    if failures:
        print()
        for x in failures:
            print("FAIL: " + x)
    print("proved: %d/%d goals" % (P, T))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
