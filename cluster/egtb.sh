#!/bin/sh
# The tablebase set on Slurm (docs/cluster.md §5): one job per endgame, each after the jobs of
# the endgames it needs. The arguments are `chuhan egtb plan`'s:
#
#   cluster/egtb.sh --all --dir /shared/egtb --chuhan /shared/bin/chuhan --threads 8 \
#       --sbatch "--mem=16G"
#
# prints each endgame with its job id; `squeue -n egtb-krkaabb` and the logs in DIR/logs/ show
# the progress. A job that fails leaves its dependants pending (DependencyNeverSatisfied).
set -eu
"${CHUHAN:-chuhan}" egtb plan "$@" | sh
