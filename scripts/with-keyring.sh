#!/usr/bin/env bash
# Runs a command with a real Secret Service (gnome-keyring on a private D-Bus session), so keytar can be
# tested for real. On a desktop that already has a session bus the command runs as is.
set -euo pipefail
if [ "${MOSTRADOR_KEYRING_READY:-}" = "1" ]; then exec "$@"; fi
if [ -n "${DBUS_SESSION_BUS_ADDRESS:-}" ] && [ -z "${CI:-}" ]; then exec "$@"; fi
if ! command -v dbus-run-session >/dev/null || ! command -v gnome-keyring-daemon >/dev/null; then
  echo "with-keyring: dbus-run-session or gnome-keyring-daemon missing; the keychain tests will fail (install dbus and gnome-keyring)" >&2
  exec "$@"
fi
exec dbus-run-session -- bash -c '
  export MOSTRADOR_KEYRING_READY=1
  # A throwaway keyring home, so tests never touch a real user keyring.
  export XDG_DATA_HOME="$(mktemp -d)"
  printf "mostrador-test" | gnome-keyring-daemon --unlock --components=secrets >/dev/null
  exec "$@"
' with-keyring "$@"
