#!/usr/bin/env bash
# Install the system packages that the browser tests need (Debian's chromium, driven by
# Playwright's Python package -- never `playwright install`), but only when they are missing
# and only when we can (root, with apt-get). Never fails: without the packages the browser
# tests skip themselves, and this script says why.
set -uo pipefail

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v npm >/dev/null 2>&1 || missing+=(npm)  # make site, and its browser test, fetch pyodide with npm

if ((${#missing[@]} == 0)); then
    exit 0
fi

if [[ "$(id -u)" -ne 0 ]] || ! command -v apt-get >/dev/null 2>&1; then
    echo "ensure-system-deps: missing ${missing[*]}; cannot install it here (needs root and" \
        "apt-get): browser tests will be skipped. Install it with:" \
        "sudo apt-get install -y ${missing[*]}" >&2
    exit 0
fi

echo "ensure-system-deps: installing ${missing[*]} with apt-get" >&2
export DEBIAN_FRONTEND=noninteractive
if apt-get update -qq && apt-get install -y -qq "${missing[@]}" >/dev/null; then
    echo "ensure-system-deps: installed ${missing[*]}" >&2
else
    echo "ensure-system-deps: could not install ${missing[*]}: browser tests will be skipped" >&2
fi
exit 0
