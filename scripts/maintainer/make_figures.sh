#!/usr/bin/env bash
# For maintainers: regenerates the figures of the docs (docs/figures/*.png). A maintainer
# runs it after changing how a step indexes its data or what a figure shows; nothing in the
# build or the tests calls it. programs/figure_addressing.cpp replays the index arithmetic
# of the kernels and writes data files; the gnuplot scripts in docs/figures/ draw them.
# Needs g++ and gnuplot (with the pngcairo terminal; Debian: gnuplot-nox).
#   scripts/maintainer/make_figures.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
g++ -std=c++17 -O2 -Wall -Wextra -o "$work/figure_addressing" programs/figure_addressing.cpp
"$work/figure_addressing" "$work"

cd docs/figures
draw() {  # SCRIPT DATA OUTPUT.png [HEADING]
    gnuplot -e "data='$work/$2'; out='$3'; heading='${4:-}'" "$1"
    echo "wrote docs/figures/$3"
}
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
# step13's distribution: no data file, the script lays out its own example (n = 10, K = 4).
gnuplot -e "out='multi_gpu.png'" multi_gpu.gp
echo "wrote docs/figures/multi_gpu.png"
