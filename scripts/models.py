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

Per model it prints verdict, states stored, depth, memory and time, then a
table (model, configuration, states, depth, time, verdict, run or reused),
and writes models/results.json ({name: {verdict, expected, as_expected,
states, time_s, inputs, inputs_digest, ...}}; scripts/prove.py shows the
verdict of each `model NAME` row of spec/REQUIREMENTS.md).  `inputs` names
every input that determines the verdict with its digest -- the .pml, the
glue headers it includes, the linked src/*.c files and every src/*.h and
spec/*.acsl they include (gcc -MM with the build's flags), the model's
entry of models/expected.json, the search settings, the spin and gcc
versions -- and `inputs_digest` is one digest over them all.  After a run
the generated region of docs/models.md (between `<!-- BEGIN generated:
models table -->` and `<!-- END generated: models table -->`) is rewritten
from models/results.json.  The last line is `models: N as expected, M
not`; the exit status is non-zero when M > 0.

  python3 scripts/models.py                 all models, every one run
  python3 scripts/models.py NAME...         only those (results merged)
  python3 scripts/models.py --reuse         (or MODELS_REUSE=1) reuse a
                                            recorded verdict whose inputs
                                            digest matches and which is as
                                            expected: "cached (inputs
                                            unchanged)"; run the others
  python3 scripts/models.py --check         run nothing; exit non-zero,
                                            naming each model, when a
                                            recorded verdict is missing,
                                            stale (its inputs changed) or
                                            not as expected, or when the
                                            docs/models.md table differs
                                            from models/results.json
  python3 scripts/models.py --docs          rewrite the docs/models.md
                                            table from models/results.json
  python3 scripts/models.py --list          names, parameters, expectations
  python3 scripts/models.py -jN ...         search N models at once (default
                                            2, or MODELS_JOBS=N); the output
                                            and the tables keep the order of
                                            models/expected.json
"""
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import threading
from concurrent.futures import ThreadPoolExecutor

_OUT = threading.Lock()


def say(text=""):
    """print, whole lines at once (models run in threads)."""
    with _OUT:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()

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
# Models searched at once (-jN or MODELS_JOBS=N; default 2, the cores of
# the machines this runs on).  Each model builds and searches in its own
# directory; only the printing and models/results.json are shared.
JOBS = 2


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


def raw_c_prints(pml_text):
    """Line numbers of `printf(` calls inside the model's c_code blocks.
    Such a call runs on every transition the search explores (Promela's own
    printf is silent there): the output of one model reached 500 MB and most
    of `make models`'s time.  c_code prints go through TRAIL_PR
    (models/trail_print.h), which prints only when a trail is replayed."""
    lines = []
    for m in re.finditer(r"c_code\s*(\[[^\]]*\])?\s*\{", pml_text):
        j, depth = m.end(), 1
        while depth and j < len(pml_text):
            depth += {"{": 1, "}": -1}.get(pml_text[j], 0)
            j += 1
        for p in re.finditer(r"(?<![A-Za-z_])printf\s*\(", pml_text[m.end():j]):
            lines.append(pml_text.count("\n", 0, m.end() + p.start()) + 1)
    return lines


def build(m, wd, extra=(), exe="pan", fresh=True):
    """spin -a, then gcc pan.c + the real src/ files.  Returns (ok, log)."""
    if fresh and os.path.isdir(wd):
        shutil.rmtree(wd)
    os.makedirs(wd, exist_ok=True)
    pml = os.path.join(MODELS, m["pml"])
    defs = define_flags(m)
    with open(pml) as f:
        raw = raw_c_prints(f.read())
    if raw:
        return False, "%s: printf in c_code at line %s: print through a macro that " \
            "prints only on replay (TRAIL_PR, models/trail_print.h)" % (
                m["pml"], ", ".join(map(str, raw)))
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
    # A model with an LTL property ("ltl": true) is compiled without
    # -DSAFETY (pan then has the acceptance-cycle search) and searched with
    # pan -a -f (weak fairness).
    safety = [] if m.get("ltl") else ["-DSAFETY"]
    cflags = ["-O1"] + safety + ["-w"] + list(extra) + include_flags()
    rc, out2 = run(["gcc"] + cflags + defs + model_cflags(m) + ["-o", exe, "pan.c"] + srcs, wd)
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
        elif op == 3:
            acc, word = "clear overflow", "count %d" % eid
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
        elif what == "expired":                                 # r5_multi, LIFE
            rows.append(("network", "trid %s seq %s gone (A-NET-LIFETIME bound)" % (
                f.get("trid"), f.get("seq")), ""))
        elif what in ("submit", "notify", "abort", "forged"):   # r5_multi
            who = {"submit": "application", "notify": "scheduler", "abort": "fault handler",
                   "forged": "PD 1 (forged)"}[what]
            rows.append((who, line[3:], ""))
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
        f = dict(kv.split("=", 1) for kv in parts[3:] if "=" in kv and "(" not in kv)
        who = "library" if parts[1] == "lib" else "NIC"
        if parts[1] == "lib" and "pid" in f:          # utlb_iso: two processes
            who = "library P%s" % f["pid"]
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
        elif what in ("stray", "translate-in-driver"):
            r = int(f["r"])
            got = ("ppn %s" % f["ppn"]) if r == 0 else UTLB_ST.get(r, str(r))
            txt = "translate P%s index %s%s -> %s%s" % (
                f["pid"], f["idx"],
                " (no transfer posted with it)" if what == "stray" else
                " during the library call below (%s)" % (
                    "its driver between the entry's clear and its cache invalidation"
                    if f.get("at") == "clear" else "its driver at the %s door" % f.get("at", "?")),
                got, "" if f.get("ok") != "0" else "  <-- VIOLATES the property")
        elif what == "complete":
            txt = "complete transfer %s (index %s)" % (f["slot"], f["idx"])
        else:
            txt = line[5:]
        rows.append((str(len(rows) + 1), who, txt))
    hdr = ("step", "who", "what")
    return format_table(hdr, rows)


def render_engine(out):
    """The ENG lines of an engine replay (models/engine_glue.h prints them
    only while a trail is replayed): one numbered step per line."""
    rows = []
    for line in out.splitlines():
        if line.startswith("ENG "):
            rows.append((str(len(rows) + 1), line[4:]))
    return format_table(("step", "what"), rows)


# ---------------------------------------------------------------- inputs
# A verdict is reused or trusted only if it was produced from exactly the
# inputs the model has now.  Those are: the .pml file, every file the build
# preprocesses for it (the glue headers the .pml includes, the linked src/
# .c files and every header and spec/*.acsl they include, found by gcc -MM
# with the build's own -I and -D flags), the model's entry of
# models/expected.json (defines, mutant patch, expected verdict), the
# search settings of this driver, and the versions of spin and gcc.

SEARCH = "pan -m%d -w%d, timeout %ds; gcc -O1 -DSAFETY -DCOLLAPSE; an ltl model: no -DSAFETY, pan -a -f" % (
    PAN_DEPTH, PAN_HASH, PAN_TIMEOUT)
PML_INCLUDE = re.compile(r'^[ \t]*\\?#[ \t]*include[ \t]*"([^"]+)"', re.M)


def include_flags():
    return ["-I" + MODELS, "-I" + SRC, "-I" + os.path.join(ROOT, "src"),
            "-I" + os.path.join(ROOT, "wip", "src"),
            "-I" + os.path.join(ROOT, "spec")]


def model_cflags(m):
    """The model's own extra gcc flags ("cflags" in models/expected.json),
    e.g. ["-include", "fifo_depth.h"]: a header of models/ forced before
    every compiled file (pan.c and the linked src/ files), which may
    re-define a constant of the unmodified source for the model.  Passed to
    gcc only (not to spin), and to gcc -MM, so that the forced header is an
    input of the model's verdict."""
    return list(m.get("cflags", []))


def define_flags(m):
    return ["-D%s=%s" % (k, v) for k, v in sorted(m.get("defines", {}).items())]


_TOOLS = {}


def tool_versions():
    """First line of `spin -V` and of `gcc --version` (or 'not found')."""
    if not _TOOLS:
        for tool, arg in (("spin", "-V"), ("gcc", "--version")):
            try:
                p = subprocess.run([tool, arg], stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT, universal_newlines=True)
                lines = p.stdout.strip().splitlines()
                _TOOLS[tool] = lines[0].strip() if lines else "no version output"
            except OSError:
                _TOOLS[tool] = "not found"
    return _TOOLS


def _file_digest(path):
    try:
        with open(path, "rb") as f:
            return hashlib.sha256(f.read()).hexdigest()[:16]
    except OSError:
        return "missing"


def _rel(path):
    return os.path.relpath(os.path.abspath(path), ROOT)


_DEPS = {}


def build_files(m):
    """The files the build of model m reads (repo-relative paths, sorted),
    and None or the reason gcc -MM failed.  The .pml's own `#include`
    lines (escaped or not) are preprocessed from a stub beside the linked
    .c files, with the build's -I and -D flags; -MG lists a header that
    does not exist instead of stopping."""
    key = json.dumps([m["pml"], m.get("defines", {}), m.get("links", []),
                      [mu["file"] for mu in m.get("mutate", [])], model_cflags(m)],
                     sort_keys=True)
    if key in _DEPS:
        return _DEPS[key]
    pml = os.path.join(MODELS, m["pml"])
    files = {_rel(pml)}
    try:
        with open(pml) as f:
            incs = PML_INCLUDE.findall(f.read())
    except OSError:
        incs = []
    srcs = [modsrc(s) for s in m.get("links", [])] + \
           [modsrc(mu["file"]) for mu in m.get("mutate", [])]
    tmp = tempfile.mkdtemp(prefix="models-deps-")
    failed = None
    try:
        stub = os.path.join(tmp, "pml_includes.c")
        with open(stub, "w") as f:
            f.write("".join('#include "%s"\n' % i for i in incs))
        cmd = ["gcc", "-MM", "-MG", "-DSAFETY"] + include_flags() + define_flags(m) + \
              model_cflags(m) + [stub] + sorted(set(srcs))
        try:
            p = subprocess.run(cmd, cwd=tmp, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               universal_newlines=True)
            out, rc, err = p.stdout, p.returncode, p.stderr
        except OSError as e:
            out, rc, err = "", 1, str(e)
        if rc != 0:
            first = [l for l in err.splitlines() if "error" in l] or err.splitlines() or ["?"]
            failed = first[0].replace(tmp + os.sep, "").strip()
        deps = out.replace("\\\n", " ")
        for line in deps.splitlines():
            if ":" not in line:
                continue
            for d in line.split(":", 1)[1].split():
                path = d if os.path.isabs(d) else os.path.join(tmp, d)
                if os.path.abspath(path) == stub:
                    continue
                if not os.path.exists(path) and not os.path.isabs(d):
                    # -MG: a header found nowhere; name it as the .pml does
                    files.add("missing header " + d)
                    continue
                files.add(_rel(path))
        for s in srcs:
            files.add(_rel(s))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    _DEPS[key] = (sorted(files), failed)
    return _DEPS[key]


def model_inputs(name, m):
    """{input: digest or version} of model `name` and one digest over all."""
    files, failed = build_files(m)
    inputs = {}
    for f in files:
        inputs[f] = "missing" if f.startswith("missing header ") else \
            _file_digest(os.path.join(ROOT, f))
    if failed:
        inputs["gcc -MM"] = "failed: " + failed
    inputs["models/expected.json#" + name] = hashlib.sha256(
        json.dumps(m, sort_keys=True).encode()).hexdigest()[:16]
    inputs["search settings"] = SEARCH
    for tool, v in sorted(tool_versions().items()):
        inputs["tool " + tool] = v
    digest = hashlib.sha256(json.dumps(inputs, sort_keys=True).encode()).hexdigest()[:16]
    return inputs, digest


def stale_reason(rec, inputs, digest):
    """None if the record was produced from these inputs, else why not."""
    if not isinstance(rec, dict):
        return "no recorded result"
    if "inputs_digest" not in rec:
        return "recorded without an inputs digest (older scripts/models.py)"
    if rec["inputs_digest"] == digest:
        return None
    old = rec.get("inputs", {})
    changed = sorted(k for k in inputs if k in old and old[k] != inputs[k])
    added = sorted(k for k in inputs if k not in old)
    gone = sorted(k for k in old if k not in inputs)
    parts = []
    if changed:
        parts.append("changed: " + ", ".join(changed))
    if added:
        parts.append("new input: " + ", ".join(added))
    if gone:
        parts.append("no longer an input: " + ", ".join(gone))
    return "; ".join(parts) or "inputs digest differs"


def check_one(name, m, legends, idx, n, inputs, digest):
    wd = os.path.join(BUILD, name)
    say("[%d/%d] %-24s building (spin -a, gcc pan.c + %s%s) ..." % (
        idx, n, name, " ".join(os.path.relpath(modsrc(s), ROOT) for s in m.get("links", [])),
        " MUTATED" if m.get("mutate") else ""))
    t0 = time.time()
    # Exhaustive depth-first search; COLLAPSE compresses the state vector
    # losslessly (no bitstate, no hash compaction: nothing is truncated).
    ok, log = build(m, wd, ["-DCOLLAPSE"])
    stamp = {"inputs": inputs, "inputs_digest": digest, "params": m.get("defines", {})}
    if not ok:
        return dict(stamp, verdict="error", states=0, time_s=round(time.time() - t0, 2),
                    expected=m["expected"], detail=log[-2000:]), None
    t1 = time.time()
    args = ["./pan", "-m%d" % PAN_DEPTH, "-w%d" % PAN_HASH] + (["-a", "-f"] if m.get("ltl") else [])
    try:
        rc, out = run(args, wd)
    except subprocess.TimeoutExpired:
        return dict(stamp, verdict="incomplete", states=0, time_s=PAN_TIMEOUT,
                    expected=m["expected"], detail="pan timed out"), None
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
        # (An LTL model's counterexample is an acceptance cycle: no
        # breadth-first search finds those; its own trail is replayed.)
        ok, blog = (False, "") if m.get("ltl") else \
            build(m, wd, ["-DBFS"], exe="pan_bfs", fresh=False)
        if m.get("ltl"):
            rc2, rep = run(["./pan", "-r"], wd)
        elif ok:
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
        elif m.get("render") == "engine":
            trail_txt = render_engine(rep)
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
           "inputs": inputs, "inputs_digest": digest,
           "states": st["states"] or 0, "transitions": st["transitions"] or 0,
           "depth": st["depth"] or 0, "state_vector_bytes": st["state_vector"] or 0,
           "memory_mb": st["memory_mb"] or 0.0,
           "time_s": round(t_search, 2), "build_s": round(t1 - t0, 2),
           "truncated": st["truncated"],
           "params": m.get("defines", {})}
    return res, trail_txt


# ---------------------------------------------------------------- tables
DOCS = os.path.join(ROOT, "docs", "models.md")
DOC_BEGIN = "<!-- BEGIN generated: models table -->"
DOC_END = "<!-- END generated: models table -->"


def groups(models):
    """[(pml, [names])]: the models of each .pml, in models/expected.json order."""
    out = {}
    for nm, m in models.items():
        out.setdefault(m["pml"], []).append(nm)
    return list(out.items())


def common_defines(models, names):
    """The defines every model of names sets to the same value (when there
    are two models or more): printed once, not on every row."""
    if len(names) < 2:
        return {}
    first = models[names[0]].get("defines", {})
    return {k: v for k, v in first.items()
            if all(models[n].get("defines", {}).get(k, object()) == v for n in names)}


def configuration(m, common, md=False):
    """The model's defines (those not in common) and its mutant, if any."""
    defs = " ".join("%s=%s" % (k, v) for k, v in sorted(m.get("defines", {}).items())
                    if k not in common)
    mut = ["mutant of %s" % _rel(modsrc(mu["file"])) for mu in m.get("mutate", [])]
    if md:
        defs = "`%s`" % defs if defs else ""
        mut = ["mutant of `%s`" % _rel(modsrc(mu["file"])) for mu in m.get("mutate", [])]
    return ", ".join([defs] + mut if defs else mut) or ("--" if md else "-")


def verdict_text(rec, m):
    v = rec.get("verdict", "?")
    return v if v == m["expected"] else "%s (EXPECTED %s)" % (v, m["expected"])


def print_table(models, names, results, how, title):
    """One row per model: name, configuration, states, depth, time,
    verdict and how[name] (run, cached, current, STALE ...)."""
    rows, notes = [], []
    for pml, members in groups(models):
        members = [n for n in members if n in names]
        if not members:
            continue
        common = common_defines(models, [n for n in models if models[n]["pml"] == pml])
        if common:
            notes.append("  every %s model also has %s" % (
                pml, " ".join("%s=%s" % kv for kv in sorted(common.items()))))
        for nm in members:
            rec = results.get(nm) or {}
            rows.append((nm, configuration(models[nm], common),
                         "{:,}".format(rec.get("states", 0)) if rec else "-",
                         str(rec.get("depth", 0)) if rec else "-",
                         "%.2fs" % rec.get("time_s", 0.0) if rec else "-",
                         verdict_text(rec, models[nm]) if rec else "-",
                         how.get(nm, "")))
    hdr = ("model", "configuration", "states", "depth", "time", "verdict", title)
    print(format_table(hdr, rows))
    for n in notes:
        print(n)


def docs_region(models, results):
    """The generated region of docs/models.md: per model file, one table of
    the verdicts and figures recorded in models/results.json."""
    out = ["<!-- scripts/models.py writes this region from models/results.json after "
           "every run (python3 scripts/models.py --docs rewrites it without running); "
           "edits here are overwritten. -->", ""]
    recs = [results[n] for n in models if isinstance(results.get(n), dict)]
    tools = {}
    for r in recs:
        for k, v in r.get("inputs", {}).items():
            if k.startswith("tool "):
                tools.setdefault(k[5:], set()).add(v)
    search = sum(r.get("time_s", 0.0) for r in recs)
    build_t = sum(r.get("build_s", 0.0) for r in recs)
    good = sum(1 for n in models if isinstance(results.get(n), dict)
               and results[n].get("verdict") == models[n]["expected"])
    out.append("%d models recorded, %d with the expected verdict; %s.  Search %.1f s "
               "and build %.1f s, summed over the models (a model with a counterexample "
               "is built and searched a second time for its shortest trail, not counted "
               "here; `make models` prints its own wall time)." % (
                   len(recs), good,
                   "; ".join(", ".join(sorted(v)) for t, v in sorted(tools.items(), reverse=True))
                   or "tool versions not recorded", search, build_t))
    for pml, members in groups(models):
        common = common_defines(models, members)
        out.append("")
        line = "**`models/%s`**" % pml
        if common:
            line += " -- every model: `%s`" % " ".join("%s=%s" % kv for kv in sorted(common.items()))
        out.append(line)
        out.append("")
        out.append("| model | configuration | verdict | states | depth | state vector "
                   "| memory | search | build |")
        out.append("|---|---|---|--:|--:|--:|--:|--:|--:|")
        for nm in members:
            m = models[nm]
            rec = results.get(nm)
            cfg = configuration(m, common, md=True)
            if not isinstance(rec, dict):
                out.append("| `%s` | %s | not run | | | | | | |" % (nm, cfg))
                continue
            v = verdict_text(rec, m)
            if v != m["expected"]:
                v = "**%s**" % v
            out.append("| `%s` | %s | %s | %s | %d | %d B | %.1f MB | %.2f s | %.1f s |" % (
                nm, cfg, v, "{:,}".format(rec.get("states", 0)), rec.get("depth", 0),
                rec.get("state_vector_bytes", 0), rec.get("memory_mb", 0.0),
                rec.get("time_s", 0.0), rec.get("build_s", 0.0)))
    return "\n".join(out) + "\n"


def docs_text(models, results):
    """docs/models.md with its generated region rewritten, or None if the
    markers are missing."""
    with open(DOCS) as f:
        text = f.read()
    a = text.find(DOC_BEGIN)
    b = text.find(DOC_END)
    if a < 0 or b < a:
        return text, None
    new = text[:a + len(DOC_BEGIN)] + "\n" + docs_region(models, results) + text[b:]
    return text, new


def write_docs(models, results):
    old, new = docs_text(models, results)
    if new is None:
        print("models: %s has no '%s' ... '%s' region; not rewritten" % (
            _rel(DOCS), DOC_BEGIN, DOC_END))
        return False
    if new != old:
        with open(DOCS, "w") as f:
            f.write(new)
        print("models: %s: generated table rewritten from %s" % (_rel(DOCS), _rel(RESULTS)))
    return True


def load_results():
    if not os.path.exists(RESULTS):
        return {}
    with open(RESULTS) as f:
        return json.load(f)


def check(models):
    """--check: run nothing; every model of models/expected.json must have
    a recorded verdict, produced from the inputs it has now, as expected."""
    results = load_results()
    how, problems = {}, []
    for nm, m in models.items():
        inputs, digest = model_inputs(nm, m)
        rec = results.get(nm)
        if not isinstance(rec, dict):
            how[nm] = "MISSING"
            problems.append("%s: no verdict recorded in %s" % (nm, _rel(RESULTS)))
            continue
        why = stale_reason(rec, inputs, digest)
        if why:
            how[nm] = "STALE"
            problems.append("%s: stale verdict (%s)" % (nm, why))
        elif rec.get("verdict") != m["expected"]:
            how[nm] = "NOT AS EXPECTED"
            problems.append("%s: recorded verdict %s, expected %s" % (
                nm, rec.get("verdict"), m["expected"]))
        else:
            how[nm] = "current"
    for nm in results:
        if nm not in models:
            problems.append("%s: recorded in %s but not a model of models/expected.json" % (
                nm, _rel(RESULTS)))
    print_table(models, list(models), results, how, "recorded verdict")
    docs_ok = True
    if RESULTS == os.path.join(MODELS, "results.json") and os.path.exists(DOCS):
        old, new = docs_text(models, results)
        if new is None:
            docs_ok = False
            problems.append("%s: no generated models table region" % _rel(DOCS))
        elif new != old:
            docs_ok = False
            problems.append("%s: the generated models table differs from %s "
                            "(python3 scripts/models.py --docs)" % (_rel(DOCS), _rel(RESULTS)))
    for p in problems:
        print("models --check: " + p)
    bad = sum(1 for v in how.values() if v != "current")
    print("models --check: %d current and as expected, %d not%s" % (
        len(models) - bad, bad, "" if docs_ok else "; docs table out of date"))
    return 1 if problems else 0


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
    jobs = int(os.environ.get("MODELS_JOBS", JOBS))
    for a in argv:
        if re.match(r"^-j\d+$", a):
            jobs = int(a[2:])
            continue
        if a.startswith("-") and a not in ("--check", "--docs", "--reuse"):
            sys.exit("models: unknown option %s (see the head of scripts/models.py)" % a)
    if "--check" in argv:
        return check(models)
    if "--docs" in argv:
        return 0 if write_docs(models, load_results()) else 1
    reuse = "--reuse" in argv or os.environ.get("MODELS_REUSE", "") not in ("", "0")
    names = [a for a in argv if not a.startswith("-")] or list(models)
    for nm in names:
        if nm not in models:
            sys.exit("models: no model named %s (see models/expected.json)" % nm)
    for tool in ("spin", "gcc"):
        if shutil.which(tool) is None:
            sys.exit("models: %s not found (make models installs it: scripts/deps.sh models)" % tool)
    os.makedirs(BUILD, exist_ok=True)

    # A full run without --reuse starts from nothing: no verdict of an
    # earlier run survives it.  A partial run (or --reuse) keeps the other
    # records, which --check judges against their inputs.
    old = load_results()
    results = {} if (len(names) == len(models) and not reuse) else dict(old)
    how = {}
    good = bad = 0
    t_all = time.time()
    # Decide first which models run; run those JOBS at a time; report in
    # the order of the list (each report waits for its model).
    plan = []
    for i, nm in enumerate(names, 1):
        m = models[nm]
        inputs, digest = model_inputs(nm, m)
        rec = old.get(nm)
        if reuse and isinstance(rec, dict) and stale_reason(rec, inputs, digest) is None \
                and rec.get("verdict") == m["expected"]:
            plan.append((i, nm, m, digest, None, rec))
        else:
            plan.append((i, nm, m, digest, (inputs, digest), None))
    pool = ThreadPoolExecutor(max_workers=max(1, jobs))
    futs = {}
    for i, nm, m, digest, todo, rec in plan:
        if todo is not None:
            futs[nm] = pool.submit(check_one, nm, m, legends, i, len(names), todo[0], todo[1])
    for i, nm, m, digest, todo, rec in plan:
        if todo is None:
            res, trail = rec, None
            how[nm] = "cached (inputs unchanged)"
            say("[%d/%d] %-24s %-15s cached (inputs unchanged, digest %s)" % (
                i, len(names), nm, res["verdict"], digest))
        else:
            res, trail = futs[nm].result()
            how[nm] = "run"
        same = res["verdict"] == m["expected"]
        res["as_expected"] = same
        res["property"] = m.get("property", "")
        results[nm] = res
        good += same
        bad += not same
        if how[nm] == "run":
            say("[%d/%d] %-24s %-15s %s  states %d, depth %d, %.1f MB, %.2fs%s" % (
                i, len(names), nm, res["verdict"],
                "(as expected)" if same else "(EXPECTED %s)" % m["expected"],
                res["states"], res.get("depth", 0), res.get("memory_mb", 0.0), res["time_s"],
                "" if res.get("verdict") != "error" else "\n" + res.get("detail", "")))
        if trail:
            say("      counterexample (shortest, replayed through the real C code):")
            say(trail)
        with open(RESULTS, "w") as f:
            json.dump({k: results[k] for k in models if k in results}, f, indent=1, sort_keys=True)
            f.write("\n")
    pool.shutdown()
    print()
    print_table(models, names, results, how, "run or reused")
    if RESULTS == os.path.join(MODELS, "results.json"):
        write_docs(models, {k: results[k] for k in models if k in results})
    print("total %.1fs wall, %d at once (%d run, %d reused)" % (
        time.time() - t_all, jobs, sum(1 for v in how.values() if v == "run"),
        sum(1 for v in how.values() if v != "run")))
    print("models: %d as expected, %d not" % (good, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
