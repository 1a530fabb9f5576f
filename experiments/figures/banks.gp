# Shared-memory banks touched by one warp, step04 against step05 (banks.dat, run.sh).
# A cell: how many distinct 4-byte words the warp's load needs from that bank; a load
# takes as many passes through the banks as the largest number in its row.
set terminal pngcairo size 1500,820 font "Sans,13" background rgb "white"
set output out
unset key
set style fill solid 1.0 border lc rgb "#888888"
set datafile columnheaders  # each data block's first line names its columns
color(w) = w == 0 ? 0xffffff : (w == 1 ? 0xb6d7a8 : (w <= 2 ? 0xf4cccc : (w <= 4 ? 0xea9999 : \
           (w <= 8 ? 0xe06666 : (w <= 16 ? 0xcc0000 : 0x990000)))))
ink(w) = w > 8 ? 0xffffff : 0x000000
set xrange [-3.6:38.5]
set yrange [4.6:-0.6]
set xtics 0,1,31 scale 0 font "Sans,10"
set xlabel "bank" offset 0,0.6
unset ytics
set border 0
set multiplot layout 2,1 title "Words one warp (threads 0-31) loads from each of the 32 shared-memory banks, per level\n{/*0.8 (4-byte elements, block of 1024 threads, the load of sharedPartials[index]: a load takes as many passes as the largest number in its row)}" font "Sans,16"
do for [scheme = 0:1] {
    set title (scheme == 0 ? "step04, strided index: thread tid reads word 2*s*tid" : \
                             "step05, sequential addressing: thread tid reads word tid") font "Sans,14"
    plot data index 2*scheme using "bank":"row":(0.48):(0.42):(color(column("words"))) \
             with boxxyerror fc rgb variable, \
         data index 2*scheme using "bank":"row":(words = column("words"), \
             words > 0 ? sprintf("%d", words) : ""):(ink(column("words"))) \
             with labels tc rgb variable font "Sans,10", \
         data index 2*scheme+1 using (-0.8):"row":"label" with labels right font "Sans,12", \
         data index 2*scheme+1 using (32):"row":"ways" with labels left font "Sans,13"
}
unset multiplot
