# shellcheck shell=bash
# Sourced by the scripts and tests that start step 13 on this host. Open MPI 4 looks for ssh
# or rsh even to start one local process, and stops without them (a container often has
# neither); its "isolated" launcher needs neither. A setting of the user's own is kept.
if ! command -v ssh >/dev/null && ! command -v rsh >/dev/null &&
    [ -z "${OMPI_MCA_plm:-}${OMPI_MCA_plm_rsh_agent:-}" ]; then
    export OMPI_MCA_plm=isolated
fi
