#!/usr/bin/env bash
# A pg_auto_failover formation on loopback for the failover spec and benchmark: a monitor, a primary
# and a synchronous standby, each a PostgreSQL 15 in DIR, run as the postgres user.
#
#   pg-failover.sh start DIR PORT    monitor on PORT, nodes on PORT+1 and PORT+2; prints the
#                                    multi-host DATABASE_URL once both nodes are primary and secondary
#   pg-failover.sh failover DIR      planned failover (pg_autoctl perform failover); returns once stable
#   pg-failover.sh kill DIR          kill -9 of the primary's postmaster; returns once a primary answers
#                                    and the formation is settled
#   pg-failover.sh wait DIR          until a primary and a secondary are reported again
#   pg-failover.sh primary DIR       prints the data folder of the node that is the primary
#   pg-failover.sh stop DIR          stops everything and removes DIR
#
# pg_autoctl keeps its state in the XDG folders: they live in DIR too, so a re-created formation
# never meets the state of an earlier one ("Unknown PostgreSQL system identifier").
set -euo pipefail
PGBIN=/usr/lib/postgresql/15/bin
command=$1
DIR=$(realpath -m "$2")

as_pg() {
  local env=(env "PATH=$PGBIN:$PATH" "XDG_CONFIG_HOME=$DIR/xdg/config" "XDG_DATA_HOME=$DIR/xdg/data" "XDG_RUNTIME_DIR=$DIR/xdg/run")
  if [ "$(id -un)" = postgres ]; then "${env[@]}" "$@"; else runuser -u postgres -- "${env[@]}" "$@"; fi
}

# "primary secondary" once the monitor reports both nodes settled in those states.
states() {
  as_pg pg_autoctl show state --pgdata "$DIR/monitor" --json 2>/dev/null |
    node -e 'let t="";process.stdin.on("data",d=>t+=d).on("end",()=>{try{const n=JSON.parse(t);console.log(n.filter(x=>x.current_group_state===x.assigned_group_state).map(x=>x.current_group_state).sort().join(" "))}catch{console.log("")}})'
}

wait_stable() {
  for _ in $(seq 1 300); do
    [ "$(states)" = "primary secondary" ] && return 0
    sleep 0.5
  done
  echo "the formation did not settle: $(states)" >&2
  return 1
}

# The data folder of the node whose PostgreSQL is not in recovery.
primary_dir() {
  for n in 1 2; do
    local port
    port=$(sed -n 's/^port *= *//p' "$DIR/node$n/postgresql.conf" | head -1 | tr -d "'")
    port=${port:-$(cat "$DIR/node$n.port")}
    if [ "$("$PGBIN/psql" -h 127.0.0.1 -p "$port" -U postgres -d postgres -XtAc 'select pg_is_in_recovery()' 2>/dev/null)" = f ]; then
      echo "$DIR/node$n"
      return 0
    fi
  done
  return 1
}

case $command in
  start)
    PORT=$3
    mkdir -p "$DIR/xdg/config" "$DIR/xdg/data" "$DIR/xdg/run"
    chown -R postgres "$DIR"
    # The keepers restart PostgreSQL from their working folder: one that outlives the caller's.
    cd "$DIR"
    MON="postgres://autoctl_node@127.0.0.1:$PORT/pg_auto_failover?sslmode=disable"
    as_pg pg_autoctl create monitor --pgdata "$DIR/monitor" --pgport "$PORT" --hostname 127.0.0.1 --listen 127.0.0.1 \
      --auth trust --no-ssl --run >"$DIR/monitor.log" 2>&1 &
    for _ in $(seq 1 120); do "$PGBIN/pg_isready" -q -h 127.0.0.1 -p "$PORT" && break; sleep 0.5; done
    # One node after the other: the first becomes the primary, the second its synchronous standby.
    for n in 1 2; do
      echo $((PORT + n)) >"$DIR/node$n.port"
      as_pg pg_autoctl create postgres --pgdata "$DIR/node$n" --pgport $((PORT + n)) --hostname 127.0.0.1 --listen 127.0.0.1 \
        --auth trust --no-ssl --monitor "$MON" --name "node$n" --run >"$DIR/node$n.log" 2>&1 &
      sleep 2
    done
    wait_stable
    echo "postgres://postgres@127.0.0.1:$((PORT + 1)),127.0.0.1:$((PORT + 2))/postgres?target_session_attrs=read-write"
    ;;
  failover)
    as_pg pg_autoctl perform failover --pgdata "$DIR/monitor" >>"$DIR/failover.log" 2>&1
    wait_stable
    ;;
  kill)
    pid=$(head -1 "$(primary_dir)/postmaster.pid")
    kill -9 "$pid"
    # The monitor still reports the old states for a moment: wait for a primary to answer first.
    for _ in $(seq 1 240); do sleep 0.5; primary_dir >/dev/null && break; done
    wait_stable
    ;;
  wait)
    wait_stable
    ;;
  primary)
    primary_dir
    ;;
  stop)
    for d in node2 node1 monitor; do
      [ -d "$DIR/$d" ] && as_pg pg_autoctl stop --pgdata "$DIR/$d" >/dev/null 2>&1 || true
    done
    # What did not stop cleanly (a keeper that lost its monitor) is ended by its pid file.
    sleep 1
    for f in "$DIR"/*/postmaster.pid $(find "$DIR/xdg/run" -name '*.pid' 2>/dev/null); do
      [ -f "$f" ] && kill -9 "$(head -1 "$f")" 2>/dev/null || true
    done
    cd /
    rm -rf "$DIR"
    ;;
  *)
    echo "usage: pg-failover.sh start|failover|kill|wait|primary|stop DIR [PORT]" >&2
    exit 2
    ;;
esac
