#!/usr/bin/env bash
# Several `schach serve` nodes on one throw-away PostgreSQL 15 behind haproxy, all on loopback
# ports of this machine (make cluster / make cluster-stop; docs/cluster.md).
#
#   scripts/cluster.sh start           start it all (or print the address of the one running)
#   scripts/cluster.sh stop            stop it all and remove the database's temporary directory
#   scripts/cluster.sh status          what runs (exit code 1 when not all of it)
#   scripts/cluster.sh node-start NAME start a node again with its first command line and port
#                                      (after a kill; schach-chaos uses it)
#
# Environment:
#   NODES        how many nodes (3); they are named n1, n2, ...
#   CLUSTER_DIR  the state and the logs (build/cluster): url, pg-url, <node>.pid, postgres.pid,
#                haproxy.pid (haproxy2.pid ... with PROXIES), haproxy.cfg, <node>.log, postgres.log,
#                haproxy.log (haproxy2.log ...)
#   SCHACH_BIN   the program (build/release/schach)
#   NODE_ARGS    more options for every node (e.g. "--engine-threads 1 --no-auto-analysis")
#   NODE_OPTION  auto|yes|no: whether the nodes get `--node NAME` (auto: when the program knows it)
#   SCHACH_PG_BINDIR  PostgreSQL 15's initdb and postgres (/usr/lib/postgresql/15/bin)
#   HAPROXY      the haproxy program (haproxy on the PATH, /usr/sbin/haproxy)
#   PROXIES      haproxy processes on the one port (1): each binds it with SO_REUSEPORT and the
#                kernel spreads the connections over them, for more players than one process may
#                hold files (every player's socket is two files in haproxy; make load-cluster)
#
# The database's files live in a fresh directory under /tmp (as root, PostgreSQL runs as the
# `postgres` user: initdb refuses root, and that user cannot reach /root or /work). The server runs
# with fsync on. Every process runs in a session of its own with its output in CLUSTER_DIR, so a
# caller's terminal or pipes never wait for them; `stop` ends them by the pids in CLUSTER_DIR.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
NODES=${NODES:-3}
DIR=${CLUSTER_DIR:-$ROOT/build/cluster}
SCHACH=${SCHACH_BIN:-$ROOT/build/release/schach}
NODE_ARGS=${NODE_ARGS:-}
NODE_OPTION=${NODE_OPTION:-auto}
PG_BINDIR=${SCHACH_PG_BINDIR:-/usr/lib/postgresql/15/bin}
HAPROXY=${HAPROXY:-$(command -v haproxy || echo /usr/sbin/haproxy)}

say() { printf 'cluster: %s\n' "$*"; }
fail() {
    printf 'cluster: error: %s\n' "$*" >&2
    exit 1
}

# ---- pieces ------------------------------------------------------------------------------------

# Every socket is a file: a player's is one on its node and two in haproxy (its side and the
# node's). The open files of this shell, which the nodes and haproxy inherit, up to the hard
# limit, and past it up to 65536 where the system lets us (root with CAP_SYS_RESOURCE); haproxy's
# maxconn follows (below). Where the limit stays lower, PROXIES shares the players out.
raise_file_limit() {
    local hard
    hard=$(ulimit -Hn)
    if [ "$(id -u)" = 0 ] && [ "$hard" != unlimited ] && [ "$hard" -lt 65536 ]; then
        ulimit -n 65536 2>/dev/null || true
    fi
    ulimit -Sn "$(ulimit -Hn)" 2>/dev/null || true
}

alive() { [ -n "${1:-}" ] && kill -0 "$1" 2>/dev/null; }
pid_of() { cat "$DIR/$1.pid" 2>/dev/null || true; }

# The names of the proxy's processes (pid files): haproxy, haproxy2, ... (from the state, else PROXIES).
proxy_names() {
    local n
    n=$(cat "$DIR/proxies" 2>/dev/null || echo "${PROXIES:-1}")
    echo haproxy
    [ "$n" -le 1 ] || seq 2 "$n" | sed 's/^/haproxy/'
}

# The node names of the running cluster (from its state), else of NODES.
node_names() {
    if [ -f "$DIR/nodes" ]; then
        cut -d' ' -f1 "$DIR/nodes"
    else
        seq 1 "$NODES" | sed 's/^/n/'
    fi
}

# A loopback port no socket uses now (listening or connected), not handed out before in this run,
# below the kernel's range of ports for outgoing connections (so none of those takes it before
# our program binds it).
TAKEN=" "
free_port() {
    local low=32768 port
    read -r low _ </proc/sys/net/ipv4/ip_local_port_range 2>/dev/null || true
    [ "$low" -gt 11000 ] || low=61000  # an unusual range: above it instead
    for _ in $(seq 1 200); do
        if [ "$low" = 61000 ]; then port=$((61000 + RANDOM % 4000)); else port=$((10000 + RANDOM % (low - 10000))); fi
        case "$TAKEN" in *" $port "*) continue ;; esac
        if command -v ss >/dev/null; then
            [ -z "$(ss -Htan "sport = :$port" 2>/dev/null)" ] || continue
        elif (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
            continue
        fi
        TAKEN="$TAKEN$port "
        echo "$port"
        return 0
    done
    fail "no free loopback port found"
}

# Runs a PostgreSQL program as the user that may run it: `postgres` when we are root.
as_pg() {
    if [ "$(id -u)" = 0 ]; then
        setpriv --reuid=postgres --regid=postgres --clear-groups -- "$@"
    else
        "$@"
    fi
}

check_programs() {
    [ -x "$SCHACH" ] || fail "$SCHACH is missing: build it first (make build)"
    for p in initdb postgres pg_isready createdb; do
        [ -x "$PG_BINDIR/$p" ] ||
            fail "$PG_BINDIR/$p is missing: install the Debian package postgresql-15 (scripts/install-deps.sh) or name the directory of PostgreSQL 15's programs in SCHACH_PG_BINDIR"
    done
    [ -x "$HAPROXY" ] || fail "haproxy is missing: install the Debian package haproxy (scripts/install-deps.sh)"
    command -v curl >/dev/null || fail "curl is missing: install the Debian package curl"
    if [ "$(id -u)" = 0 ]; then
        id postgres >/dev/null 2>&1 || fail "running as root, and there is no user postgres to run PostgreSQL as (the Debian package postgresql-15 makes it)"
    fi
}

# Waits up to $2 seconds for the command $3... to succeed; false when it did not.
wait_for() {
    local what=$1 limit=$2
    shift 2
    local end=$((SECONDS + limit))
    until "$@" >/dev/null 2>&1; do
        [ "$SECONDS" -lt "$end" ] || {
            say "$what did not come up within $limit s"
            return 1
        }
        sleep 0.2
    done
}

# Whether the node's log says it listens (its first line with http://).
node_listening() { grep -q 'http://' "$DIR/$1.log" 2>/dev/null; }

# Starts node $1 from its saved command line ($DIR/$1.cmd) and waits until it listens.
start_node() {
    local name=$1
    [ -f "$DIR/$name.cmd" ] || fail "no node $name in $DIR (start the cluster first)"
    if alive "$(pid_of "$name")"; then
        say "$name runs already (pid $(pid_of "$name"))"
        return 0
    fi
    # shellcheck disable=SC1090
    source "$DIR/$name.cmd"  # sets CMD=(...)
    printf '\n--- start %s\n' "$(date -u +%FT%TZ)" >>"$DIR/$name.log"
    setsid "${CMD[@]}" >>"$DIR/$name.log" 2>&1 </dev/null &
    echo $! >"$DIR/$name.pid"
}

wait_node() {
    local name=$1 pid
    pid=$(pid_of "$name")
    local end=$((SECONDS + 30))
    until tail -n +"$(grep -n '^--- start' "$DIR/$name.log" | tail -1 | cut -d: -f1)" "$DIR/$name.log" | grep -q 'http://'; do
        if ! alive "$pid"; then
            tail -20 "$DIR/$name.log" >&2
            fail "node $name exited at its start (log: $DIR/$name.log)"
        fi
        [ "$SECONDS" -lt "$end" ] || fail "node $name did not listen within 30 s (log: $DIR/$name.log)"
        sleep 0.1
    done
}

haproxy_config() {
    local proxy_port=$1
    cat <<EOF
# Generated by scripts/cluster.sh: the nodes of this machine's throw-away cluster.
global
    log stdout format raw local0 info
    # Two descriptors a proxied connection, within this shell's limit (raise_file_limit).
    maxconn $(( ($(ulimit -n) - 100) / 2 ))

defaults
    mode http
    log global
    option httplog
    option forwardfor
    option redispatch 1
    retries 2
    timeout connect 1s
    timeout client 60s
    timeout server 60s
    timeout http-request 10s
    timeout http-keep-alive 10s
    timeout tunnel 1h
    timeout client-fin 5s
    timeout check 1s

frontend schach
    bind 127.0.0.1:$proxy_port
    default_backend nodes

backend nodes
    # A game's requests (/api/v1/games/{id}... and /ws/v1/games/{id}) go to the node its id
    # hashes to: the path's prefix cut off, then all from the next slash (a converter's arguments
    # cannot hold parentheses: no capture group). A browser's other requests (a new game, its
    # list of games, the trainer, its mistakes) go by its browser id (the cookie b) to one node,
    # whose in-memory state of that browser then stays one; without either, round robin.
    http-request set-var(txn.key) req.cook(b)
    http-request set-var(txn.key) path,regsub(^/api/v1/games/,),regsub(^/ws/v1/games/,),regsub(/.*\$,) if { path_beg /api/v1/games/ /ws/v1/games/ }
    balance hash var(txn.key)
    hash-type consistent
    option httpchk GET /healthz
    http-check send hdr Host 127.0.0.1
    http-check expect status 200
    default-server check inter 500 fall 2 rise 2 on-marked-down shutdown-sessions
EOF
    while read -r name port; do
        printf '    use-server %s if { urlp(node) -m str %s }\n' "$name" "$name"
    done <"$DIR/nodes"
    while read -r name port; do
        printf '    server %s 127.0.0.1:%s\n' "$name" "$port"
    done <"$DIR/nodes"
}

# ---- commands ----------------------------------------------------------------------------------

status() {
    local ok=0 name
    for name in postgres $(node_names) $(proxy_names); do
        if alive "$(pid_of "$name")"; then
            say "$name runs (pid $(pid_of "$name"))"
        else
            say "$name does not run"
            ok=1
        fi
    done
    [ -f "$DIR/url" ] && say "address: $(cat "$DIR/url")"
    return $ok
}

# Ends the process of pid file $1: SIGTERM (SIGCONT too, in case it was stopped), SIGKILL after
# $2 seconds.
end_process() {
    local name=$1 limit=$2 pid
    pid=$(pid_of "$name")
    if alive "$pid"; then
        kill -TERM "$pid" 2>/dev/null || true
        kill -CONT "$pid" 2>/dev/null || true
        local end=$((SECONDS + limit))
        while alive "$pid" && [ "$SECONDS" -lt "$end" ]; do sleep 0.1; done
        if alive "$pid"; then
            say "$name (pid $pid) did not stop within $limit s: killed"
            kill -KILL "$pid" 2>/dev/null || true
        fi
    fi
    rm -f "$DIR/$name.pid"
}

stop() {
    [ -d "$DIR" ] || return 0
    local name pid data
    for name in $(proxy_names); do end_process "$name" 5; done
    local enders=()
    for name in $(node_names); do
        end_process "$name" 15 &
        enders+=($!)
    done
    [ ${#enders[@]} -eq 0 ] || wait "${enders[@]}"
    # PostgreSQL: a fast shutdown (SIGINT), then its whole process group.
    pid=$(pid_of postgres)
    if alive "$pid"; then
        kill -INT "$pid" 2>/dev/null || true
        local end=$((SECONDS + 15))
        while alive "$pid" && [ "$SECONDS" -lt "$end" ]; do sleep 0.1; done
        kill -KILL -- "-$pid" 2>/dev/null || kill -KILL "$pid" 2>/dev/null || true
    fi
    rm -f "$DIR/postgres.pid"
    data=$(cat "$DIR/datadir" 2>/dev/null || true)
    case "$data" in
    /tmp/schach-cluster-*) rm -rf "$data" ;;
    esac
    rm -f "$DIR/datadir" "$DIR/url" "$DIR/pg-url" "$DIR/nodes" "$DIR/proxies" "$DIR"/*.cmd
    say "stopped (logs in $DIR)"
}

# The start's exit trap: what started of a start that failed is stopped again.
start_failed() {
    local rc=$?
    if [ "$rc" -ne 0 ]; then
        say "start failed: stopping what started"
        stop >/dev/null
    fi
}

start() {
    check_programs
    [[ "$NODES" =~ ^[1-9][0-9]?$ ]] || fail "NODES must be a number from 1 to 99, not '$NODES'"
    [[ "${PROXIES:-1}" =~ ^[1-9]$ ]] || fail "PROXIES must be a number from 1 to 9, not '${PROXIES:-}'"
    if [ -f "$DIR/url" ] && status >/dev/null 2>&1; then
        say "runs already at $(cat "$DIR/url")"
        cat "$DIR/url"
        return 0
    fi
    stop >/dev/null  # what is left of an earlier one
    mkdir -p "$DIR"
    trap start_failed EXIT

    # The database.
    local data pg_port
    data=$(mktemp -d /tmp/schach-cluster-XXXXXX)
    echo "$data" >"$DIR/datadir"
    [ "$(id -u)" = 0 ] && chown postgres:postgres "$data"
    pg_port=$(free_port)
    as_pg "$PG_BINDIR/initdb" -D "$data/pg" -U schach -A trust -E UTF8 --locale=C --no-sync --no-instructions \
        >"$DIR/postgres.log" 2>&1 || {
        cat "$DIR/postgres.log" >&2
        fail "initdb failed"
    }
    local pg=("$PG_BINDIR/postgres" -D "$data/pg" -p "$pg_port" -k "$data" -c listen_addresses=127.0.0.1
        -c fsync=on -c synchronous_commit=on -c max_connections=300 -c shared_buffers=64MB)
    # setsid and setpriv exec what follows: the pid stays the postmaster's.
    [ "$(id -u)" = 0 ] && pg=(setpriv --reuid=postgres --regid=postgres --clear-groups -- "${pg[@]}")
    setsid "${pg[@]}" >>"$DIR/postgres.log" 2>&1 </dev/null &
    local starter=$!
    echo "$starter" >"$DIR/postgres.pid"
    wait_for "PostgreSQL" 60 "$PG_BINDIR/pg_isready" -q -h 127.0.0.1 -p "$pg_port" || {
        tail -20 "$DIR/postgres.log" >&2
        fail "PostgreSQL did not start (log: $DIR/postgres.log)"
    }
    "$PG_BINDIR/createdb" -h 127.0.0.1 -p "$pg_port" -U schach schach
    echo "postgresql://schach@127.0.0.1:$pg_port/schach" >"$DIR/pg-url"

    # The nodes.
    local node_flag=no
    case "$NODE_OPTION" in
    yes) node_flag=yes ;;
    no) ;;
    auto) "$SCHACH" serve --help 2>/dev/null | grep -q -- '--node' && node_flag=yes ;;
    *) fail "NODE_OPTION must be auto, yes or no, not '$NODE_OPTION'" ;;
    esac
    local static="$ROOT/web/dist"
    if [ ! -f "$static/index.html" ]; then
        static="$DIR/static"
        mkdir -p "$static"
        echo '<!doctype html><title>schach cluster</title><p>No page built (make web).' >"$static/index.html"
    fi
    : >"$DIR/nodes"
    local i name port
    for i in $(seq 1 "$NODES"); do
        name=n$i
        port=$(free_port)
        echo "$name $port" >>"$DIR/nodes"
        local cmd=("$SCHACH" serve --store "postgresql://schach@127.0.0.1:$pg_port/schach?application_name=schach-$name"
            --host 127.0.0.1 --port "$port" --trusted-proxy 127.0.0.1 --static "$static" --lang en)
        [ "$node_flag" = yes ] && cmd+=(--node "$name")
        # shellcheck disable=SC2206
        [ -n "$NODE_ARGS" ] && cmd+=($NODE_ARGS)
        printf 'CMD=(%s)\n' "$(printf '%q ' "${cmd[@]}")" >"$DIR/$name.cmd"
        : >"$DIR/$name.log"
        start_node "$name"
    done
    for name in $(node_names); do wait_node "$name"; done

    # The proxy: PROXIES processes on one port (haproxy binds with SO_REUSEPORT).
    local proxy_port
    proxy_port=$(free_port)
    haproxy_config "$proxy_port" >"$DIR/haproxy.cfg"
    "$HAPROXY" -c -q -f "$DIR/haproxy.cfg" || fail "haproxy refuses $DIR/haproxy.cfg"
    echo "${PROXIES:-1}" >"$DIR/proxies"
    for name in $(proxy_names); do
        setsid "$HAPROXY" -db -f "$DIR/haproxy.cfg" >"$DIR/$name.log" 2>&1 </dev/null &
        echo $! >"$DIR/$name.pid"
    done
    local url="http://127.0.0.1:$proxy_port"
    wait_for "haproxy" 30 curl -fsS -o /dev/null "$url/healthz" || {
        tail -20 "$DIR/haproxy.log" >&2
        fail "no node answers through haproxy (log: $DIR/haproxy.log)"
    }
    echo "$url" >"$DIR/url"
    trap - EXIT
    say "PostgreSQL at $(cat "$DIR/pg-url"), $NODES nodes ($(tr '\n' ' ' <"$DIR/nodes" | sed 's/ $//')), logs in $DIR"
    [ "$node_flag" = yes ] || say "(this schach serve has no --node yet: the nodes run without it)"
    say "open $url"
    echo "$url"
}

raise_file_limit
case "${1:-}" in
start) start ;;
stop) stop ;;
status) status ;;
node-start)
    [ -n "${2:-}" ] || fail "usage: scripts/cluster.sh node-start NAME"
    start_node "$2"
    wait_node "$2"
    say "$2 runs (pid $(pid_of "$2"))"
    ;;
*) fail "usage: scripts/cluster.sh start|stop|status|node-start NAME" ;;
esac
