#!/usr/bin/env bash
# A throwaway PostgreSQL cluster on a free loopback port, for the server suite's PostgreSQL leg.
#
#   url=$(tests/support/postgres.sh start DIR)   # prints postgresql://finu:<random>@127.0.0.1:<port>/postgres
#   tests/support/postgres.sh stop DIR           # stops the cluster and deletes DIR
#   PG_DURABLE=1 tests/support/postgres.sh start DIR   # fsync on (the reliability crash tests)
#
# Uses the newest /usr/lib/postgresql/*/bin (Debian's postgresql package), or PG_BIN if set.
# initdb refuses to run as root, so as root the cluster belongs to the `postgres` user; when
# that user cannot reach DIR, the cluster lives in a fresh directory under /tmp named in DIR/cluster-home.
set -euo pipefail

usage() {
  echo "usage: $0 start DIR | stop DIR" >&2
  exit 2
}

[[ $# -eq 2 ]] || usage
command=$1
dir=$2

find_bin() {
  if [[ -n ${PG_BIN:-} ]]; then
    echo "$PG_BIN"
    return
  fi
  local found
  found=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [[ -z $found ]]; then
    echo "postgres.sh: no PostgreSQL server binaries in /usr/lib/postgresql/*/bin (apt-get install postgresql, or set PG_BIN)" >&2
    exit 1
  fi
  echo "$found"
}

is_root() { [[ $(id -u) -eq 0 ]]; }

# Runs a command as the cluster's owner: the postgres user when we are root, else ourselves.
as_owner() {
  if is_root; then
    if command -v runuser >/dev/null; then
      runuser -u postgres -- "$@"
    else
      su postgres -s /bin/sh -c "$(printf '%q ' "$@")"
    fi
  else
    "$@"
  fi
}

free_port() {
  node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

start() {
  local bin home port password
  bin=$(find_bin)
  if is_root && ! id postgres >/dev/null 2>&1; then
    echo "postgres.sh: running as root needs a 'postgres' user to own the cluster" >&2
    exit 1
  fi
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  if [[ -n $(ls -A "$dir") ]]; then
    echo "postgres.sh: $dir is not empty; give a new or empty directory" >&2
    exit 1
  fi

  home=$dir
  if is_root; then
    chown postgres "$dir"
    if ! as_owner test -w "$dir"; then
      home=$(mktemp -d "${TMPDIR:-/tmp}/finu-pg-XXXXXX")
      echo "$home" >"$dir/cluster-home"
      chown postgres "$home"
    fi
  fi
  chmod 700 "$home"

  password=$(node -e "console.log(require('crypto').randomBytes(18).toString('hex'))")
  as_owner sh -c "umask 077 && printf '%s\n' '$password' > '$home/pwfile'"
  if ! as_owner "$bin/initdb" -D "$home/data" -U finu --pwfile="$home/pwfile" --auth=scram-sha-256 --encoding=UTF8 --no-locale >"$dir/initdb.log" 2>&1; then
    cat "$dir/initdb.log" >&2
    exit 1
  fi
  rm -f "$home/pwfile"

  port=$(free_port)
  # A test cluster: TCP on loopback only (no socket path to outgrow), durability traded for speed,
  # unless PG_DURABLE=1 (the crash tests): then fsync, synchronous commit and full-page writes stay on.
  local durability="fsync = off
synchronous_commit = off
full_page_writes = off"
  [[ ${PG_DURABLE:-} == 1 ]] && durability="fsync = on
synchronous_commit = on
full_page_writes = on"
  as_owner sh -c "cat >> '$home/data/postgresql.conf'" <<EOF
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = ''
$durability
max_connections = 200
EOF
  if ! as_owner "$bin/pg_ctl" -D "$home/data" -l "$home/data/postgres.log" -w -t 60 start >/dev/null; then
    as_owner cat "$home/data/postgres.log" >&2 || true
    exit 1
  fi
  echo "postgresql://finu:$password@127.0.0.1:$port/postgres"
}

stop() {
  local bin home
  bin=$(find_bin)
  home=$dir
  [[ -f $dir/cluster-home ]] && home=$(cat "$dir/cluster-home")
  if [[ -f $home/data/postmaster.pid ]]; then
    as_owner "$bin/pg_ctl" -D "$home/data" -m fast -w stop >/dev/null || true
  fi
  rm -rf "$home" "$dir"
}

case $command in
  start) start ;;
  stop) stop ;;
  *) usage ;;
esac
