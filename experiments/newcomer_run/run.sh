#!/usr/bin/env bash
# The README's two commands as an ordinary user (no root, no sudo) in a fresh copy of the
# working tree (no .git, no build folders), timed; run as root (it makes the user "student").
# OUT/COMMAND.txt: the log, from a line naming user, gnuplot and sudo to the exit code and time.
#   experiments/newcomer_run/run.sh [OUT] [tutorial] [test]      (default: both)
source "$(dirname "$0")/../driver.sh"
[ "$(id -u)" -eq 0 ] || { echo "newcomer_run: run it as root (it makes a user)" >&2; exit 2; }
id student >/dev/null 2>&1 || useradd -m -s /bin/bash student
[ $# -ge 2 ] || set -- "$out" tutorial test
failed=0
for command in "${@:2}"; do
    [[ $command =~ ^(tutorial|test)$ ]] || { echo "newcomer_run: tutorial or test, not '$command'" >&2; exit 2; }
    clone=/home/student/clone_$command
    rm -rf "$clone" && mkdir -p "$clone"
    tar -C "$root" --exclude='./build*' --exclude=./.git -cf - . | tar -xf - -C "$clone"
    chown -R student: "$clone"
    start=$SECONDS status=0
    # shellcheck disable=SC2016  # expanded by the user's shell
    runuser -u student -- env -i HOME=/home/student PATH="$PATH" bash -c '
        echo "as $(id -un) (uid $(id -u)), gnuplot: $(command -v gnuplot || echo none)," \
            "sudo: $(sudo -n true 2>/dev/null && echo yes || echo no)"
        cd "$1" && "scripts/$2.sh"' newcomer "$clone" "$command" >"$out/$command.txt" 2>&1 || status=$? failed=1
    echo "newcomer_run: scripts/$command.sh as student in a fresh clone: exit $status after $((SECONDS - start)) s" |
        tee -a "$out/$command.txt"
done
exit $failed
