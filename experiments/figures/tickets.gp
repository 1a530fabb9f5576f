# step12's single pass, from tickets.dat (run.sh).
set terminal pngcairo size 1500,640 font "Sans,13" background rgb "white" noenhanced
set output out
unset key; set border 3
set title "step12: one launch; every block publishes its partial sum and takes a ticket; the block with the last ticket adds all partials" font "Sans,15"
set xrange [0:19.5]
set yrange [-0.8:7.8]
set ytics 0,1,7 scale 0
set ylabel "block"
set xtics scale 0 ("" 0)
set xlabel "time (an illustration: the order in which blocks finish is up to the hardware, different on every run)"
set style fill solid 1.0 border lc rgb "#555555"
set datafile columnheaders  # each data block's first line names its columns
# A bar from `start` to `end`: its middle and half its length.
middle(start, end) = (start + end) / 2
half(start, end) = (end - start) / 2
set label 1 "red dot: blockSums[blockIdx.x] = sum; __threadfence(); ticket = atomicInc(blocksDone, gridDim.x - 1)" \
    at 0.2, -0.62 font "Sans,11" tc rgb "#b22222"
plot data index 0 using (middle(column("start"), column("end"))):"block": \
         (half(column("start"), column("end"))):(0.3) with boxxyerror fc rgb 0xcfe2f3, \
     data index 0 using (middle(column("start"), column("end"))):"block":("sum own tile") \
         with labels font "Sans,11", \
     data index 3 using "x":"y":"dx":"dy" with vectors head size 0.12,20 filled lw 1 \
         lc rgb "#999999" dt 2, \
     data index 1 using "time":"block" with points pt 7 ps 1.4 lc rgb "#b22222", \
     data index 1 using "time":"block":"text" with labels left offset 0.8,0.55 font "Sans,11" \
         tc rgb "#b22222", \
     data index 2 using (middle(column("start"), column("end"))):"block": \
         (half(column("start"), column("end"))):(0.38) with boxxyerror fc rgb 0xf9cb9c, \
     data index 2 using (middle(column("start"), column("end"))):"block": \
         ("reads partials 0..7,\nadds them in block order") with labels font "Sans,11"
