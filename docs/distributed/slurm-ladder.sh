#!/bin/bash
# An arena ladder on a Slurm cluster: each batch is a job array, one task a
# shard of the batch, then a merge job that folds the shards into the
# batch's file; the next batch's array starts once that merge has
# succeeded. See docs/ladder.md, "On many machines".
#
# From a login node, in a directory on the shared filesystem, once the
# ladder exists (arena ladder init, arena ladder add):
#
#   LADDER=$PWD/tl bash slurm-ladder.sh 10
#
# submits 10 batches (the argument, default 1): array, merge, array,
# merge, ... each waiting for the one before (--dependency=afterok).
# Submitting again after a failure is safe: a requeued task resumes its
# shard's file, and a batch is planned from the merged ledger only.
#
# Array task I plays shard I - SLURM_ARRAY_TASK_MIN + 1 of
# SLURM_ARRAY_TASK_COUNT (--shard-from-env). Keep the range whole (1-N, or
# 1-N%P), and make the ladder with --tables at least N, so that every task
# has a share of the batch.
#
#SBATCH --job-name=arena-ladder
#SBATCH --array=1-4
#SBATCH --cpus-per-task=2
#SBATCH --mem=1G
#SBATCH --time=04:00:00
#SBATCH --requeue
#SBATCH --open-mode=append
#SBATCH --output=logs/arena-ladder-%a.out
set -euo pipefail

export ARENA=${ARENA:-arena}          # the one arena binary every task runs
export LADDER=${LADDER:-$PWD/ladder}  # the ladder's folder, on the shared filesystem

if [[ ${1:-} == merge ]]; then
    # The merge job: fold the batch's shards into it, print the standings.
    exec "$ARENA" ladder merge "$LADDER"
elif [[ -n ${SLURM_ARRAY_TASK_ID:-} ]]; then
    # One array task: one shard of the next batch.
    exec "$ARENA" ladder play "$LADDER" -j "${SLURM_CPUS_PER_TASK:-1}" --shard-from-env
else
    # On the login node: submit the batches, each after the merge before it.
    script=$(realpath "$0")
    batches=${1:-1}
    mkdir -p logs
    after=()
    ids=()
    for ((i = 1; i <= batches; i++)); do
        array=$(sbatch --parsable "${after[@]}" "$script")
        array=${array%%;*}              # drop a ";cluster" suffix
        merge=$(sbatch --parsable --job-name=arena-ladder-merge --cpus-per-task=1 --mem=1G --time=00:30:00 \
            --dependency=afterok:"$array" --kill-on-invalid-dep=yes \
            --output=logs/arena-ladder-merge.out --open-mode=append \
            --wrap "exec bash $(printf %q "$script") merge")
        merge=${merge%%;*}
        ids+=("$array" "$merge")
        after=(--dependency=afterok:"$merge" --kill-on-invalid-dep=yes)
    done
    echo "ladder jobs ${ids[*]}: standings after each batch in logs/arena-ladder-merge.out"
fi
