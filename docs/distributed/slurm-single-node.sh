#!/bin/bash
# A real Slurm cluster of one node, on this machine, for testing
# slurm-array.sh (TestSlurmArrayOnARealCluster in slurm_test.go beside
# this file; see docs/distributed.md, "Slurm"). Debian, as root.
#
#   bash slurm-single-node.sh start    # install, configure, start; wait for the node
#   bash slurm-single-node.sh status   # exit 0 if it is up and its node usable
#   bash slurm-single-node.sh stop     # stop the daemons it started
#
# start installs Debian's slurm-wlm and munge when they are missing
# (apt-get), writes /etc/slurm/slurm.conf (marked as this script's, and
# never over one that is not), creates munge's key if there is none, starts
# munged, slurmctld and slurmd directly (no systemd needed), and waits until
# sinfo shows the node usable. It is idempotent: on a cluster already up
# with the same configuration it only checks it.
#
# The node claims 8 CPUs and 4 GB whatever the machine has
# (SlurmdParameters=config_overrides), so that slurm-array.sh's
# --cpus-per-task=4 and --mem=1G schedule on a small machine: two tasks at
# once, which time-share its real cores. Processes are tracked without
# cgroups (proctrack/linuxproc), and there is no accounting database:
# `scontrol show job` keeps finished jobs for an hour (MinJobAge) instead
# of sacct.
#
# When it cannot (not root, no apt-get, no network to Debian's mirror,
# another Slurm configuration here...), it prints one line saying why and
# exits 1; the test turns that line into its skip.
set -uo pipefail

cluster=arena-single-node
conf=/etc/slurm/slurm.conf
marker="# Written by arena's docs/distributed/slurm-single-node.sh; it rewrites this file."
log=/var/log/slurm
run=/run/slurm
node=$(hostname -s)

fail() { echo "slurm-single-node: $*" >&2; exit 1; }

# up: the running controller is this script's cluster and its node usable.
# (Any user may ask; the daemons are looked for first, as the clients wait
# a while for a controller that is not there.)
up() {
    local cmd
    for cmd in sbatch squeue scancel sinfo scontrol; do command -v $cmd >/dev/null 2>&1 || return 1; done
    alive $run/slurmctld.pid && alive $run/slurmd.pid || return 1
    [[ $(timeout 20 scontrol show config 2>/dev/null | awk '$1 == "ClusterName" {print $3}') == "$cluster" ]] || return 1
    [[ $(timeout 20 sinfo -h -n "$node" -o %t 2>/dev/null) =~ ^(idle|mix|alloc|comp)$ ]]
}

# alive PIDFILE: the process of the pid file runs.
alive() { [[ -s $1 && -d /proc/$(cat "$1" 2>/dev/null) ]]; }

# pid PIDFILE: the pid of a running daemon, or nothing.
pid() { alive "$1" && cat "$1"; }

# stopped PID...: wait up to 20 s for them to end (a daemon removes its pid
# file before it has quite ended), then end them.
stopped() {
    local i p
    for i in $(seq 40); do
        for p in "$@"; do [[ -d /proc/$p ]] && break; done
        [[ -d /proc/$p ]] || return 0
        sleep 0.5
    done
    kill "$@" 2>/dev/null
    sleep 1
    for p in "$@"; do [[ ! -d /proc/$p ]] || return 1; done
}

config() {
    cat <<EOF
$marker
ClusterName=$cluster
SlurmctldHost=$node(127.0.0.1)
SlurmUser=slurm
AuthType=auth/munge
CredType=cred/munge
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MinJobAge=3600
SlurmdParameters=config_overrides
StateSaveLocation=/var/lib/slurm/slurmctld
SlurmdSpoolDir=/var/lib/slurm/slurmd
SlurmctldPidFile=$run/slurmctld.pid
SlurmdPidFile=$run/slurmd.pid
SlurmctldLogFile=$log/slurmctld.log
SlurmdLogFile=$log/slurmd.log
NodeName=$node NodeAddr=127.0.0.1 CPUs=8 RealMemory=4096 State=UNKNOWN
PartitionName=main Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
}

stop() {
    [[ $EUID == 0 ]] || fail "stop needs root"
    local daemons
    daemons=$(pid $run/slurmctld.pid; pid $run/slurmd.pid)
    if [[ -n $daemons ]]; then
        scontrol shutdown >/dev/null 2>&1
        stopped $daemons || fail "slurmctld or slurmd (pids" $daemons") did not stop"
    fi
    if [[ -e $run/munged-is-ours ]] && daemons=$(pid /run/munge/munged.pid); then
        kill $daemons
        stopped $daemons || fail "munged (pid $daemons) did not stop"
    fi
    rm -f $run/munged-is-ours
    echo "slurm-single-node: stopped"
}

install() {
    command -v apt-get >/dev/null 2>&1 || fail "no apt-get here: install slurm-wlm and munge by hand"
    local out=/tmp/slurm-single-node-apt.log
    export DEBIAN_FRONTEND=noninteractive
    # Without the lists, or with stale ones, install fails: update and retry.
    apt-get install -y -qq --no-install-recommends slurm-wlm munge >$out 2>&1 ||
        { timeout 300 apt-get update -qq >>$out 2>&1 &&
            apt-get install -y -qq --no-install-recommends slurm-wlm munge >>$out 2>&1; } ||
        fail "apt-get could not install slurm-wlm and munge (no network to the mirror?): $(grep -E '^(E|W):' $out | tail -n 1)"
}

start() {
    if up && cmp -s <(config) $conf; then
        echo "slurm-single-node: up, node $node $(sinfo -h -n "$node" -o %t)"
        return 0
    fi
    [[ $EUID == 0 ]] || fail "not root: cannot install or start Slurm (run this script as root)"
    local missing=0 cmd
    for cmd in sbatch squeue sinfo scontrol slurmctld slurmd munged; do
        command -v $cmd >/dev/null 2>&1 || PATH=$PATH:/usr/sbin:/sbin command -v $cmd >/dev/null 2>&1 || missing=1
    done
    [[ $missing == 0 ]] || install
    export PATH=$PATH:/usr/sbin:/sbin

    # The configuration: ours, or none yet.
    if [[ -e $conf ]] && ! grep -qxF "$marker" $conf; then
        fail "$conf is not this script's: not touching a configured Slurm"
    fi
    if ! cmp -s <(config) $conf; then
        if alive $run/slurmctld.pid || alive $run/slurmd.pid; then
            stop >/dev/null
        fi
        mkdir -p /etc/slurm && config >$conf || fail "cannot write $conf"
    fi
    mkdir -p $log $run /var/lib/slurm/slurmctld /var/lib/slurm/slurmd
    chown slurm:slurm $log $run /var/lib/slurm/slurmctld

    # munge: the key, then the daemon, as its own user.
    if [[ ! -s /etc/munge/munge.key ]]; then
        runuser -u munge -- mungekey --create >/dev/null 2>&1 || fail "cannot create /etc/munge/munge.key"
    fi
    mkdir -p /run/munge && chown munge:munge /run/munge
    if ! alive /run/munge/munged.pid; then
        runuser -u munge -- munged 9>&- || fail "munged did not start (see /var/log/munge/munged.log)"
        touch $run/munged-is-ours # for stop: a munged running before is left alone
    fi
    munge -n | unmunge >/dev/null 2>&1 || fail "munge does not work (see /var/log/munge/munged.log)"

    # The daemons, each in the background (they daemonize themselves).
    if ! alive $run/slurmctld.pid; then
        slurmctld 9>&- || fail "slurmctld did not start (see $log/slurmctld.log)"
    fi
    if ! alive $run/slurmd.pid; then
        slurmd 9>&- || fail "slurmd did not start (see $log/slurmd.log)"
    fi

    # Wait for the node: up to a minute; a node left down by an earlier
    # run is resumed.
    local i state
    for i in $(seq 120); do
        state=$(sinfo -h -n "$node" -o %t 2>/dev/null)
        if [[ $state =~ ^(idle|mix|alloc|comp)$ ]]; then
            echo "slurm-single-node: up, node $node $state"
            return 0
        fi
        if [[ $state =~ ^(down|drain|drng|fail) && $i -gt 10 ]]; then
            scontrol update nodename="$node" state=resume >/dev/null 2>&1
        fi
        sleep 0.5
    done
    fail "node $node is ${state:-unknown} after a minute (see $log/slurmctld.log and $log/slurmd.log)"
}

# lock: one start or stop at a time (the daemons must not inherit fd 9).
lock() {
    command -v flock >/dev/null 2>&1 || return 0
    { exec 9>>/run/lock/arena-slurm-single-node.lock; } 2>/dev/null || return 0
    flock -w 300 9 || fail "another start or stop held the lock for 5 minutes"
}

case ${1:-} in
start) lock; start ;;
stop) lock; stop ;;
status) up ;;
*) fail "usage: slurm-single-node.sh start|status|stop" ;;
esac
