#!/usr/bin/env bash
# .ci/run's wheel step: the doppel-stub wheel (dist/release/, npm run build:wheel) installed offline
# into a fresh venv, then pytest, with no node on PATH and nothing of this checkout importable: the
# plugin's own tests (clients/python/tests/, kill -9 of pytest included) and the Python example
# suite (examples/python/), each copied into an empty folder first.
# Debian's python3 (python3-venv; pytest from python3-pytest, seen through --system-site-packages).
set -euo pipefail
cd "$(dirname "$0")/.."
wheels=(dist/release/doppel_stub-*.whl)
[ -f "${wheels[0]}" ] || { echo "check-wheel: no wheel in dist/release/: npm run build:wheel" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
/usr/bin/python3 -m venv --system-site-packages "$work/venv"
"$work/venv/bin/pip" install --quiet --no-index --disable-pip-version-check "${wheels[0]}"
mkdir "$work/suite" "$work/home"
cp clients/python/tests/*.py examples/python/*.py "$work/suite/"
if PATH="$work/venv/bin" command -v node >/dev/null; then echo "check-wheel: a node is on the suite's PATH" >&2; exit 1; fi
cd "$work/suite"
# pytest's exit statuses: 0 all passed, 1 some failed, 5 no tests collected; anything but 0 fails.
env -i PATH="$work/venv/bin" HOME="$work/home" PYTHONDONTWRITEBYTECODE=1 \
  python3 -m pytest -p no:cacheprovider -v .
