#!/usr/bin/env bash
# For maintainers: proves the README's two commands as a newcomer would meet them, on a
# machine where this runs as root (the GPU machine): makes an ordinary user (no root, no
# sudo), gives it a fresh clone of this repository, and runs the command as that user,
# timed. Logs go to OUTDIR/<command>.txt: its first line says user, gnuplot and sudo, its last
# line the exit code and the seconds.
#   scripts/maintainer/newcomer_check.sh OUTDIR tutorial|test [ARGUMENTS for the command]
set -uo pipefail
out=$(realpath -m "${1:?usage: newcomer_check.sh OUTDIR tutorial|test}")  # before the cd
command=${2:?usage: newcomer_check.sh OUTDIR tutorial|test}
case $command in tutorial | test) ;; *) echo "usage: newcomer_check.sh OUTDIR tutorial|test" >&2; exit 2 ;; esac
shift 2
# The command's own arguments, quoted for the user's shell; with none, printf '%q ' would
# still print '', an empty argument.
arguments=""
[ $# -eq 0 ] || arguments=$(printf '%q ' "$@")
cd "$(dirname "$0")/../.." || exit 1
[ "$(id -u)" -eq 0 ] || { echo "newcomer_check: run as root (it makes a user)" >&2; exit 2; }
mkdir -p "$out"
user=student
id "$user" >/dev/null 2>&1 || useradd -m -s /bin/bash "$user"
clone=/home/$user/clone_$command
rm -rf "$clone"
# The working tree as it is (what a clone of it would hold), without build folders.
mkdir -p "$clone" && tar --exclude='./build*' --exclude=./.git -cf - . | tar -xf - -C "$clone"
chown -R "$user:$user" "$clone"
start=$(date +%s)
runuser -u "$user" -- env -i HOME="/home/$user" PATH="$PATH" bash -c \
    "cd '$clone' && echo \"as \$(id -un) (uid \$(id -u)), gnuplot: \$(command -v gnuplot || echo none), sudo: \$(sudo -n true 2>/dev/null && echo yes || echo no)\" && scripts/$command.sh $arguments" \
    >"$out/$command.txt" 2>&1
status=$?
seconds=$(($(date +%s) - start))
echo "newcomer_check: scripts/$command.sh as $user in a fresh clone: exit $status after $seconds s" |
    tee -a "$out/$command.txt"
exit "$status"
