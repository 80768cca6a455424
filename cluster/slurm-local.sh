#!/bin/sh
# A single-node Slurm for trying the recipes and for the cluster test (docs/cluster.md §7):
# Debian's slurm-wlm and munge, one node with this machine's cores, no accounting database.
# Run as root: `cluster/slurm-local.sh start` (installs the packages if missing), `... stop`.
set -eu
conf=/etc/slurm/slurm.conf
case "${1:-start}" in
start)
    if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q slurm-wlm munge >/dev/null
    fi
    # munge signs the daemons' messages: one key, readable by munge only.
    if [ ! -s /etc/munge/munge.key ]; then
        dd if=/dev/urandom of=/etc/munge/munge.key bs=1024 count=1 2>/dev/null
    fi
    chown munge:munge /etc/munge/munge.key && chmod 400 /etc/munge/munge.key
    mkdir -p /run/munge /var/spool/slurmctld /var/spool/slurmd /var/log/slurm
    chown munge:munge /run/munge
    pgrep -x munged >/dev/null || runuser -u munge -- munged
    host=$(hostname -s)
    cpus=${SLURM_LOCAL_CPUS:-$(nproc)}
    cat >"$conf" <<CONF
ClusterName=chuhan
SlurmctldHost=$host
SlurmUser=root
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
ReturnToService=2
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
StateSaveLocation=/var/spool/slurmctld
SlurmdSpoolDir=/var/spool/slurmd
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
JobCompType=jobcomp/none
MaxArraySize=100001
MinJobAge=3600
NodeName=$host CPUs=$cpus State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
    pgrep -x slurmctld >/dev/null || slurmctld
    pgrep -x slurmd >/dev/null || slurmd
    # Ready when the node takes jobs.
    for _ in $(seq 1 30); do
        if sinfo -h -o %t 2>/dev/null | grep -qE '^(idle|mix|alloc)'; then
            sinfo
            exit 0
        fi
        sleep 1
    done
    echo "slurm-local: the node did not come up; see /var/log/slurm/" >&2
    exit 1
    ;;
stop)
    # By the pid files the daemons write, so nothing else of the name is touched.
    for pidfile in /run/slurmd.pid /run/slurmctld.pid /run/munge/munged.pid; do
        if [ -s "$pidfile" ]; then
            kill "$(cat "$pidfile")" 2>/dev/null || true
        fi
    done
    exit 0
    ;;
*)
    echo "usage: $0 start|stop" >&2
    exit 2
    ;;
esac
