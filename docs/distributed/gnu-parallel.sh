#!/bin/bash
# arena shards as plain processes under GNU parallel, then the merge.
# See docs/distributed.md, "GNU parallel".
#
#   bash gnu-parallel.sh
#
# Plays shards 1..8, 2 at a time with 2 workers each (-j 2): 4 cores busy.
# Run it again after a crash or a Ctrl-C: --joblog/--resume-failed start
# the shards that did not finish, and arena's --resume continues each from
# its last record. The shard list (::: {1..N}), --shard {}/N and the
# merge's shard-{1..N} must agree; docs/distributed/manifests_test.go checks
# them. Without GNU parallel, the xargs line at the end does the same.
set -euo pipefail

ARENA=${ARENA:-arena}
RESULTS=${RESULTS:-results}
mkdir -p "$RESULTS"

parallel --jobs 2 --joblog "$RESULTS/joblog" --resume-failed \
    "$ARENA" run tron/duel --bots stupid,straight,random --games 20000 --seed 42 -j 2 \
    --shard {}/8 --out "$RESULTS/shard-{}.jsonl" --resume \
    ::: {1..8}

# The same with xargs instead of parallel (no job log: rerun it whole):
#   seq 1 8 | xargs -P 2 -I{} "$ARENA" run tron/duel --bots stupid,straight,random \
#       --games 20000 --seed 42 -j 2 --shard {}/8 --out "$RESULTS/shard-{}.jsonl" --resume

"$ARENA" merge "$RESULTS"/shard-{1..8}.jsonl --out "$RESULTS/all.jsonl"
"$ARENA" rate "$RESULTS/all.jsonl"
