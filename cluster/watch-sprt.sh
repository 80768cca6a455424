#!/bin/sh
# Merges a sharded SPRT every few minutes and cancels the job array once the test has decided
# (docs/cluster.md §6): `cluster/watch-sprt.sh JOBID /shared/runs/sprt.txt [MINUTES]`.
set -eu
job=$1
out=$2
minutes=${3:-5}
stem=${out%.*}
ext=${out##*.}
[ "$ext" = "$out" ] && ext="" || ext=".$ext"
while :; do
    report=$("${CHUHAN:-chuhan}" match merge "$stem".shard-*"$ext" 2>&1 || true)
    date -u +%H:%M:%S
    echo "$report" | grep -E '^(Score|Elo|LLR|Shards|[0-9]+ of)'
    if echo "$report" | grep -qE '^LLR: .* H[01]$'; then
        scancel "$job"
        echo "decided: job $job cancelled"
        exit 0
    fi
    squeue -h -j "$job" 2>/dev/null | grep -q . || exit 0
    sleep $((minutes * 60))
done
