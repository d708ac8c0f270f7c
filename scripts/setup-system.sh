#!/usr/bin/env bash
# Installs the Debian packages the tests need when they are missing (Chromium and CJK fonts for the
# browser tests, ffmpeg whose ffprobe checks our fMP4 as an independent client), and makes sure the local PostgreSQL for the second server run is up.
set -euo pipefail

need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
fc-list 2>/dev/null | grep -qi 'Noto Sans CJK' || need+=(fonts-noto-cjk)
command -v ffprobe >/dev/null 2>&1 || need+=(ffmpeg)
if ! command -v pg_ctlcluster >/dev/null 2>&1 && ! pg_isready -h 127.0.0.1 -p 5432 >/dev/null 2>&1; then
  need+=(postgresql)
fi
if [ ${#need[@]} -gt 0 ]; then
  echo "installing: ${need[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

if ! pg_isready -h 127.0.0.1 -p 5432 >/dev/null 2>&1; then
  version=$(ls /etc/postgresql | sort -n | tail -1)
  hba=/etc/postgresql/$version/main/pg_hba.conf
  # A fresh cluster asks for passwords on TCP; the tests' database is local and throwaway.
  grep -q '^host all all 127.0.0.1/32 trust' "$hba" || sed -i '1i host all all 127.0.0.1/32 trust' "$hba"
  pg_ctlcluster --skip-systemctl-redirect "$version" main start
  for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 >/dev/null 2>&1 && break; sleep 1; done
fi
psql -h 127.0.0.1 -U postgres -Atc "select 1 from pg_database where datname = 'test'" | grep -q 1 ||
  psql -h 127.0.0.1 -U postgres -qc 'create database test'
