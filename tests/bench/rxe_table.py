#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""tests/bench/rxe_table.py REPORT OUTDIR [SUFFIX] -- ours beside Linux rxe.

REPORT is the guest's "uldma-rxe: " lines (tests/board/rxe_init.sh, one
boot): our rdma_pingpong / rdma_bw tables, then ibv_rc_pingpong (polling
and -e, sleeping on CQ events),
ib_write_lat and ib_write_bw over rxe0 for the same sizes.  Writes
OUTDIR/rxe.tsv (one row a size, for tests/bench/rxe.gp) and
OUTDIR/table.txt, prints the table and the headline lines

  rxe_pingpong_latency_ratio_64: X   our rdma_pingpong half round trip
                                     (average) over ib_write_lat's t_avg
                                     at 64 B: below 1, ours is faster
  rxe_pingpong_latency_best_ratio_64: X'   the same with our best over
                                     ib_write_lat's t_min
  rxe_pingpong_latency_median_ratio_64: X''   our median over
                                     ib_write_lat's t_typical (its median)
  rxe_pingpong_latency_median_ratio_64_ioctl: the same, our ping-pong
                                     through the POST/POLL ioctls
  rxe_pingpong_latency_median_ratio_64_nodb: the same, through the
                                     mapped rings with no doorbell (the
                                     engine thread's poll finds each WQE)
  rxe_pingpong_latency_median_ratio_16: our median over t_typical at 16 B
                                     (mapped rings with the doorbell)
  rxe_bw_ratio_64k: Y                our rdma_bw MB/s over ib_write_bw's
                                     average MB/s at 64 KB: above 1, ours
                                     is faster
each name followed by SUFFIX when given (make bench: _arm64 for the arm64
guest).  Exits 1 when a size is missing from either side.
"""
import re
import sys

SIZES = [16, 64, 256, 1024, 4096, 16384, 65536]


def nums(s):
    return [float(x) for x in s.split()]


def parse(path):
    ours_pp, ours_ppn, ours_ppi, ours_bw, rcpp, rcev, wlat, wbw, info = {}, {}, {}, {}, {}, {}, {}, {}, []
    for line in open(path, encoding="utf-8", errors="replace"):
        line = line.rstrip("\n")
        m = re.match(r"ours_pp rdma_pingpong:\s+(\d+)\s+(\d+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*$", line)
        if m:   # bytes rounds avg best median
            ours_pp[int(m.group(1))] = (float(m.group(3)), float(m.group(4)), float(m.group(5)))
            continue
        m = re.match(r"ours_ppn rdma_pingpong:\s+(\d+)\s+(\d+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*$", line)
        if m:
            ours_ppn[int(m.group(1))] = (float(m.group(3)), float(m.group(4)), float(m.group(5)))
            continue
        m = re.match(r"ours_ppi rdma_pingpong:\s+(\d+)\s+(\d+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*$", line)
        if m:
            ours_ppi[int(m.group(1))] = (float(m.group(3)), float(m.group(4)), float(m.group(5)))
            continue
        m = re.match(r"ours_bw rdma_bw:\s+(\d+)\s+(\d+)\s+([\d.]+)\s+([\d.]+)\s*$", line)
        if m:
            ours_bw[int(m.group(1))] = (float(m.group(3)), int(m.group(2)))
            continue
        m = re.match(r"rc_pp (\d+) (\d+) iters in [\d.]+ seconds = ([\d.]+) usec/iter", line)
        if m:   # one iteration is one round trip
            rcpp[int(m.group(1))] = float(m.group(3)) / 2
            continue
        m = re.match(r"rc_ev (\d+) (\d+) iters in [\d.]+ seconds = ([\d.]+) usec/iter", line)
        if m:
            rcev[int(m.group(1))] = float(m.group(3)) / 2
            continue
        m = re.match(r"wlat (\d+)\s+(\d+\s+\d+\s+[\d.\s]+)$", line)
        if m:   # bytes iters t_min t_max t_typical t_avg t_stdev p99 p99.9
            v = nums(m.group(2))
            if len(v) >= 6 and int(v[0]) == int(m.group(1)):
                wlat[int(v[0])] = (v[5], v[2], v[4])
            continue
        m = re.match(r"wbw (\d+)\s+(\d+\s+\d+\s+[\d.\s]+)$", line)
        if m:   # bytes iters peak avg msgrate
            v = nums(m.group(2))
            if len(v) >= 4 and int(v[0]) == int(m.group(1)):
                wbw[int(v[0])] = (v[3], int(v[1]))
            continue
        if line.startswith("info ") and "dmesg" not in line:
            info.append(line[5:])
    return ours_pp, ours_ppn, ours_ppi, ours_bw, rcpp, rcev, wlat, wbw, info


def main():
    report, out = sys.argv[1], sys.argv[2]
    sfx = sys.argv[3] if len(sys.argv) > 3 else ""
    ours_pp, ours_ppn, ours_ppi, ours_bw, rcpp, rcev, wlat, wbw, info = parse(report)
    missing = [(n, s) for n, d in (("rdma_pingpong", ours_pp), ("rdma_pingpong (ioctls)", ours_ppi),
                                   ("rdma_pingpong (rings, no doorbell)", ours_ppn),
                                   ("rdma_bw", ours_bw),
                                   ("ibv_rc_pingpong", rcpp), ("ibv_rc_pingpong -e", rcev),
                                   ("ib_write_lat", wlat),
                                   ("ib_write_bw", wbw))
               for s in SIZES if s not in d]
    lines = []
    for i in info:
        lines.append("  guest: " + i)
    lines.append("  one-way latency, us (half round trip; QEMU TCG guest, not hardware)")
    lines.append("  ours: rdma_pingpong (RDMA writes, uldma.ko's soft engine) through the mapped rings, with the doorbell;")
    lines.append("  no db: the same rings with no doorbell (the engine's poll); ioctl: the POST/POLL ioctls;")
    lines.append("  wlat: ib_write_lat over rxe0;")
    lines.append("  rc_pp: ibv_rc_pingpong (send/receive) polling, -e sleeping on CQ events; ratios ours / wlat")
    lines.append("  %8s | %8s %8s %8s | %8s %8s | %9s %8s | %8s %8s %8s | %8s %8s | %6s %6s %6s %6s %6s" % (
        "bytes", "ours avg", "best", "median", "no db bst", "median", "ioctl bst", "median",
        "wlat avg", "min", "typical", "rc_pp", "rc_pp -e", "avg", "best", "median", "no db", "ioctl"))
    rows = []
    for s in SIZES:
        if s not in ours_pp or s not in ours_ppn or s not in ours_ppi or s not in wlat or s not in rcpp or s not in rcev:
            continue
        oa, ob, om = ours_pp[s]
        nb, nm = ours_ppn[s][1], ours_ppn[s][2]
        ib, im = ours_ppi[s][1], ours_ppi[s][2]
        wa, wm, wt = wlat[s]
        lines.append("  %8d | %8.1f %8.1f %8.1f | %9.1f %8.1f | %9.1f %8.1f | %8.1f %8.1f %8.1f | %8.1f %8.1f | %6.2f %6.2f %6.2f %6.2f %6.2f" % (
            s, oa, ob, om, nb, nm, ib, im, wa, wm, wt, rcpp[s], rcev[s], oa / wa, ob / wm, om / wt,
            nm / wt, im / wt))
    lines.append("  (ratios: avg / wlat avg, best / wlat min, median / wlat typical, no-doorbell median and")
    lines.append("  ioctl median / wlat typical)")
    lines.append("  bandwidth, MB/s (RDMA writes, ours 32 in flight, ib_write_bw its default depth;")
    lines.append("  a perftest figure of 0.00 is perftest's own output, shown as is, with no ratio)")
    lines.append("  %8s | %8s %10s | %8s %10s | %9s" % (
        "bytes", "writes", "ours", "writes", "wbw avg", "ratio"))
    for s in SIZES:
        if s not in ours_bw or s not in wbw:
            continue
        ratio = "%9.2f" % (ours_bw[s][0] / wbw[s][0]) if wbw[s][0] > 0 else "%9s" % "-"
        lines.append("  %8d | %8d %10.1f | %8d %10.1f | %s" % (
            s, ours_bw[s][1], ours_bw[s][0], wbw[s][1], wbw[s][0], ratio))
    for s in SIZES:
        if s in ours_pp and s in ours_ppn and s in ours_ppi and s in wlat and s in rcpp and s in rcev and s in ours_bw and s in wbw:
            rows.append("%d\t%.1f\t%.1f\t%.1f\t%.1f\t%.1f\t%.1f\t%.2f\t%.2f\t%.1f\t%.1f\t%.1f\t%.1f" % (
                s, ours_pp[s][0], ours_pp[s][1], wlat[s][0], wlat[s][1], wlat[s][2],
                rcpp[s], ours_bw[s][0], wbw[s][0], rcev[s], ours_pp[s][2], ours_ppi[s][2], ours_ppn[s][2]))
    with open(out + "/rxe.tsv", "w", encoding="utf-8") as f:
        f.write("# bytes\tours_avg_us\tours_best_us\twlat_avg_us\twlat_min_us\twlat_typ_us"
                "\trc_pp_half_rtt_us\tours_MBps\twbw_avg_MBps\trc_pp_events_half_rtt_us\tours_median_us\tours_ioctl_median_us\tours_nodb_median_us\n")
        f.write("\n".join(rows) + "\n")
    with open(out + "/table.txt", "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))
    if missing:
        for n, s in missing:
            print("rxe: %s has no figure for %d B" % (n, s), file=sys.stderr)
        return 1
    print("rxe_pingpong_latency_ratio_64%s: %.2f" % (sfx, ours_pp[64][0] / wlat[64][0]))
    print("rxe_pingpong_latency_best_ratio_64%s: %.2f" % (sfx, ours_pp[64][1] / wlat[64][1]))
    print("rxe_pingpong_latency_median_ratio_64%s: %.2f" % (sfx, ours_pp[64][2] / wlat[64][2]))
    print("rxe_pingpong_latency_median_ratio_64_ioctl%s: %.2f" % (sfx, ours_ppi[64][2] / wlat[64][2]))
    print("rxe_pingpong_latency_median_ratio_64_nodb%s: %.2f" % (sfx, ours_ppn[64][2] / wlat[64][2]))
    print("rxe_pingpong_latency_median_ratio_16%s: %.2f" % (sfx, ours_pp[16][2] / wlat[16][2]))
    if wbw[65536][0] <= 0:
        print("rxe: ib_write_bw reported 0 MB/s at 64 KB", file=sys.stderr)
        return 1
    print("rxe_bw_ratio_64k%s: %.2f" % (sfx, ours_bw[65536][0] / wbw[65536][0]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
