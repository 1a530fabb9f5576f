# shellcheck shell=bash
# Sourced by tutorial.sh, bench.sh, test.sh and the tests that start step 13, on this host only.
# Open MPI 4 looks for ssh or rsh even to start one local process, and stops without them
# (a container often has neither); its "isolated" launcher starts processes on this host
# alone and needs neither. A setting of the user's own is left as it is.
if ! command -v ssh >/dev/null && ! command -v rsh >/dev/null &&
    [ -z "${OMPI_MCA_plm:-}${OMPI_MCA_plm_rsh_agent:-}" ]; then
    export OMPI_MCA_plm=isolated
fi
