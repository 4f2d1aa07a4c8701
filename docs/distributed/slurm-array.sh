#!/bin/bash
# arena on a Slurm cluster: one array task per shard, then a merge job that
# starts once every task has succeeded. See docs/distributed.md, "Slurm".
#
# From a login node, in a directory on the shared filesystem:
#
#   bash slurm-array.sh
#
# submits this file as the job array (the #SBATCH lines below), then the
# merge job with --dependency=afterok on the array. Resubmitting the same
# way after a failure is safe: finished shards append nothing, the others
# continue where they stopped (--resume).
#
# Array task I plays shard I - SLURM_ARRAY_TASK_MIN + 1 of
# SLURM_ARRAY_TASK_COUNT (--shard-from-env) and writes results/shard-I.jsonl.
# Keep the range whole (1-N, or 1-N%P to run P at a time): the merge below
# lists shard-{1..N}, and docs/distributed/manifests_test.go checks that
# both say the same N.
#
#SBATCH --job-name=arena-shard
#SBATCH --array=1-8
#SBATCH --cpus-per-task=4
#SBATCH --mem=1G
#SBATCH --time=04:00:00
#SBATCH --requeue
#SBATCH --open-mode=append
#SBATCH --output=logs/arena-shard-%a.out
set -euo pipefail

export ARENA=${ARENA:-arena}            # the one arena binary every task runs
export RESULTS=${RESULTS:-$PWD/results} # on the shared filesystem

if [[ ${1:-} == merge ]]; then
    # The merge job: join the shards, then print the standings.
    "$ARENA" merge "$RESULTS"/shard-{1..8}.jsonl --out "$RESULTS/all.jsonl"
    exec "$ARENA" rate "$RESULTS/all.jsonl"
elif [[ -n ${SLURM_ARRAY_TASK_ID:-} ]]; then
    # One array task: one shard. A requeued (preempted) task continues it.
    exec "$ARENA" run tron/duel --bots stupid,straight,random --games 20000 --seed 42 \
        -j "${SLURM_CPUS_PER_TASK:-1}" \
        --shard-from-env --out "$RESULTS/shard-$SLURM_ARRAY_TASK_ID.jsonl" --resume
else
    # On the login node: submit the array, then the merge.
    script=$(realpath "$0")
    mkdir -p logs "$RESULTS"
    array=$(sbatch --parsable "$script")
    array=${array%%;*}                  # drop a ";cluster" suffix
    merge=$(sbatch --parsable --job-name=arena-merge --cpus-per-task=1 --mem=1G --time=00:30:00 \
        --dependency=afterok:"$array" --kill-on-invalid-dep=yes \
        --output=logs/arena-merge.out \
        --wrap "exec bash $(printf %q "$script") merge")
    echo "array job ${array}, merge job ${merge%%;*}: standings in logs/arena-merge.out"
fi
