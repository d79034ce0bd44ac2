#!/usr/bin/env bash
# Runs a command inside a private D-Bus session with a fresh, unlocked
# gnome-keyring (a real Secret Service), so keychain tests never touch the
# user's own keyring. Linux only; elsewhere the command runs as is.
set -euo pipefail
if [ "$(uname -s)" != "Linux" ] || [ -n "${RMM_KEYRING_READY:-}" ]; then
  exec "$@"
fi
if ! command -v dbus-run-session >/dev/null || ! command -v gnome-keyring-daemon >/dev/null; then
  echo "with-keyring: dbus-run-session and gnome-keyring-daemon are needed (apt-get install dbus gnome-keyring)" >&2
  exit 1
fi
keyring_home=$(mktemp -d)
trap 'rm -rf "$keyring_home"' EXIT
export RMM_KEYRING_HOME="$keyring_home"
dbus-run-session -- bash -c '
  echo -n "rmm-console-test" | XDG_DATA_HOME="$RMM_KEYRING_HOME" gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1
  export RMM_KEYRING_READY=1
  exec "$@"
' with-keyring "$@"
