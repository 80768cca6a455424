#!/usr/bin/env bash
# The cost of sharding (docs/cluster.md §8), measured, never asserted in a test:
#   1. a fixed-node match and a datagen run as one process and as 4 shards at once, the same
#      work with the same parallelism (4 games at a time), wall and CPU time (user + sys);
#   2. chuhan match merge over 1 to 1000 ledgers holding the same 8000 games.
# Usage: cluster/bench.sh [CHUHAN] [GAMES]   (default target/release/chuhan, 128 games)
set -euo pipefail
bin=$(realpath "${1:-target/release/chuhan}")
games=${2:-128}
dir=$(mktemp -d /tmp/chuhan-shard-bench.XXXXXX)
trap 'rm -rf "$dir"' EXIT
cd "$dir"
TIMEFORMAT='%R %U %S'
# Wall, then CPU (user + sys, the children's included), in seconds.
measure() {
    local t
    t=$( { time "$@" >/dev/null 2>&1; } 2>&1 )
    awk -v t="$t" 'BEGIN { split(t, a, " "); printf "wall %6.2f s  cpu %6.2f s", a[1], a[2] + a[3] }'
}
match=(match --engine "$bin" --engine "$bin" --nodes 2000 --games "$games")
shards() { # command... : 4 shards at once
    for i in 0 1 2 3; do "$@" --shard "$i/4" & done
    wait
}
echo "match, $games games at 2000 nodes, 4 at a time:"
echo "  one process (--concurrency 4): $(measure "$bin" "${match[@]}" --concurrency 4 --out one.txt)"
echo "  4 shards (--concurrency 1):    $(measure shards "$bin" "${match[@]}" --out m.txt)"
echo "  merge of the 4:                $(measure "$bin" match merge m.shard-*.txt)"
d1=$("$bin" match merge one.txt | grep digest)
d4=$("$bin" match merge m.shard-*.txt | grep digest)
[ "$d1" = "$d4" ] && echo "  same games: $d4" || echo "  DIFFERENT games: $d1 / $d4"

dg=(datagen --games 32 --nodes 2000)
echo "datagen, 32 games at 2000 nodes, 4 at a time:"
echo "  one process (--threads 4):     $(measure "$bin" "${dg[@]}" --threads 4 --out one.bin)"
echo "  4 shards (--threads 1):        $(measure shards "$bin" "${dg[@]}" --threads 1 --out d.bin)"
cat d.shard-*-of-4.bin | cmp -s - one.bin && echo "  same bytes" || echo "  DIFFERENT bytes"

# Ledgers of N shards holding the same 8000 games, made from the games just played (each
# game line given the index of a game of its shard): the merge reads, checks and pools them.
echo "merge of 8000 games in N ledgers:"
header=$(grep -v '^game ' one.txt | grep -v '^shard ' | sed 's/^games .*/games 8000/')
mapfile -t lines < <(grep '^game ' one.txt | cut -d' ' -f3-)
for n in 1 10 100 1000 4000; do
    rm -rf "n$n" && mkdir "n$n"
    awk -v n="$n" -v header="$header" -v count="${#lines[@]}" -v dir="n$n" '
        NR == FNR { line[FNR - 1] = $0; next }
        END {
            width = length(n - 1 "")
            for (s = 0; s < n; s++) {
                file = sprintf("%s/m.shard-%0*d-of-%d.txt", dir, width, s, n)
                split(header, h, "\n")
                print h[1] > file
                print "shard " s "/" n > file
                for (k = 2; k in h; k++) print h[k] > file
                for (g = 0; g < 8000; g++)
                    if (int(g / 2) % n == s) print "game " g " " line[g % count] > file
                close(file)
            }
        }' <(printf '%s\n' "${lines[@]}") /dev/null
    files=$(ls "n$n" | wc -l)
    bytes=$(cat "n$n"/* | wc -c)
    echo "  N = $n ($files files, $((bytes / 1024)) KiB): $(measure "$bin" match merge "n$n"/m.shard-*.txt)"
    "$bin" match merge "n$n"/m.shard-*.txt | grep -E '^(8000 of|Shards)' | tr '\n' ' ' | sed 's/^/    /'
    echo
done
