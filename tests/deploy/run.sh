#!/usr/bin/env bash
# The deployment of docs/DEPLOY.md, run on this machine's loopback and checked from outside.
#
# As root: installs Debian's nginx (and its brotli module, and openssl) when missing, makes a
# self-signed certificate for localhost, creates a fresh PostgreSQL database, starts two app processes
# exactly as the systemd unit docs/deploy/krym-excursions@.service would (its ExecStart,
# WorkingDirectory and Environment= lines, and an EnvironmentFile made from .env.example), puts nginx
# with the site file docs/deploy/krym-excursions.nginx.conf in front of them, and runs
# tests/deploy/check.ts against it over https. Only the documented placeholders are replaced (domain,
# certificate paths, ports, folders). Everything it starts is stopped, and the database dropped, on
# exit, whatever the outcome.
#
# Needs: the built client (dist/, from `npm run build`), node_modules, PostgreSQL on 127.0.0.1:5432
# with trust auth for the user postgres (as the integration tests). Not part of `npm test` (root,
# apt); .ci/run runs it after the tests.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
SECONDS=0
# psql quiet about "does not exist, skipping".
export PGOPTIONS="-c client_min_messages=warning"

UNIT=docs/deploy/krym-excursions@.service
SITE=docs/deploy/krym-excursions.nginx.conf
APP_PORTS=(18081 18082)
HTTPS_PORT=18443
HTTP_PORT=18080
DB_NAME=deploy_check
PG_ADMIN_URL=${DEPLOY_CHECK_POSTGRES:-postgres://postgres@127.0.0.1:5432/postgres}
DB_URL=${PG_ADMIN_URL%/*}/$DB_NAME
# A provider's address range the webhook allows; nobody outside may claim it through nginx.
WEBHOOK_RANGE=203.0.113.0/24

say() { printf '[deploy-check %3ss] %s\n' "$SECONDS" "$*"; }
die() {
  say "FAILED: $*" >&2
  exit 1
}

[ "$(id -u)" -eq 0 ] || die "run as root (it installs Debian packages and starts nginx)"
[ -f dist/index.html ] || die "no client build in dist/: run npm run build first"
[ -d node_modules ] || die "no node_modules: run npm ci first"
# A stale build would be rebuilt by each process as it starts: a deployment builds first, once.
node --import tsx --input-type=module \
  -e "const { isBuildStale } = await import('./scripts/client-build.ts'); process.exit(isBuildStale('.', 'dist') ? 1 : 0)" ||
  die "dist/ is older than its sources: run npm run build first"
command -v psql >/dev/null || die "psql is missing (apt-get install postgresql-client)"
pg_isready -q -d "$PG_ADMIN_URL" || die "PostgreSQL does not answer at $PG_ADMIN_URL"

port_taken() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
for port in "${APP_PORTS[@]}" "$HTTPS_PORT" "$HTTP_PORT"; do
  if port_taken "$port"; then die "port $port on 127.0.0.1 is in use (a run still going, or another program)"; fi
done

# --- Packages --------------------------------------------------------------------------------------
need=()
command -v nginx >/dev/null || need+=(nginx)
[ -e /usr/lib/nginx/modules/ngx_http_brotli_filter_module.so ] || need+=(libnginx-mod-http-brotli-filter)
command -v openssl >/dev/null || need+=(openssl)
if [ ${#need[@]} -gt 0 ]; then
  say "installing ${need[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
  # The package starts its default site where an init system lets it; this check runs its own nginx.
  if [ -s /run/nginx.pid ] && kill -0 "$(cat /run/nginx.pid)" 2>/dev/null; then nginx -s quit || true; fi
fi
say "$(nginx -v 2>&1), node $(node -v)"

# --- Clean-up, whatever happens from here on ------------------------------------------------------
WORK=$(mktemp -d /tmp/krym-deploy-check.XXXXXX)
# nginx's workers (www-data) reach their temporary folders through this one.
chmod 755 "$WORK"
pids=()
cleanup() {
  local status=$?
  set +e
  if [ -s "$WORK/nginx.pid" ]; then nginx -c "$WORK/nginx.conf" -s stop 2>/dev/null; fi
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null; done
  for pid in "${pids[@]}"; do
    for _ in $(seq 1 150); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null
  done
  wait 2>/dev/null
  psql -q -d "$PG_ADMIN_URL" -c "DROP DATABASE IF EXISTS $DB_NAME WITH (FORCE)" 2>/dev/null
  if [ "$status" -ne 0 ]; then
    for log in "$WORK"/*.log; do
      [ -s "$log" ] || continue
      echo "--- last lines of $(basename "$log")" >&2
      tail -n 30 "$log" >&2
    done
  fi
  rm -rf "$WORK"
  say "$([ "$status" -eq 0 ] && echo passed || echo "failed ($status)") in ${SECONDS}s"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# --- Database ----------------------------------------------------------------------------------------
psql -q -v ON_ERROR_STOP=1 -d "$PG_ADMIN_URL" -c "DROP DATABASE IF EXISTS $DB_NAME WITH (FORCE)" \
  -c "CREATE DATABASE $DB_NAME"

# --- Certificate (stands in for Let's Encrypt's fullchain.pem and privkey.pem) -------------------------
mkdir -p "$WORK/tls"
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 \
  -subj /CN=localhost -addext subjectAltName=DNS:localhost,IP:127.0.0.1 \
  -keyout "$WORK/tls/privkey.pem" -out "$WORK/tls/fullchain.pem" 2>/dev/null

# --- Mail: the processes send login codes over SMTP, as a deployment does ------------------------------
mkdir -p "$WORK/mail"
node --import tsx tests/deploy/smtp-sink.ts "$WORK/mail" "$WORK/smtp-url" >"$WORK/smtp.log" 2>&1 &
pids+=($!)
for _ in $(seq 1 100); do [ -s "$WORK/smtp-url" ] && break; sleep 0.1; done
[ -s "$WORK/smtp-url" ] || die "the SMTP sink did not start"

# --- The environment file: .env.example with its placeholders filled in -----------------------------
JWT_SECRET=$(openssl rand -base64 48)
METRICS_TOKEN=$(openssl rand -hex 24)
VAPID_JSON=$(npx --no-install web-push generate-vapid-keys --json)
vapid() { node -e 'process.stdout.write(JSON.parse(process.argv[1])[process.argv[2]])' "$VAPID_JSON" "$1"; }
PUBLIC_URL="https://localhost:$HTTPS_PORT"
filled=(PUBLIC_URL DATABASE_URL MEDIA_DIR JWT_SECRET VAPID_PUBLIC_KEY VAPID_PRIVATE_KEY ADMIN_PASSWORD
  SMTP_URL PAYMENT_PROVIDER YOOKASSA_SHOP_ID YOOKASSA_SECRET_KEY PAYMENT_WEBHOOK_IPS METRICS_TOKEN DEMO_DATA)
{
  grep -vE "^($(
    IFS='|'
    echo "${filled[*]}"
  ))=" .env.example
  cat <<EOF
PUBLIC_URL=$PUBLIC_URL
DATABASE_URL=$DB_URL
MEDIA_DIR=$WORK/media
JWT_SECRET=$JWT_SECRET
VAPID_PUBLIC_KEY=$(vapid publicKey)
VAPID_PRIVATE_KEY=$(vapid privateKey)
ADMIN_PASSWORD=$(openssl rand -hex 12)
SMTP_URL=$(cat "$WORK/smtp-url")
# The built-in card form, chosen on purpose: the check books but pays nobody.
PAYMENT_PROVIDER=test
PAYMENT_WEBHOOK_IPS=$WEBHOOK_RANGE
METRICS_TOKEN=$METRICS_TOKEN
# The demo catalogue and accounts give the check a tour to book and a tourist to sign in.
DEMO_DATA=on
EOF
} >"$WORK/env"
if grep -qE '^[A-Z_]+=.*CHANGE_ME' "$WORK/env"; then die "a CHANGE_ME of .env.example is left unfilled"; fi
mkdir -p "$WORK/media" "$WORK/state"

# The variables systemd gives the service from an EnvironmentFile= (KEY=value lines; # and ; start
# comments; one pair of surrounding quotes removed).
environment_file() {
  local line key value
  while IFS= read -r line || [ -n "$line" ]; do
    line="${line#"${line%%[![:space:]]*}"}"
    case "$line" in '' | '#'* | ';'*) continue ;; esac
    key="${line%%=*}"
    value="${line#*=}"
    if [[ $value =~ ^\"(.*)\"$ || $value =~ ^\'(.*)\'$ ]]; then value="${BASH_REMATCH[1]}"; fi
    printf '%s=%s\n' "$key" "$value"
  done <"$1"
}

# --- The unit's lines, with its placeholders replaced ------------------------------------------------
unit_value() { sed -n "s/^$1=//p" "$UNIT"; }
exec_start=$(unit_value ExecStart)
workdir=$(unit_value WorkingDirectory)
[ "$(unit_value EnvironmentFile)" = /etc/krym-excursions/env ] || die "$UNIT: EnvironmentFile changed"
[ "$workdir" = /srv/krym-excursions/app ] || die "$UNIT: WorkingDirectory changed"
[[ $exec_start == /usr/bin/node\ * ]] || die "$UNIT: ExecStart no longer starts /usr/bin/node"
# Debian's own nodejs is too old; the documented install puts node at /usr/bin/node.
node_bin=/usr/bin/node
[ -x "$node_bin" ] || node_bin=$(command -v node)

# The environment systemd gives a unit's service: its EnvironmentFile, then its Environment= lines
# (%i, the instance, is the port).
service_env() {
  local unit=$1 instance=${2:-} line
  echo PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
  echo "HOME=$WORK/state"
  environment_file "$WORK/env"
  sed -n 's/^Environment=//p' "$unit" | while IFS= read -r line; do
    line=${line//%i/$instance}
    echo "${line//\/var\/lib\/krym-excursions/$WORK/state}"
  done
}

start_instance() {
  local port=$1
  local -a vars
  mapfile -t vars < <(service_env "$UNIT" "$port")
  # systemd splits ExecStart on spaces too; %i is the instance (the port).
  local -a command
  read -r -a command <<<"${exec_start//%i/$port}"
  command[0]=$node_bin
  (cd "${workdir/\/srv\/krym-excursions\/app/$ROOT}" && exec env -i "${vars[@]}" "${command[@]}") \
    >"$WORK/app-$port.log" 2>&1 &
  pids+=($!)
}

# Both at once, as `systemctl start krym-excursions@A krym-excursions@B` on a fresh database: they
# must migrate and seed once between them.
say "starting processes on ports ${APP_PORTS[*]}"
for port in "${APP_PORTS[@]}"; do start_instance "$port"; done
for port in "${APP_PORTS[@]}"; do
  for _ in $(seq 1 900); do
    curl -fsS -o /dev/null "http://127.0.0.1:$port/api/health" 2>/dev/null && break
    for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null || die "a process exited while starting"; done
    sleep 0.1
  done
  curl -fsS -o /dev/null "http://127.0.0.1:$port/api/health" || die "the process on $port is not healthy in 90 s"
done
say "both processes healthy"

# --- nginx with the documented site file ---------------------------------------------------------------
sed -e "s#/etc/letsencrypt/live/excursions.example.ru/#$WORK/tls/#g" \
  -e 's/excursions\.example\.ru/localhost/g' \
  -e "s/^\( *\)listen 443 ssl http2;/\1listen 127.0.0.1:$HTTPS_PORT ssl http2;/" \
  -e "s/^\( *\)listen 80;/\1listen 127.0.0.1:$HTTP_PORT;/" \
  -e '/listen \[::\]:/d' \
  -e "s/server 127\.0\.0\.1:8081 /server 127.0.0.1:${APP_PORTS[0]} /" \
  -e "s/server 127\.0\.0\.1:8082 /server 127.0.0.1:${APP_PORTS[1]} /" \
  "$SITE" >"$WORK/site.conf"
# The placeholders must all have been found: a renamed one would leave the check testing something else.
grep -q "listen 127.0.0.1:$HTTPS_PORT ssl http2;" "$WORK/site.conf" || die "$SITE: no 'listen 443 ssl http2;'"
grep -q "listen 127.0.0.1:$HTTP_PORT;" "$WORK/site.conf" || die "$SITE: no 'listen 80;'"
grep -q "ssl_certificate *$WORK/tls/fullchain.pem;" "$WORK/site.conf" || die "$SITE: certificate path changed"
for port in "${APP_PORTS[@]}"; do
  grep -q "server 127.0.0.1:$port " "$WORK/site.conf" || die "$SITE: upstream ports changed"
done
if grep -qE 'example\.ru|:808[0-9] |listen (80|443)' "$WORK/site.conf"; then die "$SITE: a placeholder is left"; fi

mkdir -p "$WORK/nginx"
# Debian's nginx.conf, reduced to what a site relies on from it, with this run's own paths.
cat >"$WORK/nginx.conf" <<EOF
user www-data;
worker_processes 1;
pid $WORK/nginx.pid;
error_log $WORK/nginx-error.log;
include /etc/nginx/modules-enabled/*.conf;
events { worker_connections 512; }
http {
    sendfile on;
    tcp_nopush on;
    types_hash_max_size 2048;
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log $WORK/nginx-access.log;
    client_body_temp_path $WORK/nginx/body;
    proxy_temp_path $WORK/nginx/proxy;
    fastcgi_temp_path $WORK/nginx/fastcgi;
    uwsgi_temp_path $WORK/nginx/uwsgi;
    scgi_temp_path $WORK/nginx/scgi;
    include $WORK/site.conf;
}
EOF
nginx -t -q -c "$WORK/nginx.conf" || die "nginx -t refused the site file"
nginx -c "$WORK/nginx.conf"
for _ in $(seq 1 50); do port_taken "$HTTPS_PORT" && break; sleep 0.1; done
say "nginx serving https://localhost:$HTTPS_PORT"

# --- The check, as a phone sees the deployment -----------------------------------------------------
app_urls=$(printf 'http://127.0.0.1:%s,' "${APP_PORTS[@]}")
NODE_EXTRA_CA_CERTS="$WORK/tls/fullchain.pem" \
  CHECK_PUBLIC_URL="$PUBLIC_URL" \
  CHECK_HTTP_URL="http://localhost:$HTTP_PORT" \
  CHECK_APP_URLS="${app_urls%,}" \
  CHECK_MAIL_DIR="$WORK/mail" \
  CHECK_METRICS_TOKEN="$METRICS_TOKEN" \
  CHECK_FORGED_WEBHOOK_ADDRESS="${WEBHOOK_RANGE%.*}.7" \
  node --import tsx tests/deploy/check.ts

# --- A backup, made as the backup unit makes it --------------------------------------------------
BACKUP_UNIT=docs/deploy/krym-excursions-backup.service
backup_script=$(sed -n "s/^ExecStart=\/bin\/sh -c '\(.*\)'$/\1/p" "$BACKUP_UNIT")
[ -n "$backup_script" ] || die "$BACKUP_UNIT: ExecStart is no longer /bin/sh -c '…'"
# systemd's escapes ($$, %%) undone, the documented folder replaced.
backup_script=${backup_script//\$\$/\$}
backup_script=${backup_script//%%/%}
backup_script=${backup_script//\/var\/backups\/krym-excursions/$WORK/backups}
mkdir -p "$WORK/backups"
mapfile -t backup_vars < <(service_env "$BACKUP_UNIT")
say "backup while the processes run"
(cd "$ROOT" && exec env -i "${backup_vars[@]}" /bin/sh -c "$backup_script") >"$WORK/backup.log" 2>&1 ||
  die "the backup failed"
archives=("$WORK"/backups/krym-backup-*.tar)
[ ${#archives[@]} -eq 1 ] && [ -s "${archives[0]}" ] || die "no backup archive in $WORK/backups"
entries=$(tar -tf "${archives[0]}")
for entry in manifest.json database.pgdump media.tar; do
  grep -qE "^(\./)?$entry\$" <<<"$entries" || die "the backup archive has no $entry"
done
say "backup $(basename "${archives[0]}"): $(du -h "${archives[0]}" | cut -f1)"
