# Sourced by every experiments/<question>/run.sh, first thing: the paths a driver needs.
#   here   the experiment's folder        root  the repository
#   build  BUILD_DIR (default build/), configured and built
#   out    the driver's first argument, default here/results/<GPU name, spaces as _>
#   bin NAME   the path of a built program (an experiment's or a step's), or exit 1 saying
#              which target to build
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[1]}")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$(realpath -m "${BUILD_DIR:-$root/build}")
bin() {
    local folder
    for folder in "$build/experiments" "$build"; do
        if [ -x "$folder/$1" ]; then echo "$folder/$1"; return; fi
    done
    echo "$(basename "$here"): $1 is not built (cmake --build ${build#"$root"/} --target $1)" >&2
    exit 1
}
if [ $# -ge 1 ]; then
    out=$(realpath -m "$1")
else
    out=$here/results/$({ nvidia-smi --query-gpu=name --format=csv,noheader -i 0 2>/dev/null || echo no_GPU; } | tr ' ' _)
fi
mkdir -p "$out"
# show COMMAND...: "$ COMMAND" (built programs by their names), then all it prints, errors
# included, and "exit code N" if it fails; for the drivers whose result is a log.
show() {
    local line="$*"
    line=${line//"$build/experiments/"/}
    echo "\$ ${line//"$build/"/}"
    "$@" 2>&1 || echo "exit code $?"
}
