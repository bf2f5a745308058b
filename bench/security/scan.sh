#!/usr/bin/env bash
# `npm run bench -- security` (or `bash bench/security/scan.sh`): Debian's sqlmap and wapiti
# against the built app on loopback. Starts the server (apps/server/dist; `npm run build` first)
# on a free port with a throwaway DATA_DIR (PGlite), signs a test account up and in and accepts
# the legal documents (so the gated routes run their queries), then runs sqlmap against the
# sign-in and other public bodies, every route taking an id or a token in its path and every GET
# query parameter (targets read from the OpenAPI document, with real ids where the account has
# some, the session cookie and the CSRF header), and wapiti from / and the API's GET routes.
# Prints, per target, what sqlmap concluded and how many requests it made with which answers;
# then wapiti's requests and findings, and any server error or 5xx answer. A bench, not a test.
#
# Bounded: sqlmap starts no target after SCAN_SQLMAP_BUDGET seconds (default 240) and stops each
# after SCAN_SQLMAP_SECONDS (default 90), SCAN_JOBS at a time (default 2); wapiti stops after
# SCAN_WAPITI_SECONDS (default 120). SCAN_QUICK=1: sqlmap on sign-in, one id and one query route
# only; SCAN_ONLY=<regex>: the targets matching it; SCAN_KEEP=1 keeps the work folder (reports,
# server log). Exit status 1 when sqlmap confirmed an injection, wapiti found a vulnerability
# other than the expected ones below, or the server answered a 5xx or logged an error.
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
LOG="$WORK/server.log"
SERVER_PID=''
STARTED=$(date +%s)

cleanup() {
  if [ -n "$SERVER_PID" ]; then kill "$SERVER_PID" 2>/dev/null || true; fi
  if [ -n "${SCAN_KEEP:-}" ]; then echo "scan: kept $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT

echo "scan: server on $BASE, data in $WORK"
# Production mode (no dev outbox or debug answers), plain HTTP on loopback so cookies are sent.
# The OpenAPI document lists the targets. TRUST_PROXY: sqlmap's payloads carry a random
# X-Forwarded-For (its xforwardedfor tamper), so the per-address limits on sign-in and the other
# public calls do not turn every payload into a 429 that never reaches a query. Every request is
# logged (info) so the answers can be counted and any 5xx found.
NODE_ENV=production COOKIE_SECURE=false HOST=127.0.0.1 PORT="$PORT" PUBLIC_URL="$BASE" \
  DATA_DIR="$WORK/data" ADMIN_TOKEN="$ADMIN_TOKEN" APP_SECRET="$APP_SECRET" LOG_LEVEL=info \
  API_DOCS=true TRUST_PROXY=true RENDER_THREADS=1 \
  node "$SERVER" >"$LOG" 2>&1 &
SERVER_PID=$!
for _ in $(seq 1 240); do
  curl -fs "$BASE/api/health" >/dev/null 2>&1 && break
  sleep 0.5
done
curl -fs "$BASE/api/health" >/dev/null || { echo "server did not start" >&2; cat "$LOG" >&2; exit 1; }

json() { python3 -c "import json,sys; print(json.load(sys.stdin)$1)"; }
csrf() { curl -fs -b "$JAR" -c "$JAR" "$BASE/api/csrf-token" | json "['csrfToken']"; }
# A signed-in JSON call with the CSRF token; prints the answer.
call() {
  local method="$1" path="$2" body="${3:-}"
  local args=(-fs -b "$JAR" -c "$JAR" -X "$method" "$BASE$path" -H "x-csrf-token: $TOKEN")
  [ -n "$body" ] && args+=(-H 'content-type: application/json' -d "$body")
  curl "${args[@]}"
}

# The operator's call is a state-changing one like any other: it carries the CSRF token too.
TOKEN="$(csrf)"
CODE="$(curl -fs -b "$JAR" -c "$JAR" -X POST "$BASE/api/admin/invite-codes" \
  -H "authorization: Bearer $ADMIN_TOKEN" -H "x-csrf-token: $TOKEN" \
  -H 'content-type: application/json' -d '{}' | json "['data']['code']")"
call POST /api/auth/register "{\"email\":\"$EMAIL\",\"password\":\"$PASSWORD\",\"firstName\":\"Scan\",\
\"lastName\":\"Test\",\"businessName\":\"Scan Clinic\",\"therapistPhone\":\"5551234567\",\"inviteCode\":\"$CODE\",\
\"ageConfirmed\":true,\"acceptTerms\":true,\"acceptBAA\":true,\"planType\":\"premium\"}" >/dev/null
call POST /api/auth/login "{\"email\":\"$EMAIL\",\"password\":\"$PASSWORD\"}" >/dev/null
TOKEN="$(csrf)"
# The legal gate answers 403 before any query until these are accepted.
BAA_ID="$(call POST /api/legal/baa/accept '{"accept":true,"signatureData":{"name":"Scan Test"}}' |
  json "['data']['id']")"
call POST /api/legal/terms/accept '{"accept":true}' >/dev/null
call POST /api/legal/email-provider-attestation/accept '{"accept":true}' >/dev/null
SMTP_ID="$(call POST /api/email/smtp-config '{"name":"Scan mailbox","smtpHost":"mail.example.com",
  "smtpPort":587,"smtpSecurity":"starttls","smtpUser":"scan@example.com","smtpPassword":"any password",
  "fromAddress":"scan@example.com"}' | json "['data']['configuration']['id']")"
COOKIE="$(awk '!/^#/ || /^#HttpOnly_/ { sub(/^#HttpOnly_/, ""); if (NF >= 7) printf "%s=%s; ", $6, $7 }' "$JAR")"
echo "scan: signed in as $EMAIL, legal documents accepted"
curl -fs "$BASE/api/docs/json" >"$WORK/openapi.json"

# Targets, one a line: method|URL (a * marks a path injection point)|JSON body or -
python3 - "$WORK/openapi.json" "$BASE" "$BAA_ID" "$SMTP_ID" "${SCAN_QUICK:-}" >"$WORK/targets" <<'PY'
import json, re, sys
spec, base, baa_id, smtp_id, quick = json.load(open(sys.argv[1])), *sys.argv[2:]
dummy = '00000000-0000-4000-8000-000000000000'
# Real ids make a route run its query to the end (a 404 stops earlier); else a well-formed one.
# Not for the delete (it would remove the id for the others) nor the mailbox test (it connects).
known = {('GET', '/api/legal/baa/download/{id}'): baa_id,
         ('PUT', '/api/email/smtp-config/{id}'): smtp_id,
         ('PUT', '/api/email/smtp-config/{id}/default'): smtp_id}
mailbox = {'name': 'Scan mailbox', 'smtpHost': 'mail.example.com', 'smtpPort': 587,
           'smtpSecurity': 'starttls', 'smtpUser': 'scan@example.com',
           'smtpPassword': 'any password', 'fromAddress': 'scan@example.com'}
# Routes that validate a body before they look the id up: a valid one, so the lookup runs.
valid_bodies = {('PUT', '/api/email/smtp-config/{id}'): mailbox,
                ('POST', '/api/invite/{token}/accept'):
                    {'password': 'Vq8#Lw2!Rx9$Tz', 'firstName': 'A', 'lastName': 'B'}}
def sample(name, schema):
    schema = schema or {}
    if 'enum' in schema: return str(schema['enum'][0])
    fmt, kind = schema.get('format'), schema.get('type')
    if fmt == 'uuid' or name.endswith('Id') or name == 'id': return dummy
    if fmt == 'date' or name in ('from', 'to'): return '2026-01-01' if name != 'to' else '2026-12-31'
    if fmt == 'date-time': return '2026-01-01T00:00:00.000Z'
    if kind in ('integer', 'number'): return str(max(1, schema.get('minimum', 1)))
    if name == 'cursor': return 'abc'
    return 'abcdef0123'
# Public bodies that reach a lookup: sign-in, the reset request and the reset (by token), the
# waiting list. Most payloads are refused by validation (400) before any query.
bodies = [
    ('POST', '/api/auth/login', {'email': 'a@b.test', 'password': 'secret123'}),
    ('POST', '/api/auth/forgot-password', {'email': 'a@b.test'}),
    ('POST', '/api/auth/reset-password', {'token': 'a' * 43, 'password': 'Vq8#Lw2!Rx9$Tz'}),
    ('POST', '/api/waitlist', {'email': 'a@b.test', 'name': 'A'}),
]
targets = [(m, base + p, json.dumps(b)) for m, p, b in bodies]
skip = re.compile(r'^/api/(docs|admin)')  # the documentation itself; the operator's token routes
for path, ops in sorted(spec['paths'].items()):
    if skip.match(path): continue
    for method, op in sorted(ops.items()):
        method = method.upper()
        params = op.get('parameters', [])
        in_path = [p for p in params if p.get('in') == 'path']
        query = [p for p in params if p.get('in') == 'query']
        if not in_path and not (method == 'GET' and query): continue
        url = path
        for p in in_path:
            schema = p.get('schema') or {}
            value = known.get((method, path)) or sample(p['name'], schema)
            # An enum in the path cannot carry a payload (the query, if any, is tested instead).
            url = url.replace('{%s}' % p['name'], value + ('' if 'enum' in schema else '*'))
        if query:
            url += '?' + '&'.join('%s=%s' % (p['name'], sample(p['name'], p.get('schema'))) for p in query)
        # A path with several ids gets one marker, on the last (sqlmap takes the rest as is).
        if url.count('*') > 1: url = url.replace('*', '', url.count('*') - 1)
        if method == 'GET': body = '-'
        else: body = json.dumps(valid_bodies.get((method, path), {}))
        targets.append((method, base + url, body))
if quick:
    ids = [t for t in targets if '*' in t[1]]
    queries = [t for t in targets if '?' in t[1] and '*' not in t[1]]
    targets = targets[:1] + ids[:1] + queries[:1]
for t in targets: print('|'.join(t))
PY
if [ -n "${SCAN_ONLY:-}" ]; then
  grep -E -- "$SCAN_ONLY" "$WORK/targets" >"$WORK/targets.only" || true
  mv "$WORK/targets.only" "$WORK/targets"
fi
TARGETS=$(wc -l <"$WORK/targets")
echo "scan: $TARGETS sqlmap targets, ${SCAN_JOBS:-2} at a time, each up to ${SCAN_SQLMAP_SECONDS:-90} s," \
  "none started after ${SCAN_SQLMAP_BUDGET:-240} s"

# One sqlmap target: its verdict, in $WORK/result-<n>. An injection sqlmap reports is confirmed by a
# second run (on a loaded machine a slow answer can pass for a time-based one once).
sqlmap_run() {
  local n="$1" method="$2" url="$3" body="$4" seconds="$5"
  local args=(-u "$url" --method "$method" --batch --level 1 --risk 1 --threads 2 --flush-session
    --output-dir "$WORK/sqlmap-$n" -H "x-csrf-token: $TOKEN" --cookie "$COOKIE" --disable-coloring
    --tamper xforwardedfor --ignore-code 400,401,403,404,405,409,413,415,429 --timeout 10 --retries 1
    --union-cols 1-10)
  [ "$body" != '-' ] && args+=(--data "$body" -H 'content-type: application/json')
  timeout "$seconds" sqlmap "${args[@]}" 2>&1 | tr -d '\033' || true
}
scan_one() {
  local n="$1" method="$2" url="$3" body="$4"
  local left=$((SQLMAP_DEADLINE - $(date +%s)))
  if [ "$left" -le 5 ]; then
    echo "skip|$method|$url" >"$WORK/result-$n"
    return
  fi
  local seconds=$((left < ${SCAN_SQLMAP_SECONDS:-90} ? left : ${SCAN_SQLMAP_SECONDS:-90}))
  local out verdict
  out="$(sqlmap_run "$n" "$method" "$url" "$body" "$seconds")"
  printf '%s\n' "$out" >"$WORK/sqlmap-$n.out"
  # sqlmap's own count of the answers that were not 2xx/3xx (some never reach the request log).
  grep -A1 'HTTP error codes detected' <<<"$out" | tail -1 >"$WORK/codes-$n" || true
  local identified='sqlmap identified the following injection|is vulnerable\. Do you want'
  if grep -qiE "$identified" <<<"$out"; then
    if grep -qiE "$identified" <<<"$(sqlmap_run "$n" "$method" "$url" "$body" "${SCAN_SQLMAP_SECONDS:-90}")"; then
      verdict='FOUND'
    else
      verdict='once'
    fi
  elif grep -qiE 'do not appear to be injectable|no parameter\(s\) found' <<<"$out"; then
    verdict='clean'
  else
    verdict='cut'
  fi
  {
    echo "$verdict|$method|$url"
    if [ "$verdict" = FOUND ] || [ "$verdict" = once ]; then
      grep -iE '^ *(Parameter|Type|Title|Payload):' <<<"$out" | sed 's/^ */       /'
    elif [ "$verdict" = cut ]; then
      echo "       stopped after $seconds s: $(grep -E 'CRITICAL|ERROR' <<<"$out" | tail -1 | cut -c1-160)"
    fi
  } >"$WORK/result-$n"
}
export -f sqlmap_run scan_one
SQLMAP_DEADLINE=$(($(date +%s) + ${SCAN_SQLMAP_BUDGET:-240}))
export WORK TOKEN COOKIE SCAN_SQLMAP_SECONDS SQLMAP_DEADLINE

echo
echo "== sqlmap (level 1, risk 1, every technique) =="
nl -nln -s'|' -w1 "$WORK/targets" |
  xargs -d '\n' -P "${SCAN_JOBS:-2}" -I{} bash -c 'IFS="|" read -r n m u b <<<"$1"; scan_one "$n" "$m" "$u" "$b"' _ {}
python3 - "$WORK" "$LOG" "$TARGETS" <<'PY'
import collections, json, os, re, sys
work, log, total = sys.argv[1], sys.argv[2], int(sys.argv[3])
results = []
for n in range(1, total + 1):
    lines = open(os.path.join(work, 'result-%d' % n)).read().splitlines()
    verdict, method, url = lines[0].split('|')
    path = '/' + url.split('/', 3)[3]
    # The log has the path without the query: a path target owns every path that starts like it
    # up to its injection point (the longest such start wins), a query or body target its path.
    key = tuple(path.split('*', 1)) if '*' in path else (path.split('?')[0], None)
    results.append((verdict, method, url, key, lines[1:]))
by_target = collections.defaultdict(collections.Counter)
for line in open(log, errors='replace'):
    try: j = json.loads(line)
    except ValueError: continue
    req, status = j.get('req') or {}, (j.get('res') or {}).get('statusCode')
    if not status: continue
    url = req.get('url', '')
    owners = [i for i, (_, m, _, (p, after), _) in enumerate(results) if m == req.get('method')
              and (url == p if after is None else url.startswith(p) and url.endswith(after))]
    if owners: by_target[max(owners, key=lambda i: len(''.join(results[i][3][:1] + (results[i][3][1] or '',))))][status] += 1
def sqlmap_codes(n):
    text = open(os.path.join(work, 'codes-%d' % n)).read()
    return {int(c): int(k) for c, k in re.findall(r'(\d{3}) \([^)]*\) - (\d+) times', text)}
found = requests = 0
verdicts = collections.Counter(r[0] for r in results)
for i, (verdict, method, url, _, extra_lines) in enumerate(results):
    statuses = collections.Counter(by_target[i])
    # The server logs a URL it cannot route (an id over 100 characters) without its path, so
    # sqlmap's counts of error answers win over the log's when it printed them.
    errors = sqlmap_codes(i + 1)
    if errors: statuses = collections.Counter({**{s: c for s, c in statuses.items() if s < 400}, **errors})
    count = sum(statuses.values())
    requests += count
    found += verdict == 'FOUND'
    summary = ' '.join('%s×%d' % (s, c) for s, c in sorted(statuses.items()))
    print('%-5s %-6s %s  (%d requests: %s)' % (verdict, method, url.split('/', 3)[3], count, summary))
    for extra in extra_lines: print(extra)
print('sqlmap: %d requests on %d targets: %s' % (requests, total,
      ', '.join('%d %s' % (c, v) for v, c in sorted(verdicts.items()))))
open(os.path.join(work, 'sqlmap-found'), 'w').write(str(found))
PY

echo
echo "== wapiti (crawl from / and the API's GET routes) =="
python3 - "$JAR" "$WORK/wapiti-cookies.json" <<'PY'
import ipaddress, json, sys
jar, out = sys.argv[1], sys.argv[2]
cookies = {}
for line in open(jar):
    if line.startswith('#HttpOnly_'):
        line = line[len('#HttpOnly_'):]
    elif line.startswith('#') or not line.strip():
        continue
    domain, _, path, _, _, name, value = line.rstrip('\n').split('\t')
    # wapiti looks an address up as is, a host name by its dotted parent domains.
    try:
        ipaddress.ip_address(domain)
        key = domain
    except ValueError:
        key = '.' + domain.lstrip('.')
    cookies.setdefault(key, {}).setdefault(path, {})[name] = {
        'value': value, 'version': 0, 'expires': None, 'secure': False, 'port': None}
json.dump(cookies, open(out, 'w'))
PY
starts=()
while IFS='|' read -r method url _; do
  [ "$method" = GET ] && starts+=(-s "${url//\*/}")
done <"$WORK/targets"
before=$(wc -l <"$LOG")
# No ssrf or xxe module: they ask wapiti's server on the internet whether the app called it.
timeout $((${SCAN_WAPITI_SECONDS:-120} + 60)) wapiti -u "$BASE/" "${starts[@]}" --scope domain \
  -c "$WORK/wapiti-cookies.json" -H "x-csrf-token: $TOKEN" --flush-session --no-bugreport \
  --store-session "$WORK/wapiti-session" --store-config "$WORK/wapiti-config" \
  --max-scan-time "${SCAN_WAPITI_SECONDS:-120}" --max-attack-time 30 \
  -m "sql,blindsql,xss,permanentxss,exec,file,crlf,redirect,htaccess,backup,methods,http_headers,cookieflags,csp" \
  -f txt -o "$WORK/wapiti.txt" >"$WORK/wapiti.log" 2>&1 || true
if [ -f "$WORK/wapiti.txt" ]; then
  python3 - "$WORK/wapiti.txt" "$LOG" "$before" >"$WORK/wapiti.summary" <<'PY'
import collections, json, re, sys
report, log, before = sys.argv[1], sys.argv[2], int(sys.argv[3])
# Findings this setup produces by design, with the reason; anything else counts.
EXPECTED = [
    ('Secure Flag cookie', '', 'the scan runs over plain HTTP (COOKIE_SECURE=false); over HTTPS '
     'every cookie is Secure, with the __Host- prefix'),
    ('HTTP Secure Headers', 'X-XSS-Protection', 'the app sends X-XSS-Protection: 0 on purpose (the '
     'browsers\' XSS filter is gone and could be abused; the CSP covers scripts); wapiti 3.0 wants 1'),
]
statuses = collections.Counter()
for line in open(log, errors='replace').readlines()[before:]:
    try: statuses[json.loads(line)['res']['statusCode']] += 1
    except (ValueError, KeyError, TypeError): pass
print('wapiti: %d requests (%s)' % (sum(statuses.values()),
      ' '.join('%s×%d' % kv for kv in sorted(statuses.items()))))
lines = open(report, errors='replace').read().splitlines()
# A category's details: its title, a line of dashes, then findings separated by "*   *   *".
counted, expected = [], collections.Counter()
for i in range(1, len(lines)):
    if not re.fullmatch(r'-{3,}', lines[i]) or lines[i - 1].startswith('Summary'): continue
    category, title_next = lines[i - 1].strip(), True
    for line in lines[i + 1:]:
        if line.startswith('*' * 20): break
        if line.strip() == '*   *   *': title_next = True
        elif title_next and line.strip():
            title_next = False
            why = next((r for c, d, r in EXPECTED if c == category and d in line), None)
            if why: expected[(category, why)] += 1
            else: counted.append('%s: %s' % (category, line.strip()))
anomalies = [l.strip() for l in lines if re.match(r'^ *Internal Server Error *: *[1-9]', l)]
for (category, why), n in sorted(expected.items()):
    print('expected  %s ×%d (%s)' % (category, n, why))
for finding in counted + anomalies:
    print('FOUND     %s' % finding)
print('wapiti: %d finding(s) beyond the expected ones' % (len(counted) + len(anomalies)))
PY
  cat "$WORK/wapiti.summary"
  WAPITI_VULNS=$(sed -n 's/^wapiti: \([0-9]*\) finding.*/\1/p' "$WORK/wapiti.summary")
else
  echo "wapiti wrote no report:"
  tail -20 "$WORK/wapiti.log"
  WAPITI_VULNS=1
fi

echo
FAILURES=$(python3 - "$LOG" <<'PY'
import json, sys
errors = fives = 0
for line in open(sys.argv[1], errors='replace'):
    try: j = json.loads(line)
    except ValueError: continue
    if j.get('level', 0) >= 50: errors += 1
    if ((j.get('res') or {}).get('statusCode') or 0) >= 500: fives += 1
print(errors + fives)
if errors or fives: print('server: %d error lines, %d answers 5xx' % (errors, fives), file=sys.stderr)
PY
)
if [ "$FAILURES" -gt 0 ]; then
  grep '"level":50' "$LOG" | head -5 | cut -c1-400
fi
FOUND=$(cat "$WORK/sqlmap-found")
echo "scan: sqlmap confirmed $FOUND injection(s) in $TARGETS targets, wapiti $WAPITI_VULNS finding(s)" \
  "beyond the expected ones, server errors and 5xx answers: $FAILURES; $(($(date +%s) - STARTED)) s"
[ "$FOUND" -eq 0 ] && [ "$WAPITI_VULNS" -eq 0 ] && [ "$FAILURES" -eq 0 ]
