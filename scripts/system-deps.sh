#!/bin/sh
# What the tests need from the system, installed where it can be: Debian's
# `chromium` (the browser tests drive /usr/bin/chromium) and `postgresql` (the
# emulator's shared engine: initdb and pg_ctl). With apt-get and root (or sudo
# without a password) it installs what is missing; otherwise it says exactly what
# to install and exits 1. Nothing is installed when everything is there.
#   CHROMIUM_PATH   the browser the tests use (default /usr/bin/chromium)
#   PG_BIN          a folder with PostgreSQL's initdb and pg_ctl (default: found on PATH or /usr/lib/postgresql/*/bin)
set -eu

chromium=${CHROMIUM_PATH:-/usr/bin/chromium}

has_postgres() {
  if [ -n "${PG_BIN:-}" ]; then
    [ -x "$PG_BIN/initdb" ] && [ -x "$PG_BIN/pg_ctl" ]
    return
  fi
  command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1 && return 0
  for dir in /usr/lib/postgresql/*/bin; do
    [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ] && return 0
  done
  return 1
}

missing=""
[ -x "$chromium" ] || missing="$missing chromium"
has_postgres || missing="$missing postgresql"
if [ -z "$missing" ]; then
  echo "system-deps: chromium ($chromium) and PostgreSQL's server binaries are installed"
  exit 0
fi

as_root=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true >/dev/null 2>&1; then as_root="sudo"; else as_root="none"; fi
fi

if command -v apt-get >/dev/null 2>&1 && [ "$as_root" != "none" ]; then
  echo "system-deps: installing$missing with apt-get"
  $as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  # shellcheck disable=SC2086 # one word per package
  $as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing >/dev/null
  exit 0
fi

echo "system-deps: the tests need$missing, which this script cannot install here." >&2
if command -v apt-get >/dev/null 2>&1; then
  echo "  As root: apt-get install -y$missing" >&2
else
  echo "  Without apt-get, install them with your system's package manager:" >&2
fi
case "$missing" in *chromium*) echo "  - Chromium, at /usr/bin/chromium or wherever CHROMIUM_PATH points" >&2 ;; esac
case "$missing" in *postgresql*) echo "  - PostgreSQL's server binaries (initdb, pg_ctl) on PATH, in /usr/lib/postgresql/<version>/bin, or where PG_BIN points" >&2 ;; esac
echo "  Then run the set-up again." >&2
exit 1
