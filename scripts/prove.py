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
  * runs a second, smoke-test pass per module (-wp-smoke-tests, z3): a
    smoke goal the prover proves is dead code or inconsistent requirements,
    and fails the gate unless proofs/smoke-allow.txt lists it with a reason;
  * before any prover runs, lints the annotations of src/ and spec/: any
    `axiom`, `admit`, `assume` or `check` clause not listed in
    spec/ASSUMPTIONS.md fails the gate, and every `lemma` must come out of
    some module's run proved;
  * exits non-zero when a goal is unproved, frama-c fails, a requirement
    points at a clause that does not exist (matched exactly: a goal of that
    very function named FN_[BEHAVIOR_]KIND_CLAUSE) or is unproved, a smoke
    goal is dead, or a module's proved-goal count drops below
    proofs/baseline/<module>.goals;
  * prints `smoke: S checked, D dead` and ends with the line
    `proved: P/T goals`.

Where each module's answers came from is printed per module: goals Qed
discharged, goals answered from the prover cache (proofs/cache, committed,
content-addressed by the goal's text), goals a prover ran on, or the whole
module taken from a local stamp (build/prove-stamps/: a speed-up for
repeated runs on one machine, never committed; PROVE_FORCE=1 ignores it).

`--update-baseline` raises each baseline to the current count (never lowers).
`--lint` runs only the annotation lint (no prover).
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

GOAL_RE = re.compile(r"^\[wp\] \[([^]]+)\] Goal (\S+) : (\w+)")
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
# "-wp-prover cvc4,z3 -wp-no-let" (shadow_sys): Qed's let-elimination used
# the frame equations of a call (a context id or a record unchanged) to
# rewrite the explicit reads and dropped them, while the reads inside a
# predicate application (ud_sh_rd0, ud_sh_linked) were left at the other
# memory: trivial goals timed out for want of the consumed equations
# (docs/METHOD.md, session 27).
ALLOWED_WPOPTS = {"-wp-model Typed+ref", "-wp-auto wp:split", "-wp-prover cvc4,z3",
                  "-wp-prover cvc4,z3 -wp-no-let"}


def without_prover(args):
    """args (a flag string or an option list) without its -wp-prover pair."""
    if isinstance(args, str):
        return re.sub(r"-wp-prover\s+\S+", "", args)
    out, skip = [], False
    for a in args:
        if skip:
            skip = False
        elif a == "-wp-prover":
            skip = True
        else:
            out.append(a)
    return out


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
# A module whose every input is byte-identical to a run on THIS machine that
# proved all its goals may skip WP: its report is taken from
# build/prove-stamps/<mod>.json.  Stamps are a local speed-up, never
# committed (a fresh clone has none, so it runs WP on every module).  The
# inputs are the tool versions, the WP flags and module options, and the
# bytes of the module's source and of every file the preprocessor reads for
# it.  PROVE_FORCE=1 ignores stamps.
STAMPS = os.path.join(ROOT, "build", "prove-stamps")
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
    h.update(("\0" + flags + "\0" + " ".join(opts) + "\0" +
              os.environ.get("SMOKE_FLAGS", "") + "\0").encode())
    for f in files:
        h.update(f.encode() + b"\0")
        with open(os.path.join(ROOT, f), "rb") as fh:
            h.update(fh.read())
        h.update(b"\0")
    return h.hexdigest()


# ---------------------------------------------------------------- one WP run
CACHE_STAT_RE = re.compile(r"^\[wp\] \[Cache\] (.*)")


def wp_run(cmd, logpath, tag, label):
    """Run one frama-c; stream progress.  Returns (rc, stats) where stats
    counts goals by where their answer came from."""
    t0 = time.time()
    scheduled = done = 0
    failed = []
    qed = cached = prover = 0
    last_tick = t0
    with open(logpath, "w") as log:
        log.write("$ " + " ".join(shlex.quote(c) for c in cmd) + "\n")
        proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True)
        for line in proc.stdout:
            log.write(line)
            m = SCHED_RE.match(line)
            if m:
                scheduled = int(m.group(1))
                print("%s %s: %d goals scheduled" % (tag, label, scheduled), flush=True)
                continue
            m = GOAL_RE.match(line)
            if m:
                done += 1
                if m.group(1) in ("Failed", "Unknown", "Timeout") or \
                        m.group(3) not in ("Valid",):
                    failed.append(m.group(2))
                elif m.group(1) == "Qed":
                    qed += 1
                elif "(cached)" in line:
                    cached += 1
                else:
                    prover += 1
            elif line.startswith("[wp] [Passed] Smoke-test") or \
                    line.startswith("[wp] [Failed] Smoke-test"):
                done += 1
                if "(cached)" in line:
                    cached += 1
                else:
                    prover += 1
            elif GOAL_FAIL_RE.match(line):
                done += 1
                failed.append(GOAL_FAIL_RE.match(line).group(2))
            now = time.time()
            if now - last_tick >= 10 and scheduled:
                print("%s %s: %d/%d goals done (%.0fs)" % (
                    tag, label, done, scheduled, now - t0), flush=True)
                last_tick = now
        rc = proc.wait()
    return rc, {"qed": qed, "cache": cached, "prover": prover,
                "failed": failed, "time_s": round(time.time() - t0, 1)}


# The smoke pass: only smoke goals (every property category deselected),
# z3 alone, WP's smoke timeout.  A smoke goal is `valid` in the JSON report
# when the prover could NOT prove it (the code or requirement is reachable);
# one the prover proves is dead.
SMOKE_DEFAULT = ("-wp-smoke-tests -wp-prover z3 -wp-prop=-@lemma,-@requires,"
                 "-@assigns,-@ensures,-@exits,-@assert,-@invariant,-@variant,"
                 "-@complete_behaviors,-@disjoint_behaviors,-@check,-@breaks,"
                 "-@continues,-@returns,-@terminates,-@decreases")


def smoke_results(path):
    """(checked, [dead smoke goal names]) from a smoke pass's JSON report."""
    checked, dead = 0, []
    with open(path) as f:
        data = json.load(f)
    for fn, props in data.get("wp:functions", {}).items():
        for key, st in props.items():
            if "_wp_smoke_" not in key:
                continue
            checked += 1
            main = st.get("wp:main", {})
            if main.get("valid", 0) != main.get("total", 0) or main.get("total", 0) == 0:
                dead.append(key)
    return checked, dead


# WP warns, and goes on, when it meets an annotation it does not support
# (Frama-C 25: a statement contract, "Statement specifications not yet
# supported (skipped)"): such a clause is neither a goal nor a hypothesis,
# a contract only in the reader's eyes, so the gate refuses it.
SKIPPED_RE = re.compile(r"^\[wp\] (\S+:\d+): Warning: *\n\s+.*\(skipped\)", re.M)


def skipped_annotations(logpath):
    """FILE:LINE of every annotation WP reports as skipped in a run's log."""
    try:
        with open(logpath) as f:
            return sorted(set(SKIPPED_RE.findall(f.read())))
    except OSError:
        return []


def run_module(mod, flags, idx, count):
    res = run_module_wp(mod, flags, idx, count)
    mm = run_memmodel(mod, flags, module_wp_options(os.path.join(ROOT, "src", mod + ".c")),
                      "[%d/%d] %-14s" % (idx, count, mod))
    if mm is not None:
        res["memmodel"] = mm
    return res


def run_module_wp(mod, flags, idx, count):
    os.makedirs(REPORTS, exist_ok=True)
    os.makedirs(LOGS, exist_ok=True)
    report = os.path.join(REPORTS, mod + ".json")
    sreport = os.path.join(REPORTS, mod + ".smoke.json")
    for r in (report, sreport):
        if os.path.exists(r):
            os.remove(r)
    src = os.path.join("src", mod + ".c")
    opts = module_wp_options(os.path.join(ROOT, src))
    smoke_flags = shlex.split(os.environ.get("SMOKE_FLAGS", SMOKE_DEFAULT))
    t0 = time.time()
    tag = "[%d/%d] %-14s" % (idx, count, mod)
    pend = smoke_pending().get(mod)
    digest = module_inputs_hash(mod, flags, opts + ["smoke-pending" if pend else "smoke"])
    stamp = os.path.join(STAMPS, mod + ".json")
    if digest and os.environ.get("PROVE_FORCE", "0") != "1" and os.path.exists(stamp):
        with open(stamp) as f:
            st = json.load(f)
        if st.get("inputs") == digest:
            with open(report, "w") as f:
                json.dump(st["report"], f)
            print("%s inputs unchanged since this machine's run of %s: local stamp "
                  "(PROVE_FORCE=1 re-runs WP)" % (tag, st.get("date", "?")), flush=True)
            res = report_result(mod, 0, report, time.time() - t0, [], stamped=True)
            if pend:
                res["smoke_checked"], res["smoke_dead"] = 0, []
                res["smoke_pending"] = pend
            else:
                with open(sreport, "w") as f:
                    json.dump(st["smoke"], f)
                res["smoke_checked"], res["smoke_dead"] = smoke_results(sreport)
            return res
    print("%s proving ..." % tag, flush=True)
    # A module's own prover order replaces the default one (WP's -wp-prover
    # accumulates when repeated).
    pflags = without_prover(flags) if "-wp-prover" in opts else flags
    cmd = (["frama-c"] + shlex.split(pflags) + opts + ["-wp-report-json", report, src])
    rc, st = wp_run(cmd, os.path.join(LOGS, mod + ".log"), tag, "goals")
    res = report_result(mod, rc, report, time.time() - t0, st["failed"])
    skipped = skipped_annotations(os.path.join(LOGS, mod + ".log"))
    if skipped and "error" not in res:
        res["error"] = ("WP skipped annotation(s) at %s: neither proved nor used, so they "
                        "state nothing (Frama-C 25 does not support statement contracts): "
                        "remove them or restate them as asserts" % ", ".join(skipped))
    res["sources"] = {k: st[k] for k in ("qed", "cache", "prover")}
    # The smoke pass (a separate frama-c: only smoke goals, one prover).
    if pend:
        res["smoke_checked"], res["smoke_dead"] = 0, []
        res["smoke_pending"] = pend
        res["time_s"] = round(time.time() - t0, 1)
        write_stamp(res, digest, stamp, report, None)
        return res
    # WP's -wp-prover accumulates when repeated: drop the proof pass's.
    sflags = without_prover(flags)
    scmd = (["frama-c"] + shlex.split(sflags) + without_prover(opts) + smoke_flags +
            ["-wp-report-json", sreport, src])
    src_, sst = wp_run(scmd, os.path.join(LOGS, mod + ".smoke.log"), tag, "smoke")
    res["time_s"] = round(time.time() - t0, 1)
    if src_ != 0 or not os.path.exists(sreport):
        res["error"] = "frama-c (smoke pass) exited %d (see proofs/logs/%s.smoke.log)" % (src_, mod)
        res["smoke_checked"], res["smoke_dead"] = 0, []
    else:
        res["smoke_checked"], res["smoke_dead"] = smoke_results(sreport)
        res["smoke_sources"] = {k: sst[k] for k in ("cache", "prover")}
    write_stamp(res, digest, stamp, report, sreport)
    return res


# ---------------------------------------------------------------- memory model
# Typed+ref (docs/METHOD.md, "Per-module memory model") assumes, at each
# function, hypotheses of its own (an out-parameter valid and separated from
# the whole block of every other pointer).  proofs/memmodel/<module>_*.c are
# harnesses, one per public entry point: each calls its verb under exactly
# the verb's stated `requires` and is proved with -wp-check-memory-model,
# which makes the model's hypotheses at the call goals.  A harness names its
# verb (`memmodel-target: FN`); its contract is `requires args:
# \valid_read(X)` for its one parameter X (a struct holding the arguments, so
# that the harness's own parameter is not a ref) and then every `requires`
# clause of FN, the same name and the same text with `X->` in front of each
# argument, and the call passes X->P for each parameter P of FN in order --
# checked here, so a harness cannot assume more than the verb states nor
# drift from it.
MEMMODEL = os.path.join(PROOFS, "memmodel")
MM_TARGET_RE = re.compile(r"memmodel-target:\s*(\w+)")
MM_REQ_RE = re.compile(r"\brequires\s+(\w+)\s*:\s*(.*?);", re.S)


def memmodel_owner(fname):
    """The module a harness file belongs to: the longest module name M with
    fname starting `M_` (mr_pages_x.c is mr_pages', not mr's)."""
    best = None
    for m in modules([]):
        if fname.startswith(m + "_") and (best is None or len(m) > len(best)):
            best = m
    return best


def memmodel_harnesses(mod):
    if not os.path.isdir(MEMMODEL):
        return []
    return sorted(os.path.join("proofs", "memmodel", f) for f in os.listdir(MEMMODEL)
                  if f.endswith(".c") and memmodel_owner(f) == mod)


def lint_memmodel():
    """Every harness file belongs to a module and states its verb's
    `requires` exactly (checked before any prover runs)."""
    fails = []
    if not os.path.isdir(MEMMODEL):
        return fails
    for f in sorted(os.listdir(MEMMODEL)):
        if not f.endswith(".c"):
            continue
        mod = memmodel_owner(f)
        if mod is None:
            fails.append("proofs/memmodel/%s: no module of src/ is its prefix" % f)
            continue
        fails += ["memmodel: " + x for x in
                  memmodel_check_text(mod, os.path.join("proofs", "memmodel", f))[1]]
    return fails


def _requires_before(text, fn, defn):
    """{name: normalized text} of the `requires` clauses of the contract
    right before FN's declaration (defn: its definition, `{` follows)."""
    pat = re.compile(r"^[A-Za-z_][\w \t\*]*?\b%s\s*\(%s" % (
        re.escape(fn), r"[^;{]*\)\s*\{" if defn else r"[^;{]*\)\s*;"), re.M)
    ms = list(pat.finditer(text))
    if not ms:
        return None
    head = text[:ms[-1].start()].rstrip()
    if not head.endswith("*/"):
        return None
    body = head[head.rfind("/*@") + 3:-2]
    body = LINE_COMMENT_RE.sub("", body)
    return {m.group(1): " ".join(m.group(2).split()) for m in MM_REQ_RE.finditer(body)}


def memmodel_check_text(mod, harness):
    """(harness function, [problems]) for one harness file."""
    with open(os.path.join(ROOT, harness)) as f:
        htext = f.read()
    m = MM_TARGET_RE.search(htext)
    if not m:
        return None, ["%s names no `memmodel-target: FN`" % harness]
    fn = m.group(1)
    hm = re.search(r"^[A-Za-z_][\w \t\*]*?\b(mm_\w+)\s*\(\s*(?:const\s+)?struct\s+\w+\s*\*\s*(\w+)\s*\)\s*\{",
                   htext, re.M)
    if not hm:
        return None, ["%s: no harness function `mm_NAME(struct S *x) {`" % harness]
    hfn, arg = hm.group(1), hm.group(2)
    hreq = _requires_before(htext, hfn, True) or {}
    vreq = None
    for ext in (".h", ".c"):
        path = os.path.join(SRC, mod + ext)
        if os.path.exists(path):
            with open(path) as f:
                vreq = _requires_before(f.read(), fn, False)
            if vreq is not None:
                break
    if vreq is None:
        return hfn, ["%s: no contract of %s found in src/%s.h" % (harness, fn, mod)]
    probs = []
    # the call passes each argument from the field named after FN's parameter
    params = None
    with open(os.path.join(SRC, mod + ".h")) as f:
        d = re.search(r"\b%s\s*\(([^;{]*)\)\s*;" % re.escape(fn), f.read())
    if d:
        params = [re.findall(r"\w+", x)[-1] for x in d.group(1).split(",") if x.strip()]
    c = re.search(r"\b%s\s*\(([^;]*)\)\s*;" % re.escape(fn), htext[hm.end():])
    want = ["%s->%s" % (arg, x) for x in (params or [])]
    if not c or [" ".join(x.split()) for x in c.group(1).split(",")] != want:
        probs.append("%s: the call must be %s(%s)" % (harness, fn, ", ".join(want)))
    if hreq.pop("args", None) != "\\valid_read(%s)" % arg:
        probs.append("%s: first clause must be `requires args: \\valid_read(%s)`" % (harness, arg))
    strip = {k: re.sub(r"\b%s->" % re.escape(arg), "", v) for k, v in hreq.items()}
    if strip != vreq:
        for k in sorted(set(strip) | set(vreq)):
            if strip.get(k) != vreq.get(k):
                probs.append("%s: requires %s is `%s`, %s states `%s`" % (
                    harness, k, strip.get(k, "(none)"), fn, vreq.get(k, "(none)")))
    return hfn, probs


MM_HYP_RE = re.compile(r"Memory model hypotheses for function '(\w+)'")


def memmodel_needed(mod, flags, opts):
    """The public functions of a Typed+ref module (declared in src/M.h) for
    which the model assumes hypotheses: WP prints them while it builds the
    assigns goals (`-wp-prover none`, about a second).  Each needs a harness."""
    hdr = os.path.join(SRC, mod + ".h")
    if not os.path.exists(hdr):
        return []
    with open(hdr) as f:
        pub = re.findall(r"^[A-Za-z_][\w \t\*]*?\b(\w+)\s*\([^;{]*\)\s*;", f.read(), re.M)
    pub = sorted(set(pub))
    if not pub:
        return []
    cmd = (["frama-c"] + shlex.split(without_prover(flags)) + without_prover(list(opts)) +
           ["-wp-prover", "none", "-wp-fct", ",".join(pub), "-wp-prop=@assigns",
            os.path.join("src", mod + ".c")])
    p = subprocess.run(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True)
    if p.returncode != 0:
        return None     # WP gave no list: the caller reports it, never "none needed"
    return sorted(set(MM_HYP_RE.findall(p.stdout)) & set(pub))


def run_memmodel(mod, flags, opts, tag):
    """Prove the module's harnesses; None when it has none and needs none.
    A Typed+ref module's public function for which the model assumes
    hypotheses and no harness targets is a problem (GATE-6)."""
    hs = memmodel_harnesses(mod)
    need = memmodel_needed(mod, flags, opts) if "Typed+ref" in " ".join(opts) else []
    if not hs and need == []:
        return None
    out = {"harnesses": len(hs), "proved": 0, "total": 0, "problems": [], "failed": []}
    if need is None:
        out["problems"].append("frama-c could not list the functions Typed+ref assumes "
                               "hypotheses of (src/%s.c)" % mod)
        need = []
    fns = []
    targets = set()
    for h in hs:
        hfn, probs = memmodel_check_text(mod, h)
        out["problems"] += probs
        if hfn:
            fns.append(hfn)
        with open(os.path.join(ROOT, h)) as f:
            m = MM_TARGET_RE.search(f.read())
        if m:
            targets.add(m.group(1))
    for fn in need:
        if fn not in targets:
            out["problems"].append("%s: Typed+ref assumes hypotheses of it and no harness "
                                   "in proofs/memmodel/ targets it" % fn)
    if not fns:
        return out
    report = os.path.join(REPORTS, mod + ".memmodel.json")
    if os.path.exists(report):
        os.remove(report)
    mopts = list(opts)
    if "-wp-model" not in mopts:
        mopts += ["-wp-model", "Typed+ref"]
    pflags = without_prover(flags) if "-wp-prover" in opts else flags
    cmd = (["frama-c"] + shlex.split(pflags) + mopts +
           ["-wp-check-memory-model", "-wp-fct", ",".join(fns),
            "-wp-report-json", report] + hs + [os.path.join("src", mod + ".c")])
    rc, st = wp_run(cmd, os.path.join(LOGS, mod + ".memmodel.log"), tag, "memmodel")
    out["failed"] = st["failed"]
    r = report_result(mod, rc, report, 0, st["failed"])
    if "error" in r:
        out["problems"].append("frama-c (memmodel) exited %d (see proofs/logs/%s.memmodel.log)"
                               % (rc, mod))
        return out
    out["proved"], out["total"] = r["proved"], r["total"]
    # every harness must have reached its verb: one typed_ref hypothesis
    # goal at least, or none when the verb has no out-parameter
    return out


def write_stamp(res, digest, stamp, report, sreport):
    """A local stamp after a run with every goal proved and no dead smoke."""
    if not digest or "error" in res or res["total"] == 0 or \
            res["proved"] != res["total"] or res["smoke_dead"]:
        return
    os.makedirs(STAMPS, exist_ok=True)
    with open(report) as f:
        rep = json.load(f)
    srep = None
    if sreport:
        with open(sreport) as f:
            srep = json.load(f)
    with open(stamp, "w") as f:
        json.dump({"module": res["module"], "inputs": digest,
                   "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
                   "proved": res["proved"], "report": rep, "smoke": srep}, f)


def report_result(mod, rc, report, elapsed, failed, stamped=False):
    res = {"module": mod, "rc": rc, "time_s": round(elapsed, 1),
           "functions": {}, "axiomatics": {}, "proved": 0, "total": 0,
           "failed": failed, "stamped": stamped}
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
    for ax, props in data.get("wp:axiomatics", {}).items():
        for key, st in props.items():
            if key.startswith("lemma_"):
                main = st.get("wp:main", {})
                res["axiomatics"][key[len("lemma_"):]] = {
                    "total": main.get("total", 0), "valid": main.get("valid", 0)}
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


def duplicate_ids(reqs):
    """(ID, rows) for every requirement ID more than one row uses."""
    seen = {}
    for rq in reqs:
        seen[rq["id"]] = seen.get(rq["id"], 0) + 1
    return sorted((rid, k) for rid, k in seen.items() if k > 1)


# A requirement cites `contract FN:CLAUSE`.  It matches exactly the WP goals
# of FN's own clause named CLAUSE: keys FN_KIND_CLAUSE or
# FN_BEHAVIOR_KIND_CLAUSE (KIND: ensures, assert, loop_invariant, exits,
# check), with WP's _N / _partN suffixes for split goals.  A CLAUSE that
# itself spells BEHAVIOR_KIND_NAME (or BEHAVIOR_assigns) matches that key
# only.  Goals of other
# functions' clauses reached from FN (a callee's `requires` at a call site
# is listed under FN with the callee's name) never match.
CLAUSE_KINDS = ("ensures", "assert", "loop_invariant", "exits", "check")
KIND_IN_RE = re.compile(r"(^|_)(ensures|requires|assert|loop_invariant|assigns|exits|check)_")
SPLIT_SUFFIX_RE = re.compile(r"(_part\d+|_\d+)+$")


def clause_keys(props, fn, clause):
    out = []
    kinds = "|".join(CLAUSE_KINDS)
    if KIND_IN_RE.search(clause) or clause == "assigns" or clause.endswith("_assigns"):
        pat = re.compile("^" + re.escape(fn) + "_" + re.escape(clause) + "$")
    else:
        pat = re.compile("^" + re.escape(fn) + r"_(?:([a-z0-9_]+?)_)?(?:" + kinds +
                         ")_" + re.escape(clause) + "$")
    for key in props:
        base = SPLIT_SUFFIX_RE.sub("", key)
        m = pat.match(key) or pat.match(base)
        if not m:
            continue
        beh = m.group(1) if m.groups() else None
        # A behavior name never contains a clause kind (that would be a
        # callee's clause, e.g. FN_call_g_requires_x).
        if beh and KIND_IN_RE.search(beh + "_"):
            continue
        out.append(key)
    return out


def clause_status(results, fn, clause):
    """All WP goals of FN's own clause CLAUSE, across modules."""
    total = valid = 0
    for r in results:
        props = r["functions"].get(fn)
        if not props:
            continue
        for key in clause_keys(props, fn, clause):
            total += props[key]["total"]
            valid += props[key]["valid"]
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


COLD_TIMES = os.path.join(PROOFS, "cold-times.json")


def pick_cold():
    """The module a CI run proves with no cache: the modules whose measured
    cold time (proofs/cold-times.json, written by `make prove-cold`) fits
    COLD_BUDGET seconds, rotating with the number of commits, so each is
    re-proved from nothing every few runs.  A module never measured is not
    eligible (measure it by hand first: `make prove-cold M=...`); with none
    eligible, nothing runs."""
    budget = float(os.environ.get("COLD_BUDGET", "900"))
    times = {}
    if os.path.exists(COLD_TIMES):
        with open(COLD_TIMES) as f:
            times = json.load(f)
    mods = [m for m in modules([]) if m in times and times[m]["time_s"] <= budget]
    if not mods:
        return ""
    try:
        n = int(subprocess.run(["git", "rev-list", "--count", "HEAD"], cwd=ROOT,
                               capture_output=True, text=True).stdout.strip())
    except ValueError:
        n = int(time.time() // 86400)
    return mods[n % len(mods)]


def record_cold(results):
    """After a run with no cache (WP_CACHE=none): each module's time."""
    times = {}
    if os.path.exists(COLD_TIMES):
        with open(COLD_TIMES) as f:
            times = json.load(f)
    for r in results:
        if "error" in r or r["proved"] != r["total"]:
            continue
        times[r["module"]] = {"time_s": r["time_s"], "goals": r["total"],
                              "smoke": r.get("smoke_checked", 0),
                              "date": time.strftime("%Y-%m-%d", time.gmtime())}
    with open(COLD_TIMES, "w") as f:
        json.dump(times, f, indent=1, sort_keys=True)
        f.write("\n")


SMOKE_ALLOW = os.path.join(PROOFS, "smoke-allow.txt")


SMOKE_PENDING = os.path.join(PROOFS, "smoke-pending.txt")


def read_reasons(path):
    """{first word: reason} from lines `WORD  reason...` (# comments);
    an entry without its reason is refused."""
    out = {}
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                parts = line.split(None, 1)
                if parts and not parts[0].startswith("#"):
                    if len(parts) < 2 or not parts[1].strip():
                        sys.exit("prove: %s: %s has no reason" % (path, parts[0]))
                    out[parts[0]] = parts[1].strip()
    return out


def smoke_pending():
    """Modules whose smoke pass is not run yet, each with its reason
    (proofs/smoke-pending.txt).  Printed in every summary, so the gap is
    never silent."""
    return read_reasons(SMOKE_PENDING)


def smoke_allowed():
    """Smoke goals known to be proved, each with the reason it is not a
    defect (proofs/smoke-allow.txt)."""
    return set(read_reasons(SMOKE_ALLOW))


def read_baseline(mod):
    p = os.path.join(BASELINE, mod + ".goals")
    try:
        with open(p) as f:
            return int(f.read().split()[0])
    except (OSError, ValueError, IndexError):
        return None


# ---------------------------------------------------------------- lint
# Nothing may be assumed but the environment facts of spec/ASSUMPTIONS.md.
# Every annotation of src/ and spec/ is scanned for the ACSL keywords that
# add a fact without a proof (`axiom`, `admit`) or a clause WP does not
# count (`check` proves without assuming, `assume` is not ACSL but is
# refused all the same).  An occurrence passes only when the table
# "Annotations the gate allows" of spec/ASSUMPTIONS.md lists it:
#   | file | keyword | name | assumption ID |
ANNOT_RE = re.compile(r"/\*@(.*?)\*/|//@([^\n]*)", re.S)
LINE_COMMENT_RE = re.compile(r"//[^\n]*")
BAD_KW_RE = re.compile(r"\b(axiom|admit|assume|check)\b(\s+(?:lemma|requires|ensures|assert|invariant|loop\s+invariant)\b)?\s*(\w*)")
LEMMA_RE = re.compile(r"\blemma\s+(\w+)\s*(?:\{[^}]*\})?\s*(?:<[^>]*>)?\s*:")
ASSUMPTIONS = os.path.join(ROOT, "spec", "ASSUMPTIONS.md")


def allowed_annotations():
    """{(file, keyword, name)} from spec/ASSUMPTIONS.md's allow table."""
    out = set()
    try:
        text = open(ASSUMPTIONS).read()
    except OSError:
        return out
    m = re.search(r"^## Annotations the gate allows\s*$(.*?)(?=^## |\Z)", text, re.M | re.S)
    if not m:
        return out
    for line in m.group(1).splitlines():
        cells = [c.strip().strip("`") for c in line.strip().strip("|").split("|")]
        if len(cells) >= 4 and re.match(r"^A-[A-Z0-9-]+$", cells[3]):
            out.add((cells[0], cells[1], cells[2]))
    return out


def annotation_texts(root=ROOT):
    """(relative path, line number, text) of every ACSL annotation."""
    files = []
    for d, exts in (("src", (".c", ".h")), ("spec", (".acsl",))):
        full = os.path.join(root, d)
        if os.path.isdir(full):
            files += [os.path.join(d, f) for f in sorted(os.listdir(full)) if f.endswith(exts)]
    for rel in files:
        with open(os.path.join(root, rel)) as f:
            text = f.read()
        for m in ANNOT_RE.finditer(text):
            body = m.group(1) if m.group(1) is not None else m.group(2)
            line = text.count("\n", 0, m.start()) + 1
            yield rel, line, LINE_COMMENT_RE.sub("", body)


def lint_annotations(root=ROOT):
    """(failures, declared lemma names)."""
    allowed = allowed_annotations()
    failures, lemmas = [], set()
    for rel, line, body in annotation_texts(root):
        for m in BAD_KW_RE.finditer(body):
            kw = m.group(1)
            name = m.group(3) or ""
            if (rel, kw, name) in allowed:
                continue
            at = line + body.count("\n", 0, m.start())
            failures.append("%s:%d: `%s %s` is not an environment fact listed in "
                            "spec/ASSUMPTIONS.md (Annotations the gate allows)"
                            % (rel, at, kw, name))
        for m in LEMMA_RE.finditer(body):
            lemmas.add(m.group(1))
    return failures, lemmas


REQ_KINDS = ("contract", "model", "test", "open")


def lint_requirements():
    """Rows of spec/REQUIREMENTS.md the report could not read: an item whose
    kind is none of REQ_KINDS (a ';' inside an item's prose splits it), a
    `contract` item without FN:CLAUSE, an ID used twice.  Checked before any
    prover runs, so a bad row fails in seconds, not after the proofs."""
    fails = []
    reqs = parse_requirements()
    for rq in reqs:
        for it in (i.strip() for i in rq["by"].split(";")):
            if not it:
                continue
            kind, _, what = it.partition(" ")
            if kind not in REQ_KINDS:
                fails.append("requirement %s: item `%s` has no kind (%s); a ';' "
                             "separates items, so prose inside one must not use it"
                             % (rq["id"], it[:60], "/".join(REQ_KINDS)))
            elif kind == "contract" and ":" not in what:
                fails.append("requirement %s: `%s` names no FN:CLAUSE" % (rq["id"], it))
    for rid, k in duplicate_ids(reqs):
        fails.append("requirement %s: ID used by %d rows" % (rid, k))
    return fails


def memmodel_failures(mod, mm):
    out = ["%s: memmodel: %s" % (mod, x) for x in mm["problems"]]
    if mm["total"] == 0 or mm["proved"] < mm["total"]:
        out.append("%s: memmodel: %d/%d harness goal(s) proved: %s (the stated "
                   "requires do not give Typed+ref's hypotheses; "
                   "proofs/logs/%s.memmodel.log)" % (
                       mod, mm["proved"], mm["total"], ", ".join(mm["failed"][:8]), mod))
    return out


def main_memmodel(mods, flags):
    """`make prove-memmodel`: the harness runs alone (seconds)."""
    os.makedirs(REPORTS, exist_ok=True)
    os.makedirs(LOGS, exist_ok=True)
    failures = []
    for i, m in enumerate(mods, 1):
        tag = "[%d/%d] %-14s" % (i, len(mods), m)
        mm = run_memmodel(m, flags, module_wp_options(os.path.join(SRC, m + ".c")), tag)
        if mm is None:
            continue
        print("memmodel: %s %d/%d (%d harness(es))" % (m, mm["proved"], mm["total"],
                                                     mm["harnesses"]), flush=True)
        failures += memmodel_failures(m, mm)
    for x in failures:
        print("FAIL: " + x)
    return 1 if failures else 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("modules", nargs="*")
    ap.add_argument("--update-baseline", action="store_true")
    ap.add_argument("--lint", action="store_true",
                    help="only lint the annotations (no prover)")
    ap.add_argument("--memmodel-only", action="store_true",
                    help="only the memory-model harnesses (proofs/memmodel/)")
    ap.add_argument("--pick-cold", action="store_true",
                    help="print the module CI proves cold this time")
    args = ap.parse_args()
    if args.pick_cold:
        print(pick_cold())
        return
    lint_fail, lemmas = lint_annotations()
    print("lint: %d annotation(s) assume what no proof shows; %d lemma(s) declared"
          % (len(lint_fail), len(lemmas)))
    req_fail = lint_requirements()
    print("lint: %d requirement row(s) the report cannot read" % len(req_fail))
    mm_fail = lint_memmodel()
    print("lint: %d memory-model harness(es) not stating their verb's requires"
          % len(mm_fail))
    req_fail += mm_fail
    for x in req_fail:
        print("FAIL: " + x)
    if req_fail and not args.lint:
        sys.exit("prove: fix the requirement rows or harnesses above first (no prover ran)")
    lint_fail += req_fail
    for x in lint_fail:
        print("FAIL: " + x)
    if args.lint:
        sys.exit(1 if lint_fail else 0)
    flags = os.environ.get("WP_FLAGS")
    if not flags:
        sys.exit("prove: WP_FLAGS is not set (run through `make prove`)")
    mods = modules(args.modules)
    if args.memmodel_only:
        sys.exit(main_memmodel(mods, flags))
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
        mm = r.get("memmodel")
        if mm is not None:
            print("memmodel: %s %d/%d (%d harness(es)%s)" % (
                m, mm["proved"], mm["total"], mm["harnesses"],
                "" if not mm["problems"] else ", %d problem(s)" % len(mm["problems"])),
                flush=True)
        return r

    # Largest first, so the longest module does not start last.
    order = sorted(enumerate(mods, 1),
                   key=lambda im: -os.path.getsize(os.path.join(SRC, im[1] + ".c")))
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as ex:
        done = list(ex.map(one, order))
    results = sorted(done, key=lambda r: r["module"])

    failures = list(lint_fail)
    print()
    print("where answers came from: qed = discharged by WP's simplifier, cache =")
    print("replayed from proofs/cache (content-addressed by goal), prover = a prover")
    print("ran now, stamp = the whole module from this machine's earlier run")
    print("%-14s %5s %13s %8s %7s %6s %6s %6s %7s %8s" % (
        "module", "fns", "proved/total", "baseline", "qed", "cache", "prover",
        "smoke", "dead", "time"))
    print("-" * 88)
    P = T = S = 0
    smoke_dead = []
    allowed_dead = smoke_allowed()
    for r in results:
        base = read_baseline(r["module"])
        P += r["proved"]
        T += r["total"]
        S += r.get("smoke_checked", 0)
        dead = [d for d in r.get("smoke_dead", []) if d not in allowed_dead]
        smoke_dead += [(r["module"], d) for d in dead]
        src = r.get("sources")
        print("%-14s %5d %13s %8s %7s %6s %6s %6s %7d %7.1fs" % (
            r["module"], len(r["functions"]), "%d/%d" % (r["proved"], r["total"]),
            "-" if base is None else str(base),
            "stamp" if r.get("stamped") else (src["qed"] if src else "-"),
            "" if r.get("stamped") or not src else src["cache"],
            "" if r.get("stamped") or not src else src["prover"],
            "pend" if r.get("smoke_pending") else r.get("smoke_checked", 0),
            len(dead), r["time_s"]))
        r["baseline"] = base
        for d in dead:
            failures.append("%s: smoke goal %s was proved: dead code or inconsistent "
                            "requirements (see proofs/logs/%s.smoke.log; a known, "
                            "explained one goes in proofs/smoke-allow.txt)"
                            % (r["module"], d, r["module"]))
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
        if r.get("memmodel") is not None:
            failures += memmodel_failures(r["module"], r["memmodel"])
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
    print("-" * 88)
    print("%-14s %5d %13s %8s %7s %6s %6s %6d %7d %7.1fs" % (
        "all", sum(len(r["functions"]) for r in results), "%d/%d" % (P, T), "",
        "", "", "", S, len(smoke_dead), time.time() - t_all))

    models = {}
    if os.path.exists(MODEL_RESULTS):
        with open(MODEL_RESULTS) as f:
            for name, v in json.load(f).items():
                models[name] = v.get("verdict", "?") if isinstance(v, dict) else str(v)
    reqs = requirement_status(results, parse_requirements(), models)
    full_run = not args.modules
    for rid, k in duplicate_ids(reqs):
        failures.append("requirement ID %s is used by %d rows of spec/REQUIREMENTS.md" % (rid, k))
    if full_run:
        # Every declared lemma must come out of some module's run proved.
        proved_lemmas = {}
        for r in results:
            for name, st in r.get("axiomatics", {}).items():
                ok = st["total"] > 0 and st["valid"] == st["total"]
                proved_lemmas[name] = proved_lemmas.get(name, False) or ok
            for fn, props in r["functions"].items():
                for key, st in props.items():
                    if key.startswith("lemma_"):
                        ok = st["total"] > 0 and st["valid"] == st["total"]
                        nm = key[len("lemma_"):]
                        proved_lemmas[nm] = proved_lemmas.get(nm, False) or ok
        for name in sorted(lemmas):
            if not proved_lemmas.get(name):
                failures.append("lemma %s is declared but no module proves it" % name)
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
              "proved": P, "total": T, "smoke_checked": S,
              "smoke_dead": ["%s:%s" % md for md in smoke_dead], "time_s": round(time.time() - t_all, 1),
              "ok": not failures, "failures": failures}
    if "-wp-cache none" in flags:
        record_cold(results)   # modules fully proved cold; the rest fail below
    if full_run:
        with open(os.path.join(PROOFS, "report.json"), "w") as f:
            json.dump(report, f, indent=1, sort_keys=True)
    if failures:
        print()
        for x in failures:
            print("FAIL: " + x)
    pend = sorted(r["module"] for r in results if r.get("smoke_pending"))
    if pend:
        print("smoke pass not yet run for %d module(s), listed with the reason in "
              "proofs/smoke-pending.txt: %s" % (len(pend), " ".join(pend)))
    print("smoke: %d checked, %d dead%s" % (
        S, len(smoke_dead), "" if not pend else " (%d module(s) pending)" % len(pend)))
    print("proved: %d/%d goals" % (P, T))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
