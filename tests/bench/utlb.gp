# tests/bench/utlb.gp -- plots of the UTLB miss comparison (run by utlb.mk
# with dir=build/bench/utlb).  Data: headline.tsv, misses.tsv (bench_utlb).
set terminal svg size 900,480 font "sans,12" background rgb "white"
set datafile separator "\t"
set key top left
set grid ytics

# 1. per trace, default geometry: host-involving misses of each scheme
set output dir."/utlb_misses.svg"
set title "Host-involving translation misses per trace (lower is better)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set boxwidth 0.9
set ylabel "misses"
set logscale y
set yrange [100:*]
set xtics rotate by -20
plot dir."/headline.tsv" using 2:xtic(1) title "UTLB: user-level check misses (T=1024/process)", \
     ""                  using 4 title "interrupt-per-miss, NIC table of 256 lines", \
     ""                  using 5 title "interrupt-per-miss, NIC table of 1024 lines/process"

# 2. sensitivity to the translation table size
reset
set terminal svg size 900,480 font "sans,12" background rgb "white"
set datafile separator "\t"
set output dir."/utlb_sensitivity.svg"
set title "Misses vs translation table size (entries per process)"
set logscale xy 2
set xlabel "table entries per process (interrupt scheme: same total memory)"
set ylabel "misses"
set key outside right
set grid
plot for [i in "1 2 5"] dir."/misses.tsv" index (i+0) using 2:3 with linespoints lw 2 \
        title "UTLB ".(i eq "1" ? "random" : i eq "2" ? "ws>table" : "multi-proc"), \
     for [i in "1 2 5"] dir."/misses.tsv" index (i+0) using 2:7 with linespoints dt 2 lw 2 \
        title "interrupt ".(i eq "1" ? "random" : i eq "2" ? "ws>table" : "multi-proc")
