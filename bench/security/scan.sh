#!/usr/bin/env bash
# `npm run bench -- security` (or `bash bench/security/scan.sh`): Debian's sqlmap and wapiti
# against the built app on loopback. Starts the server (apps/server/dist; `npm run build` first)
# on a free port with a throwaway DATA_DIR (PGlite), signs a test account up and in, then runs
# sqlmap against sign-in, the id-taking routes and every query parameter (with the session cookie
# and the CSRF header), and wapiti against the app, and prints what they found. A bench, not a
# test: it takes minutes. SCAN_QUICK=1 runs sqlmap on sign-in and one id and one query route only.
set -euo pipefail

for tool in sqlmap wapiti curl python3; do
  if ! command -v "$tool" >/dev/null; then
    echo "$tool is missing: apt-get install -y sqlmap wapiti curl python3" >&2
    exit 1
  fi
done

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
SERVER="$ROOT/apps/server/dist/server.js"
if [ ! -f "$SERVER" ]; then
  echo "No server build at $SERVER: run npm run build first." >&2
  exit 1
fi

WORK="$(mktemp -d -t myodocs-scan-XXXXXX)"
PORT="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
BASE="http://127.0.0.1:$PORT"
APP_SECRET="scan-secret-$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')"
ADMIN_TOKEN="scan-admin-$(head -c 16 /dev/urandom | od -An -tx1 | tr -d ' \n')"
PASSWORD='Vq8#Lw2!Rx9$Tz'
EMAIL="scan-$(date +%s)@clinic.test"
JAR="$WORK/cookies.txt"
SERVER_PID=''

cleanup() {
  if [ -n "$SERVER_PID" ]; then kill "$SERVER_PID" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

echo "scan: server on $BASE, data in $WORK"
# Production mode (no dev outbox or debug answers), plain HTTP on loopback so cookies are sent.
NODE_ENV=production COOKIE_SECURE=false HOST=127.0.0.1 PORT="$PORT" PUBLIC_URL="$BASE" \
  DATA_DIR="$WORK/data" ADMIN_TOKEN="$ADMIN_TOKEN" APP_SECRET="$APP_SECRET" LOG_LEVEL=warn \
  node "$SERVER" >"$WORK/server.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 1 120); do
  curl -fs "$BASE/api/health" >/dev/null 2>&1 && break
  sleep 0.5
done
curl -fs "$BASE/api/health" >/dev/null || { echo "server did not start" >&2; cat "$WORK/server.log" >&2; exit 1; }

json() { python3 -c "import json,sys; print(json.load(sys.stdin)$1)"; }
csrf() { curl -fs -b "$JAR" -c "$JAR" "$BASE/api/csrf-token" | json "['csrfToken']"; }

# The operator's call is a state-changing one like any other: it carries the CSRF token too.
TOKEN="$(csrf)"
CODE="$(curl -fs -b "$JAR" -c "$JAR" -X POST "$BASE/api/admin/invite-codes" \
  -H "authorization: Bearer $ADMIN_TOKEN" -H "x-csrf-token: $TOKEN" \
  -H 'content-type: application/json' -d '{}' | json "['data']['code']")"
curl -fs -b "$JAR" -c "$JAR" -X POST "$BASE/api/auth/register" -H 'content-type: application/json' \
  -H "x-csrf-token: $TOKEN" -d "{\"email\":\"$EMAIL\",\"password\":\"$PASSWORD\",\"firstName\":\"Scan\",\
\"lastName\":\"Test\",\"businessName\":\"Scan Clinic\",\"therapistPhone\":\"5551234567\",\"inviteCode\":\"$CODE\",\
\"ageConfirmed\":true,\"acceptTerms\":true,\"acceptBAA\":true,\"planType\":\"premium\"}" >/dev/null
curl -fs -b "$JAR" -c "$JAR" -X POST "$BASE/api/auth/login" -H 'content-type: application/json' \
  -d "{\"email\":\"$EMAIL\",\"password\":\"$PASSWORD\"}" >/dev/null
TOKEN="$(csrf)"
COOKIE="$(awk '!/^#/ || /^#HttpOnly_/ { sub(/^#HttpOnly_/, ""); if (NF >= 7) printf "%s=%s; ", $6, $7 }' "$JAR")"
echo "scan: signed in as $EMAIL"

ID='00000000-0000-4000-8000-000000000000'
# method, URL (a * marks where sqlmap injects in a path), JSON body or -
TARGETS=(
  "POST|$BASE/api/auth/login|{\"email\":\"a@b.test\",\"password\":\"secret123\"}"
  "PUT|$BASE/api/team/$ID*/deactivate|-"
  "GET|$BASE/api/audit?event=auth.login&memberId=$ID&from=2026-01-01&to=2026-12-31&limit=10&cursor=abc|-"
)
if [ -z "${SCAN_QUICK:-}" ]; then
  TARGETS+=(
    "PUT|$BASE/api/team/$ID*/reactivate|-"
    "DELETE|$BASE/api/team/$ID*|-"
    "POST|$BASE/api/team/$ID*/reset-password|-"
    "POST|$BASE/api/team/invite/$ID*/resend|-"
    "DELETE|$BASE/api/team/invite/$ID*|-"
    "DELETE|$BASE/api/email/smtp-config/$ID*|-"
    "PUT|$BASE/api/email/smtp-config/$ID*/default|-"
    "GET|$BASE/api/legal/baa/download/$ID*|-"
    "GET|$BASE/api/invite/abcdefabcdef*|-"
    "GET|$BASE/api/referral/validate/ABCDEF*|-"
    "GET|$BASE/api/business/logo/abc123*|-"
    "GET|$BASE/api/audit/export?event=auth.login&memberId=$ID&from=2026-01-01&to=2026-12-31|-"
    "GET|$BASE/api/email/log?cursor=abc&limit=5|-"
    "GET|$BASE/api/analytics/usage?from=2026-01-01&to=2026-12-31|-"
    "GET|$BASE/api/subscription/change-plan/quote?planType=premium&billingFrequency=monthly|-"
    "POST|$BASE/api/auth/forgot-password|{\"email\":\"a@b.test\"}"
    "POST|$BASE/api/waitlist|{\"email\":\"a@b.test\",\"name\":\"A\"}"
  )
fi

FOUND=0
echo
echo "== sqlmap (level 1, risk 1, every technique) =="
for target in "${TARGETS[@]}"; do
  IFS='|' read -r method url body <<<"$target"
  args=(-u "$url" --method "$method" --batch --level 1 --risk 1 --threads 4 --flush-session
    --output-dir "$WORK/sqlmap" -H "x-csrf-token: $TOKEN" --cookie "$COOKIE" --disable-coloring)
  [ "$body" != '-' ] && args+=(--data "$body" -H 'content-type: application/json')
  out="$(sqlmap "${args[@]}" 2>&1 || true)"
  if grep -qiE 'is vulnerable|appears to be .*injectable|sqlmap identified the following injection' <<<"$out"; then
    FOUND=$((FOUND + 1))
    echo "FOUND  $method $url"
    grep -iE 'Parameter:|Type:|Title:|Payload:' <<<"$out" | sed 's/^/       /'
  elif grep -qi 'do not appear to be injectable' <<<"$out"; then
    echo "clean  $method $url"
  else
    echo "??     $method $url: $(grep -E 'CRITICAL|ERROR' <<<"$out" | tail -1)"
  fi
done

echo
echo "== wapiti (crawl from / and the API's GET routes) =="
python3 - "$JAR" "$WORK/wapiti-cookies.json" <<'PY'
import json, sys
jar, out = sys.argv[1], sys.argv[2]
cookies = {}
for line in open(jar):
    if line.startswith('#HttpOnly_'):
        line = line[len('#HttpOnly_'):]
    elif line.startswith('#') or not line.strip():
        continue
    domain, _, path, _, _, name, value = line.rstrip('\n').split('\t')
    cookies.setdefault('.' + domain, {}).setdefault(path, {})[name] = {
        'value': value, 'version': 0, 'expires': None, 'secure': False, 'port': None}
json.dump(cookies, open(out, 'w'))
PY
starts=()
for u in "/api/config" "/api/audit?event=auth.login&limit=10" "/api/email/log?limit=5" \
  "/api/analytics/usage?from=2026-01-01&to=2026-12-31" "/api/invite/abcdef" "/api/referral/validate/ABCDEF" \
  "/api/subscription/change-plan/quote?planType=premium&billingFrequency=monthly"; do
  starts+=(-s "$BASE$u")
done
wapiti -u "$BASE/" "${starts[@]}" --scope domain -c "$WORK/wapiti-cookies.json" \
  -H "x-csrf-token: $TOKEN" --flush-session --max-scan-time "${SCAN_WAPITI_SECONDS:-300}" \
  -m "sql,blindsql,xss,permanentxss,exec,file,crlf,redirect,ssrf,xxe,htaccess,backup,methods,http_headers,cookieflags,csp" \
  -f txt -o "$WORK/wapiti.txt" >"$WORK/wapiti.log" 2>&1 || true
if [ -f "$WORK/wapiti.txt" ]; then
  # The summary table: every category with its count.
  sed -n '/Summary of vulnerabilities/,/^\*\*\*\*\*/p;/Summary of anomalies/,/^\*\*\*\*\*/p' "$WORK/wapiti.txt"
  grep -A3 -E '^(Vulnerability|Anomaly) found' "$WORK/wapiti.txt" | head -60 || true
else
  echo "wapiti wrote no report:"; tail -20 "$WORK/wapiti.log"
fi

echo
if grep -q '"level":50' "$WORK/server.log" 2>/dev/null; then
  echo "server errors during the scan: $(grep -c '"level":50' "$WORK/server.log")"
  grep '"level":50' "$WORK/server.log" | head -5 | cut -c1-300
fi
echo "scan: sqlmap found $FOUND injectable target(s) of ${#TARGETS[@]}"
[ "$FOUND" -eq 0 ]
