#!/usr/bin/env bash
# Tries build/service/mostrador-server.service as far as a machine without systemd as PID 1 allows (issue 27):
#  1. `systemd-analyze verify` on the unit (its node path replaced by this machine's Node 24);
#  2. runs the unit's own ExecStart line (paths moved to a scratch folder, 127.0.0.1 and a free port) under a small
#     supervisor that applies the unit's Restart=, RestartSec= and RestartPreventExitStatus= the way systemd.service(5)
#     describes Restart=on-failure: restarted after a SIGKILL, not after a clean stop (SIGTERM → exit 0), not after
#     a mistake in its own line (exit 2). What it cannot try: systemd itself (start at boot, the journal, the
#     StartLimit, the sandboxing lines); see docs/versions-and-running-the-server.md.
# Usage: bash scripts/try-service-unit.sh          (prints each step and its time; exit 0 when every step held)
set -u
cd "$(dirname "$0")/.." || exit 1
. scripts/use-node.sh >/dev/null
UNIT=build/service/mostrador-server.service
NODE="$(command -v node)"
T="$(mktemp -d)"
SUP=""
cleanup() { [ -n "$SUP" ] && kill "$SUP" 2>/dev/null; [ -f "$T/pid" ] && kill "$(cat "$T/pid")" 2>/dev/null; rm -rf "$T"; }
trap cleanup EXIT
fail() { echo "FAILED: $*"; echo "--- the server's output ---"; tail -20 "$T/journal.log" 2>/dev/null; exit 1; }
key() { sed -n "s/^$1=//p" "$UNIT" | tail -1; }

echo "1. systemd-analyze verify"
if command -v systemd-analyze >/dev/null; then
  sed "s#^ExecStart=/usr/bin/node #ExecStart=$NODE #" "$UNIT" > "$T/mostrador-server.service"
  systemd-analyze verify "$T/mostrador-server.service" || fail "systemd-analyze verify"
  echo "   the unit verifies"
else
  echo "   systemd-analyze is not installed here: not tried"
fi

RESTART="$(key Restart)"; RESTART_SEC="$(key RestartSec)"; PREVENT="$(key RestartPreventExitStatus)"
PORT="$("$NODE" -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
mkdir -p "$T/data" "$T/copies"
LINE="$(key ExecStart | sed -e "s#^/usr/bin/node#$NODE#" -e "s#/var/lib/mostrador#$T/data#" -e "s#/var/backups/mostrador#$T/copies#" \
  -e "s#--host 0.0.0.0#--host 127.0.0.1#" -e "s#--port 4300#--port $PORT#")"
echo "2. the unit's ExecStart, as the unit runs it (Restart=$RESTART, RestartSec=$RESTART_SEC, RestartPreventExitStatus=$PREVENT)"
echo "   $LINE" | sed "s#$T#SCRATCH#g"
[ "$RESTART" = "on-failure" ] || fail "the unit should say Restart=on-failure"

# Restart=on-failure: again after an unclean exit (code ≠ 0 and not in RestartPreventExitStatus, or a signal other
# than SIGHUP, SIGINT, SIGTERM, SIGPIPE); never after a clean one.
supervise() {
  local extra="$1"
  while :; do
    # shellcheck disable=SC2086
    $LINE $extra >>"$T/journal.log" 2>&1 &
    echo $! > "$T/pid"
    echo "start $!" >> "$T/events"
    wait "$!"; local rc=$?
    echo "exit $rc" >> "$T/events"
    local clean=no
    if [ "$rc" = 0 ]; then clean=yes; fi
    for p in $PREVENT; do [ "$rc" = "$p" ] && clean=yes; done
    if [ "$rc" -gt 128 ]; then case $((rc - 128)) in 1|2|13|15) clean=yes ;; esac; fi
    [ "$clean" = yes ] && { echo "stopped $rc" >> "$T/events"; return; }
    sleep "$RESTART_SEC"
  done
}
status_ok() { "$NODE" --import tsx server/cli.ts status --data-dir "$T/data" >"$T/status.txt" 2>&1; }
wait_up() {
  local deadline=$(( $(date +%s) + 120 ))
  until status_ok; do
    [ "$(date +%s)" -ge "$deadline" ] && return 1
    sleep 1
  done
}

: > "$T/events"
supervise "" &
SUP=$!
t0=$(date +%s.%N)
wait_up || fail "the server did not answer status within 120 s"
first="$(cat "$T/pid")"
printf '   started and answers `status` (pid %s) after %.1f s\n' "$first" "$(echo "$(date +%s.%N) - $t0" | bc)"
grep -q "Procesos del servidor (1 en marcha)" "$T/status.txt" || fail "status does not list its process"

kill -KILL "$first"
t1=$(date +%s.%N)
sleep 1
wait_up || fail "not restarted after SIGKILL"
second="$(cat "$T/pid")"
[ "$second" != "$first" ] || fail "the same pid answers after SIGKILL"
printf '   SIGKILLed: restarted (pid %s), answering again after %.1f s (RestartSec=%s)\n' "$second" "$(echo "$(date +%s.%N) - $t1" | bc)" "$RESTART_SEC"
grep -q "SIN LATIDO\|en marcha, último latido" "$T/status.txt" || fail "status after the restart lists no process"

kill -TERM "$second"
wait "$SUP"; SUP=""
tail -1 "$T/events" | grep -q "^stopped 0$" || fail "SIGTERM should stop it cleanly (exit 0) and not restart it: $(tail -2 "$T/events" | tr '\n' ' ')"
echo "   SIGTERM: stopped cleanly (exit 0), not restarted"

: > "$T/events"
supervise "--bogus" &
SUP=$!
wait "$SUP"; SUP=""
[ "$(grep -c '^start' "$T/events")" = 1 ] && tail -1 "$T/events" | grep -q "^stopped 2$" || fail "a mistake in its line should exit 2 once, not restart: $(tr '\n' ' ' < "$T/events")"
echo "   a mistake in its own line (--bogus): exit 2 once, not restarted"
echo "every step held"
