#!/usr/bin/env bash
# The figures of the pages (docs/figures/*.png): figure_addressing replays the kernels' index
# arithmetic and writes the data; the gnuplot scripts here draw it. CPU only; a few seconds.
#   experiments/figures/run.sh [OUT, default docs/figures/]
set -- "${1:-$(dirname "$0")/../../docs/figures}"
source "$(dirname "$0")/../driver.sh"
data=$(mktemp -d)
trap 'rm -rf "$data"' EXIT
"$(bin figure_addressing)" "$data"
# draw SCRIPT DATA PNG [HEADING]
draw() { gnuplot -e "data='$data/$2'; out='$out/$3'; heading='${4:-}'" "$here/$1"; }
draw tree.gp tree_interleaved.dat tree_interleaved.png \
    "steps 02 and 03, interleaved addressing: thread tid adds when tid % (2*s) == 0"
draw tree.gp tree_strided.dat tree_strided.png \
    "step04, strided index: thread tid adds the pair at index = 2*s*tid"
draw tree.gp tree_sequential.dat tree_sequential.png \
    "step05, sequential addressing: thread tid < s adds cell tid + s"
draw banks.gp banks.dat banks.png
draw coalescing.gp coalescing.dat coalescing.png
draw shuffle.gp shuffle.dat warp_shuffle.png
draw tickets.gp tickets.dat single_pass_tickets.png
gnuplot -e "out='$out/multi_gpu.png'" "$here/multi_gpu.gp"  # step 13's own example (n = 10, K = 4)
