# step09's warp sum with shuffles, from shuffle.dat (run.sh).
set terminal pngcairo size 1500,720 font "Sans,13" background rgb "white" noenhanced
set output out
unset key; unset border; unset xtics; unset ytics
set title "step09: a warp sums its 32 values with value += __shfl_down_sync(0xffffffff, value, offset)" font "Sans,16"
set xrange [-1:43]
set yrange [-8.9:0.9]
set style fill solid 1.0 border lc rgb "#555555"
set datafile columnheaders  # each data block's first line names its columns
cell(state) = state == 0 ? 0xf2f2f2 : (state == 1 ? 0xcfe2f3 : 0xf9cb9c)
set label 1 "lanes 0-31 of one warp (registers, no shared memory): each label says how many of the 32 values the lane holds the sum of" \
    at -0.45, 0.75 font "Sans,12" tc rgb "#444444"
set label 2 "grey lanes execute the shuffle too (all 32 lanes are in the mask), but their results are never used" \
    at -0.45, -8.6 font "Sans,12" tc rgb "#444444"
plot data index 0 using "x":"y":(0.42):(0.3):(cell(column("state"))) with boxxyerror fc rgb variable, \
     data index 0 using "x":"y":"values" with labels font "Sans,10", \
     data index 1 using "x":"y":"dx":"dy" with vectors head size 0.15,20 filled lw 1.1 \
         lc rgb "#1f4e79", \
     data index 2 using "x":"y":"text" with labels left font "Sans,12"
