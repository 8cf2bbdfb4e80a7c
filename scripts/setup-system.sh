#!/usr/bin/env bash
# The system packages boardlab needs beside its Python packages, installed with apt-get where this
# machine allows it (root, or sudo without a password). Called by `make lab`, `make test` and
# .ci/run, so a fresh machine needs nothing done by hand.
#
#   scripts/setup-system.sh lab    what `make lab` needs: Python's venv module (Debian splits it off)
#   scripts/setup-system.sh test   also what the tests need: Chromium for the browser tests, and a
#                                  Hangul font for the Korean text Chromium draws in pages
#
# Figures do not need a system font: their Korean font comes with the Python packages
# (koreanize-matplotlib, registered by boardlab.core.plotting). Where a package cannot be
# installed, one line says what is missing and what to do, and the run goes on: the tests that
# need it are skipped with that reason. With CI=true a package that cannot be installed fails.
set -uo pipefail

purpose=${1:-test}
PYTHON=${PYTHON:-python3}
LOG=${TMPDIR:-/tmp}/boardlab-setup-apt.log

packages=()
if ! "$PYTHON" -c 'import ensurepip, venv' >/dev/null 2>&1; then
    packages+=(python3-venv)
fi
if [[ $purpose == test ]]; then
    packages+=(chromium fonts-nanum)
    until_then="until then the browser tests are skipped, with this reason"
else
    until_then="make lab cannot create its .venv until then"
fi

say() { echo "boardlab setup: $*" >&2; }
give_up() {  # what is missing, what to do; fatal only in CI
    say "$1"
    if [[ -n ${CI:-} ]]; then exit 1; fi
    exit 0
}

command -v dpkg-query >/dev/null 2>&1 || {
    [[ $purpose == test ]] && give_up "not a Debian-like system: install Chromium as /usr/bin/chromium for the browser tests (they are skipped without it)."
    exit 0
}
missing=()
for pkg in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
((${#missing[@]})) || exit 0

if [[ $(id -u) -eq 0 ]]; then
    sudo=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    sudo=(sudo -n)
else
    give_up "missing ${missing[*]} and no root or password-less sudo: run 'sudo apt-get install ${missing[*]}' ($until_then)."
fi
say "apt-get install ${missing[*]} (log: $LOG)"
export DEBIAN_FRONTEND=noninteractive
if ! { "${sudo[@]}" apt-get update && "${sudo[@]}" apt-get install -y "${missing[@]}"; } >"$LOG" 2>&1; then
    tail -n 20 "$LOG" >&2
    give_up "apt-get could not install ${missing[*]} (log: $LOG): install them by hand ($until_then)."
fi
grep -E '^[0-9]+ upgraded, [0-9]+ newly installed' "$LOG" >&2 || true
