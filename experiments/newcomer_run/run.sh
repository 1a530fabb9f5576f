#!/usr/bin/env bash
# The README's two commands as the ordinary user "student" in a fresh copy of the tree, timed;
# run as root (OUT/COMMAND.txt).  experiments/newcomer_run/run.sh [OUT] [tutorial] [test]
source "$(dirname "$0")/../driver.sh"
[ "$(id -u)" -eq 0 ] || { echo "newcomer_run: run it as root (it makes a user)" >&2; exit 2; }
id student >/dev/null 2>&1 || useradd -m -s /bin/bash student
[ $# -ge 2 ] || set -- "$out" tutorial test
failed=0
user_path=${PATH#"$build/experiments:$build:"}  # without driver.sh's built programs
for command in "${@:2}"; do
    [[ $command =~ ^(tutorial|test)$ ]] ||
        { echo "newcomer_run: tutorial or test, not '$command'" >&2; exit 2; }
    clone=/home/student/clone_$command
    rm -rf "$clone" && mkdir -p "$clone"
    tar -C "$root" --exclude='./build*' --exclude=./.git -cf - . | tar -xf - -C "$clone"
    chown -R student: "$clone"
    start=$SECONDS status=0
    # shellcheck disable=SC2016  # expanded by the user's shell
    runuser -u student -- env -i HOME=/home/student PATH="$user_path" bash -c '
        echo "as $(id -un) (uid $(id -u)), gnuplot: $(command -v gnuplot || echo none)," \
            "sudo: $(sudo -n true 2>/dev/null && echo yes || echo no)"
        cd "$1" && "scripts/$2.sh"' newcomer "$clone" "$command" >"$out/$command.txt" 2>&1 ||
        status=$? failed=1
    echo "newcomer_run: scripts/$command.sh as student in a fresh clone: exit $status" \
        "after $((SECONDS - start)) s" | tee -a "$out/$command.txt"
done
exit $failed
