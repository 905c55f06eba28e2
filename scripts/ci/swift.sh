#!/usr/bin/env bash
# OpenStack Swift with its S3 API (s3api) on loopback, in a folder of its own: what the file-store
# tests of .ci/run use as real S3-compatible object storage (docs/development.md, "Files in object
# storage").
#
#   scripts/ci/swift.sh install        apt-get install Debian's swift-proxy, -object, -container,
#                                        -account and memcached
#   scripts/ci/swift.sh start DIR PORT  start it (state and logs in DIR, the S3 endpoint on
#                                        127.0.0.1:PORT, the storage servers on PORT+1..PORT+3,
#                                        memcached on PORT+4);
#                                        returns once it answers; prints the S3_* variables to use
#   scripts/ci/swift.sh stop DIR        stop what `start DIR` started and remove DIR
#
# One replica on one device: a test store. The S3 credentials are tempauth's user test:tester,
# secret "testing". Nothing is read from or written to /etc/swift: swift.conf is read from swift_dir.
set -euo pipefail

install() {
  [ -x /usr/bin/swift-proxy-server ] && return 0
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends swift-proxy swift-object swift-container swift-account memcached >/dev/null
}

listening() { (: <"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

start() {
  local dir=$1 port=$2
  mkdir -p "$dir/etc" "$dir/srv/node/sdb1" "$dir/run"
  printf '[swift-hash]\nswift_hash_path_suffix = %s\nswift_hash_path_prefix = %s\n[storage-policy:0]\nname = Policy-0\ndefault = yes\n' \
    "$(openssl rand -hex 12)" "$(openssl rand -hex 12)" >"$dir/etc/swift.conf"
  local name offset
  for entry in object:1 container:2 account:3; do
    name=${entry%%:*} offset=${entry##*:}
    # 2^8 partitions, 1 replica, no minimum hours between moves: a one-device test ring.
    swift-ring-builder "$dir/etc/$name.builder" create 8 1 0 >/dev/null
    swift-ring-builder "$dir/etc/$name.builder" add "r1z1-127.0.0.1:$((port + offset))/sdb1" 1 >/dev/null
    swift-ring-builder "$dir/etc/$name.builder" rebalance >/dev/null
    cat >"$dir/etc/$name-server.conf" <<EOF
[DEFAULT]
bind_ip = 127.0.0.1
bind_port = $((port + offset))
workers = 1
user = swift
swift_dir = $dir/etc
devices = $dir/srv/node
mount_check = false
log_name = $name-server
[pipeline:main]
pipeline = $name-server
[app:$name-server]
use = egg:swift#$name
EOF
  done
  # slo: s3api serves S3 multipart uploads with Swift's static large objects (without it: "requires
  # SLO middleware to support multi-part upload"). account_autocreate: tempauth's account comes
  # into being on first use. cache: tempauth refuses every request without a memcache
  # ("Memcache required"), S3 ones included.
  cat >"$dir/etc/proxy-server.conf" <<EOF
[DEFAULT]
bind_ip = 127.0.0.1
bind_port = $port
workers = 1
user = swift
swift_dir = $dir/etc
log_name = proxy-server
[pipeline:main]
pipeline = catch_errors gatekeeper healthcheck proxy-logging cache listing_formats s3api tempauth copy slo dlo proxy-logging proxy-server
[app:proxy-server]
use = egg:swift#proxy
account_autocreate = true
[filter:s3api]
use = egg:swift#s3api
location = us-east-1
[filter:tempauth]
use = egg:swift#tempauth
user_test_tester = testing .admin
[filter:catch_errors]
use = egg:swift#catch_errors
[filter:gatekeeper]
use = egg:swift#gatekeeper
[filter:healthcheck]
use = egg:swift#healthcheck
[filter:proxy-logging]
use = egg:swift#proxy_logging
[filter:cache]
use = egg:swift#memcache
memcache_servers = 127.0.0.1:$((port + 4))
[filter:listing_formats]
use = egg:swift#listing_formats
[filter:copy]
use = egg:swift#copy
[filter:slo]
use = egg:swift#slo
[filter:dlo]
use = egg:swift#dlo
EOF
  chown -R swift:swift "$dir"
  setsid memcached -l 127.0.0.1 -p $((port + 4)) -U 0 -m 16 -u swift >"$dir/memcached.log" 2>&1 &
  echo $! >"$dir/run/memcached.pid"
  for name in object container account proxy; do
    setsid swift-$name-server "$dir/etc/$name-server.conf" -v >"$dir/$name.log" 2>&1 &
    echo $! >"$dir/run/$name.pid"
  done
  for _ in $(seq 1 240); do
    # Up when the proxy answers and the storage servers listen.
    if curl -sf "http://127.0.0.1:$port/healthcheck" >/dev/null && listening $((port + 1)) && listening $((port + 2)) && listening $((port + 3)) && listening $((port + 4)); then
      printf 'S3_ENDPOINT=http://127.0.0.1:%s\nS3_REGION=us-east-1\nS3_ACCESS_KEY_ID=test:tester\nS3_SECRET_ACCESS_KEY=testing\nS3_FORCE_PATH_STYLE=true\n' "$port"
      return 0
    fi
    sleep 0.5
  done
  echo "swift did not start on 127.0.0.1:$port; its logs:" >&2
  tail -n 20 "$dir"/*.log >&2
  return 1
}

stop() {
  local dir=$1 pid
  for file in "$dir"/run/*.pid; do
    [ -e "$file" ] || continue
    pid=$(cat "$file")
    # setsid made each server the leader of its own process group: end the group (its workers too).
    kill -TERM -- "-$pid" 2>/dev/null || true
  done
  for file in "$dir"/run/*.pid; do
    [ -e "$file" ] || continue
    pid=$(cat "$file")
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  done
  rm -rf "$dir"
}

case "${1:-}" in
  install) install ;;
  start) start "$2" "$3" ;;
  stop) stop "$2" ;;
  *)
    echo "usage: $0 install | start DIR PORT | stop DIR" >&2
    exit 2
    ;;
esac
