#!/usr/bin/env python3
"""make models -- run the SPIN models of models/ and check their verdicts.

Each model listed in models/expected.json is generated with `spin -a`
(its compile-time parameters passed as -D), compiled with the unmodified
src/*.c files it names linked beside pan.c, and searched exhaustively
(-DSAFETY, full state storage, no bitstate, no depth truncation).  The
verdict is `verified` (no assertion can fail in any interleaving) or
`counterexample` (one can); a counterexample is found again by a
breadth-first search (so it is a shortest one), replayed through the real
C code (pan -r) and printed as a readable interleaving.  Anything else (a build error, a truncated search) is
`error` or `incomplete`, never a pass.

Per model it prints verdict, states stored, depth, memory and time, and
writes models/results.json ({name: {verdict, expected, as_expected,
states, time_s, ...}}; scripts/prove.py shows the verdict of each `model NAME` row of
spec/REQUIREMENTS.md).  The last line is `models: N as expected, M not`;
the exit status is non-zero when M > 0.

  python3 scripts/models.py                 all models
  python3 scripts/models.py NAME...         only those (results merged)
  python3 scripts/models.py --list          names, parameters, expectations
"""
import json
import os
import re
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODELS = os.path.join(ROOT, "models")
BUILD = os.path.join(ROOT, "build", "models")
EXPECTED = os.path.join(MODELS, "expected.json")
RESULTS = os.path.join(MODELS, "results.json")
# The engine under check: src/ (UD_MODELS_SRC=DIR checks another candidate
# implementation of the same API against the same models; results then go
# to build/models/results.json, never to models/results.json).
SRC = os.environ.get("UD_MODELS_SRC", os.path.join(ROOT, "src"))
if "UD_MODELS_SRC" in os.environ:
    RESULTS = os.path.join(BUILD, "results.json")

PAN_DEPTH = 100000           # -m: far beyond any depth these models reach
PAN_HASH = 22                # -w: 4M hash slots (32 MB), chains beyond
PAN_TIMEOUT = 600            # seconds per pan run


def load_expected():
    with open(EXPECTED) as f:
        spec = json.load(f)
    return spec


def run(cmd, cwd, timeout=PAN_TIMEOUT):
    p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True, timeout=timeout)
    return p.returncode, p.stdout


def modsrc(name):
    """The module's C file: src/ (proved) or, not yet proved, wip/src/."""
    p = os.path.join(SRC, name + ".c")
    w = os.path.join(ROOT, "wip", "src", name + ".c")
    return p if os.path.exists(p) or not os.path.exists(w) else w


def build(m, wd, extra=(), exe="pan", fresh=True):
    """spin -a, then gcc pan.c + the real src/ files.  Returns (ok, log)."""
    if fresh and os.path.isdir(wd):
        shutil.rmtree(wd)
    os.makedirs(wd, exist_ok=True)
    pml = os.path.join(MODELS, m["pml"])
    defs = ["-D%s=%s" % (k, v) for k, v in sorted(m.get("defines", {}).items())]
    shutil.copy(pml, os.path.join(wd, m["pml"]))
    rc, out = run(["spin"] + defs + ["-a", m["pml"]], wd)
    if rc != 0 or not os.path.exists(os.path.join(wd, "pan.c")):
        return False, "spin -a failed:\n" + out
    srcs = [modsrc(s) for s in m.get("links", [])]
    # A mutant: the same model against a copy of one src/ file with one
    # deliberate bug, to show the model can fail.  The text to replace must
    # occur exactly once, so a mutant that no longer applies is an error,
    # never a silent pass.
    for mu in m.get("mutate", []):
        orig = modsrc(mu["file"])
        with open(orig) as f:
            text = f.read()
        if text.count(mu["from"]) != 1:
            return False, "mutation no longer applies: %r occurs %d times in %s" % (
                mu["from"], text.count(mu["from"]), orig)
        mpath = os.path.join(wd, mu["file"] + "_mutant.c")
        with open(mpath, "w") as f:
            f.write(text.replace(mu["from"], mu["to"]))
        srcs = [mpath if x == orig else x for x in srcs]
    cflags = ["-O2", "-DSAFETY", "-w"] + list(extra) + [
              "-I" + MODELS, "-I" + SRC, "-I" + os.path.join(ROOT, "src"),
              "-I" + os.path.join(ROOT, "wip", "src"),
              "-I" + os.path.join(ROOT, "spec")]
    rc, out2 = run(["gcc"] + cflags + defs + ["-o", exe, "pan.c"] + srcs, wd)
    if rc != 0:
        return False, "gcc failed:\n" + out2
    return True, out + out2


def parse_pan(out):
    def num(pat, cast=int, default=None):
        r = re.search(pat, out)
        return cast(r.group(1)) if r else default
    return {
        "errors": num(r"errors:\s*(\d+)"),
        "states": num(r"(\d+)\s+states, stored"),
        "transitions": num(r"(\d+)\s+transitions"),
        "depth": num(r"depth reached\s+(\d+)"),
        "state_vector": num(r"State-vector\s+(\d+)\s+byte"),
        "memory_mb": num(r"([\d.]+)\s+total actual memory usage", float),
        "truncated": bool(re.search(r"max search depth too small|[Ss]earch not completed"
                                    r"|out of memory|pan: reached -DMEMLIM", out)),
        "assertion": num(r"(assertion violated .*?) \(at depth", str),
    }


BUS = re.compile(r"^BUS who=(\d+) kind=(\d+) page=(\d+) data=(\d+) res=(\d+) st=(\d+) "
                 r"src=(\d+) dst=(\d+) size=(\d+)")


def format_table(hdr, rows):
    """rows (tuples of strings) under the header hdr, columns padded."""
    n = len(hdr)
    w = [max(len(r[i]) for r in list(rows) + [hdr]) for i in range(n)]
    lines = ["  " + "  ".join(h.ljust(w[i]) for i, h in enumerate(hdr)).rstrip(),
             "  " + "  ".join("-" * w[i] for i in range(n))]
    for r in rows:
        lines.append("  " + "  ".join(r[i].ljust(w[i]) for i in range(n)).rstrip())
    return "\n".join(lines)


def render_trail(m, legend, out):
    """The BUS lines of a replay as a table: who issued which access."""
    procs = legend["procs"]
    pages = legend["pages"]

    def pg(n):
        return pages.get(str(n), "page%s" % n).split()[0]
    rows = []
    for line in out.splitlines():
        b = BUS.match(line)
        if not b:
            continue
        who, kind, page, data, res, st, src, dst, size = map(int, b.groups())
        target = pg(page) if page >= legend.get("plain_from", 99) else "shadow(%s)" % pg(page)
        word = str(data)
        if legend.get("a1_words") and kind == 0 and page < legend.get("plain_from", 99):
            word = "key %d#ctx %d" % (data // 8, data % 8)   # seed: key#context_id
        acc = ("STORE %s TO %s" % (word, target)) if kind == 0 else ("LOAD FROM %s" % target)
        if res == 1:
            eng = "STARTED %s -> %s, size %d" % (pg(src), pg(dst), size)
        elif res == 2:
            eng = "refused (reset)"
        else:
            eng = "accepted"
        ret = "" if kind == 0 else {0: "SUCCESS", 1: "STARTED", 2: "FAILURE"}.get(st, "?")
        rows.append((str(len(rows) + 1), procs.get(str(who), "P%d" % who), acc, eng, ret))
    hdr = ("step", "process", "bus access", "engine", "LOAD returns")
    return ("  pages: " + "; ".join(v for k, v in sorted(pages.items(), key=lambda kv: int(kv[0])))
            + "\n" + format_table(hdr, rows))


FF = re.compile(r"^FF who=(\d+) op=(\d+) arg=(\d+) id=(\d+) st=(-?\d+) count=(\d+) rd=(\d+)")
FF_STATUS = {0: "OK", -12: "UD_E_SEQ", -13: "UD_E_FULL", -14: "UD_E_EMPTY", -15: "UD_E_STALE",
             -2: "UD_E_RANGE"}


def render_fifo(out):
    """The FF lines of a fifo_read replay: who read which word of which entry."""
    rows = []
    for line in out.splitlines():
        b = FF.match(line)
        if not b:
            continue
        who, op, arg, eid, st, count, rd = map(int, b.groups())
        proc = "hardware" if who == 0 else "reader R%d" % who
        if op == 0:
            acc, word = "push entry e%d" % arg, ""
        else:
            acc = "read LOW" if op == 1 else "read HIGH"
            word = "-" if eid == 0 else ("e%d %s" % (eid, "LOW" if op == 1 else "HIGH"))
        after = "%d queued, %s" % (count, "LOW_READ" if rd == 1 else "IDLE")
        rows.append((str(len(rows) + 1), proc, acc, FF_STATUS.get(st, str(st)), word, after))
    hdr = ("step", "process", "access", "status", "word returned", "FIFO after")
    return format_table(hdr, rows)


R5_EV = {1: "ACK", 2: "NACK", 3: "PF-NACK", 4: "RAPF"}
R5_RES = {0: "accepted", -8: "UD_E_STATE", -7: "ignored (unknown)", -15: "ignored (stale)",
          -16: "ignored (forged)", -1: "ignored (invalid)"}


def render_r5(out):
    """The R5 lines of an r5_race replay: network, events, ticks, posts."""
    rows = []
    for line in out.splitlines():
        if not line.startswith("R5 "):
            continue
        f = dict(kv.split("=", 1) for kv in line.split()[2:] if "=" in kv)
        what = line.split()[1]
        if what == "post":
            lost = " -- LOST (network full)" if "lost(full)" in line else ""
            rows.append(("scheduler", "post block %s as trid %s seq %s%s" % (
                f.get("blk"), f.get("trid"), f.get("seq"), lost), ""))
        elif what == "event":
            kind = R5_EV.get(int(f["kind"]), f["kind"])
            who = "network" if kind != "RAPF" else ("receiver" if f.get("wpd") == "0" else "PD 1 (forged)")
            res = R5_RES.get(int(f["r"]), f["r"])
            if int(f.get("credited", -1)) >= 0:
                res += ", counts block %s" % f["credited"]
            rows.append((who, "%s trid %s seq %s (packet of block %s)" % (
                kind, f["trid"], f["seq"], f["blk"]), res))
        elif what == "tick":
            rows.append(("clock", "tick, now = %s" % f.get("now"), ""))
    hdr = ("step", "who", "what", "scheduler")
    rows = [(str(i + 1),) + r for i, r in enumerate(rows)]
    return format_table(hdr, rows)


def _status_names():
    """UD_E_* codes of src/ud_common.h, value -> name."""
    names = {0: "OK"}
    try:
        with open(os.path.join(ROOT, "src", "ud_common.h")) as f:
            for line in f:
                mm = re.match(r"#define\s+(UD_E_\w+)\s+\((-\d+)\)", line)
                if mm:
                    names[int(mm.group(2))] = mm.group(1)
    except OSError:
        pass
    return names


UTLB_ST = _status_names()
UTLB_CLS = {0: "hit", 1: "compulsory miss", 2: "capacity miss", 3: "conflict miss"}


def render_utlb(out):
    """The UTLB lines of a utlb_evict replay: the library's calls and the
    NIC's translations, with what each translation returned against what
    its transfer was posted with."""
    rows = []
    for line in out.splitlines():
        if not line.startswith("UTLB "):
            continue
        parts = line.split()
        who = "library" if parts[1] == "lib" else "NIC"
        f = dict(kv.split("=", 1) for kv in parts[3:] if "=" in kv and "(" not in kv)
        what = parts[2]
        note = line.split("(", 1)[1].rstrip(")") if "(" in line and what != "translate" else ""
        if what == "get":
            r = int(f["r"])
            txt = "ud_utlb_get(page %s)%s -> %s" % (
                f["page"], " [pin refused]" if f.get("refuse") == "1" else "",
                "index %s" % f["idx"] if r == 0 else UTLB_ST.get(r, str(r)))
        elif what == "post":
            txt = "post transfer %s: index %s, page %s, frame %s" % (
                f["slot"], f["idx"], f["page"], f["frame"])
        elif what in ("put", "drv_unmap", "evict"):
            arg = "page %s" % f["page"] if what == "evict" else "index %s" % f["idx"]
            txt = "ud_utlb_%s(%s) -> %s%s" % (what, arg, UTLB_ST.get(int(f["r"]), f["r"]),
                                              " (%s)" % note if note else "")
        elif what == "translate":
            r = int(f["r"])
            m = re.search(r"posted\(page=(\d+) frame=(\d+).*frame-now\(pinned=(\d+)", line)
            got = ("ppn %s, %s" % (f["ppn"], UTLB_CLS.get(int(f["cls"]), f["cls"]))) if r == 0 \
                else UTLB_ST.get(r, str(r))
            txt = "translate transfer %s (index %s) -> %s" % (f["slot"], f["idx"], got)
            if m:
                txt += "; posted with page %s frame %s, frame %s" % (
                    m.group(1), m.group(2), "still pinned" if m.group(3) != "0" else "NOT PINNED")
        elif what == "complete":
            txt = "complete transfer %s (index %s)" % (f["slot"], f["idx"])
        else:
            txt = line[5:]
        rows.append((str(len(rows) + 1), who, txt))
    hdr = ("step", "who", "what")
    return format_table(hdr, rows)


def source_digests(m):
    """sha256 (first 16 hex digits) of each src/ file the model linked: the
    code the verdict is about."""
    import hashlib
    out = {}
    for name in m.get("links", []):
        path = modsrc(name)
        key = os.path.relpath(path, ROOT)
        try:
            with open(path, "rb") as f:
                out[key] = hashlib.sha256(f.read()).hexdigest()[:16]
        except OSError:
            out[key] = "missing"
        if m.get("mutate"):
            out[key] += " (mutated)"
    return out


def check_one(name, m, legends, idx, n):
    wd = os.path.join(BUILD, name)
    print("[%d/%d] %-24s building (spin -a, gcc pan.c + %s%s) ..." % (
        idx, n, name, " ".join(os.path.relpath(modsrc(s), ROOT) for s in m.get("links", [])),
        " MUTATED" if m.get("mutate") else ""), flush=True)
    t0 = time.time()
    # Exhaustive depth-first search; COLLAPSE compresses the state vector
    # losslessly (no bitstate, no hash compaction: nothing is truncated).
    ok, log = build(m, wd, ["-DCOLLAPSE"])
    if not ok:
        return {"verdict": "error", "states": 0, "time_s": round(time.time() - t0, 2),
                "expected": m["expected"], "detail": log[-2000:]}, None
    t1 = time.time()
    args = ["./pan", "-m%d" % PAN_DEPTH, "-w%d" % PAN_HASH]
    try:
        rc, out = run(args, wd)
    except subprocess.TimeoutExpired:
        return {"verdict": "incomplete", "states": 0, "time_s": PAN_TIMEOUT,
                "expected": m["expected"], "detail": "pan timed out"}, None
    t_search = time.time() - t1
    st = parse_pan(out)
    with open(os.path.join(wd, "pan.out"), "w") as f:
        f.write(out)
    trail_txt = None
    if st["errors"] is None:
        verdict = "error"
    elif st["errors"] > 0:
        verdict = "counterexample"
        # The shortest counterexample: a breadth-first search stops at the
        # first violation, at the least number of steps; its trail is
        # replayed by pan itself, so the real C code runs again.
        # (A model that tracks C state outside the state vector -- c_track
        # UnMatched -- cannot run breadth-first; it gets pan's iterative
        # shortening, -i, instead.)
        ok, blog = build(m, wd, ["-DBFS"], exe="pan_bfs", fresh=False)
        if ok:
            run(["./pan_bfs", "-m%d" % PAN_DEPTH, "-w%d" % PAN_HASH], wd)
            rc2, rep = run(["./pan_bfs", "-r"], wd)
        else:
            ok, blog = build(m, wd, ["-DREACH"], exe="pan_short", fresh=False)
            if ok:
                run(["./pan_short", "-m%d" % PAN_DEPTH, "-w%d" % PAN_HASH, "-i"], wd)
                rc2, rep = run(["./pan_short", "-r"], wd)
            else:
                rc2, rep = run(["./pan", "-r"], wd)
        with open(os.path.join(wd, "replay.out"), "w") as f:
            f.write(rep)
        if m.get("render") == "fifo":
            trail_txt = render_fifo(rep)
        elif m.get("render") == "r5":
            trail_txt = render_r5(rep)
        elif m.get("render") == "utlb":
            trail_txt = render_utlb(rep)
        else:
            legend = legends[m.get("legend", str(m["defines"].get("THREAT", 0)))]
            trail_txt = render_trail(m, legend, rep)
        viol = re.search(r"^pan:\d+: (.*?)(?: \(at depth \d+\))?$", rep, re.M)
        trail_txt += "\n  violated: %s" % (m.get("property", ""),)
        if viol:
            trail_txt += "\n  (pan: %s)" % viol.group(1).strip()
        with open(os.path.join(wd, "counterexample.txt"), "w") as f:
            f.write(trail_txt + "\n")
    elif st["truncated"]:
        verdict = "incomplete"
    else:
        verdict = "verified"
    res = {"verdict": verdict, "expected": m["expected"],
           "sources": source_digests(m),
           "states": st["states"] or 0, "transitions": st["transitions"] or 0,
           "depth": st["depth"] or 0, "state_vector_bytes": st["state_vector"] or 0,
           "memory_mb": st["memory_mb"] or 0.0,
           "time_s": round(t_search, 2), "build_s": round(t1 - t0, 2),
           "truncated": st["truncated"],
           "params": m.get("defines", {})}
    return res, trail_txt


def main(argv):
    spec = load_expected()
    models = spec["models"]
    legends = spec["legends"]
    if "--list" in argv:
        for name, m in models.items():
            print("%-24s %-15s %s  %s" % (name, m["expected"],
                                          " ".join("%s=%s" % kv for kv in sorted(m["defines"].items())),
                                          m.get("property", "")))
        return 0
    names = [a for a in argv if not a.startswith("-")] or list(models)
    for nm in names:
        if nm not in models:
            sys.exit("models: no model named %s (see models/expected.json)" % nm)
    for tool in ("spin", "gcc"):
        if shutil.which(tool) is None:
            sys.exit("models: %s not found (make models installs it: scripts/deps.sh models)" % tool)
    os.makedirs(BUILD, exist_ok=True)

    results = {}
    if os.path.exists(RESULTS) and len(names) < len(models):
        with open(RESULTS) as f:
            results = json.load(f)
    good = bad = 0
    t_all = time.time()
    for i, nm in enumerate(names, 1):
        m = models[nm]
        res, trail = check_one(nm, m, legends, i, len(names))
        same = res["verdict"] == m["expected"]
        res["as_expected"] = same
        res["property"] = m.get("property", "")
        results[nm] = res
        good += same
        bad += not same
        print("[%d/%d] %-24s %-15s %s  states %d, depth %d, %.1f MB, %.2fs%s" % (
            i, len(names), nm, res["verdict"],
            "(as expected)" if same else "(EXPECTED %s)" % m["expected"],
            res["states"], res.get("depth", 0), res.get("memory_mb", 0.0), res["time_s"],
            "" if res.get("verdict") != "error" else "\n" + res.get("detail", "")), flush=True)
        if trail:
            print("      counterexample (shortest, replayed through the real C code):")
            print(trail)
        with open(RESULTS, "w") as f:
            json.dump({k: results[k] for k in models if k in results}, f, indent=1, sort_keys=True)
            f.write("\n")
    print("total %.1fs" % (time.time() - t_all))
    print("models: %d as expected, %d not" % (good, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
