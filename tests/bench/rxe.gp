# SPDX-License-Identifier: MIT
# tests/bench/rxe.gp -- ours beside Linux rxe (run by rxe.mk with
# dir=build/bench/rxe).  Data: rxe.tsv (tests/bench/rxe_table.py), one row
# a size: bytes, ours avg/best half RTT, ib_write_lat avg/min/typical,
# ibv_rc_pingpong half RTT, ours MB/s, ib_write_bw MB/s, ibv_rc_pingpong -e
# half RTT, ours median half RTT, ours median through the ioctls.
set terminal svg size 1100,560 font "sans,12" background rgb "white"
set output dir."/rxe.svg"
if (!exists("arch")) arch = "QEMU TCG"
set multiplot layout 1,2 title "uldma soft engine vs Linux rxe (soft-RoCE), same ".arch." guest under QEMU TCG, one boot -- ratios, not hardware figures" noenhanced
set logscale x 2
set logscale y
set grid xtics ytics
set xlabel "message size (bytes)"
set xtics ("16" 16, "64" 64, "256" 256, "1K" 1024, "4K" 4096, "16K" 16384, "64K" 65536)
set xrange [12:90000]
set key below

set title "one-way latency, us: median solid, best dashed (lower is better)"
set ylabel "us (half round trip)"
# the averages and ibv_rc_pingpong are in table.txt: under TCG on a shared
# host the averages swing by 10x between runs, the medians much less
plot dir."/rxe.tsv" using 1:11 with linespoints lw 2 pt 7 lc rgb "#1f77b4" title "uldma rdma\\_pingpong, mapped rings + doorbell", \
     ""             using 1:13 with linespoints lw 2 pt 11 lc rgb "#17becf" title "uldma rdma\\_pingpong, mapped rings, no doorbell", \
     ""             using 1:12 with linespoints lw 2 pt 9 lc rgb "#9467bd" title "uldma rdma\\_pingpong, ioctls", \
     ""             using 1:6 with linespoints lw 2 pt 5 lc rgb "#d62728" title "rxe ib\\_write\\_lat (t\\_typical)", \
     ""             using 1:3 with linespoints lw 1 pt 6 dt 2 lc rgb "#1f77b4" notitle, \
     ""             using 1:5 with linespoints lw 1 pt 4 dt 2 lc rgb "#d62728" notitle

set title "RDMA-write bandwidth (MB/s; higher is better)"
set ylabel "MB/s"
plot dir."/rxe.tsv" using 1:8 with linespoints lw 2 pt 7 lc rgb "#1f77b4" title "uldma rdma\\_bw", \
     ""             using 1:9 with linespoints lw 2 pt 5 lc rgb "#d62728" title "rxe ib\\_write\\_bw"
unset multiplot
