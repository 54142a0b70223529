#!/usr/bin/env bash
# Prepares a fresh Linux server to run the site with `docker compose up -d` (compose.yaml).
# Asks two things: the site's domain and an e-mail address for Let's Encrypt. Checks that the
# domain points at this machine and that ports 80 and 443 are free, then writes .env beside
# compose.yaml with new secrets. An existing .env is kept unless you answer yes.
#
#   scripts/setup-server.sh                          # asks, checks, writes .env
#   scripts/setup-server.sh --public-address 203.0.113.7
#       this server's public address, when its network card does not carry it (a cloud server
#       behind NAT): the domain must point there.
#
# For its test (deploy/setup-server.test.ts), the environment can replace what it would look up:
#   SETUP_DIR               where .env goes (default: the folder above this script)
#   SETUP_DOMAIN_ADDRESSES  the addresses the domain resolves to (space-separated)
#   SETUP_MACHINE_ADDRESSES this machine's addresses (space-separated)
#   SETUP_PORTS             the ports that must be free (default: 80 443)
set -u

dir="${SETUP_DIR:-$(cd "$(dirname "$0")/.." && pwd)}"
env_file="$dir/.env"
given_address=""

while [ $# -gt 0 ]; do
  case "$1" in
    --public-address)
      given_address="${2:-}"
      shift 2 || { echo "--public-address needs an address" >&2; exit 2; }
      ;;
    *)
      echo "Unknown option: $1 (see the top of $0)" >&2
      exit 2
      ;;
  esac
done

fail() {
  printf '\n%s\n' "$*" >&2
  exit 1
}

# Reads one answer; a closed input (Ctrl-D) stops the script instead of looping.
ask() {
  printf '%s ' "$1"
  IFS= read -r answer || fail "No answer given: nothing was written."
  # Spaces around it (and a pasted line's carriage return) are not part of it.
  answer="$(printf '%s' "$answer" | sed -e 's/^[[:space:]]*//' -e 's/[[:space:]]*$//')"
}

# --- 1. An existing .env holds the encryption key of the data already stored: never lose it. ---
if [ -e "$env_file" ]; then
  echo "There is already a settings file: $env_file"
  echo "It holds the key that encrypts donors' PAN and Aadhaar; replacing it by mistake makes them unreadable."
  ask "Write a new one (the password and the encryption key in it are kept)? [y/N]"
  case "$answer" in
    y | Y | yes | YES | Yes) ;;
    *)
      echo "Left as it is. Start the site with: docker compose up -d"
      exit 0
      ;;
  esac
fi

# --- 2. The two questions. ---
while :; do
  ask "The site's domain (for example rescue.example.org):"
  domain="$(printf '%s' "$answer" | tr '[:upper:]' '[:lower:]' | sed -e 's#^https\?://##' -e 's#/.*$##')"
  if printf '%s' "$domain" | grep -Eq '^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]*[a-z0-9]$'; then
    break
  fi
  echo "\"$answer\" is not a domain name: type it as rescue.example.org, without spaces."
done

while :; do
  ask "An e-mail address for Let's Encrypt's notices about the certificate:"
  email="$answer"
  if printf '%s' "$email" | grep -Eq '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'; then
    break
  fi
  echo "\"$email\" is not an e-mail address: type it as name@example.org."
done

# --- 3. Does the domain point at this machine? ---
# The addresses the domain resolves to: what the machine's resolver says (getent, which also reads
# /etc/hosts), else what DNS says (dig).
domain_addresses() {
  if [ -n "${SETUP_DOMAIN_ADDRESSES+set}" ]; then
    printf '%s\n' "$SETUP_DOMAIN_ADDRESSES" | tr ' ' '\n'
  elif command -v getent >/dev/null 2>&1; then
    getent ahosts "$domain" | awk '{ print $1 }'
  elif command -v dig >/dev/null 2>&1; then
    dig +short A "$domain"
    dig +short AAAA "$domain"
  fi | grep -E '^[0-9a-fA-F.:]+$' | sort -u
}

# This machine's own addresses, from its network interfaces (loopback and link-local left out).
machine_addresses() {
  if [ -n "${SETUP_MACHINE_ADDRESSES+set}" ]; then
    printf '%s\n' "$SETUP_MACHINE_ADDRESSES" | tr ' ' '\n'
  elif command -v ip >/dev/null 2>&1; then
    ip -o addr show scope global | awk '{ sub(/\/.*/, "", $4); print $4 }'
  elif command -v hostname >/dev/null 2>&1; then
    hostname -I 2>/dev/null | tr ' ' '\n'
  fi | grep -E '^[0-9a-fA-F.:]+$' | sort -u
}

# Private, shared (carrier NAT) and unique-local addresses: not reachable from the internet.
is_private() {
  printf '%s' "$1" | grep -Eq '^(10\.|192\.168\.|172\.(1[6-9]|2[0-9]|3[01])\.|100\.(6[4-9]|[7-9][0-9]|1[01][0-9]|12[0-7])\.|127\.|[fF][cdCD][0-9a-fA-F]{2}:|::1$)'
}

echo
echo "Checking that $domain points at this machine..."
resolved="$(domain_addresses)"
if [ -z "$resolved" ]; then
  fail "$domain does not resolve to any address here, so no certificate can be issued for it.
At the company where the domain is registered, add an A record (and AAAA for IPv6) for
$domain with this server's public address, wait a few minutes, then run this script again."
fi
echo "  $domain points at: $(printf '%s' "$resolved" | tr '\n' ' ')"

if [ -n "$given_address" ]; then
  ours="$given_address"
else
  ours="$(machine_addresses)"
fi
public_ours="$(printf '%s\n' "$ours" | while read -r address; do
  [ -n "$address" ] && ! is_private "$address" && echo "$address"
done)"

matched=""
for address in $resolved; do
  if printf '%s\n' "$ours" | grep -Fxq "$address"; then matched="$address"; fi
done

if [ -n "$matched" ]; then
  echo "  That is this machine ($matched): good."
elif [ -z "$public_ours" ]; then
  # Behind NAT (most cloud servers) the public address is not on any network card: nothing here
  # can see it, so the check cannot decide. Go on, and say how to be sure.
  echo "  Cannot tell whether that is this machine: its network cards carry only private addresses"
  echo "  ($(printf '%s' "$ours" | tr '\n' ' ')), as behind a cloud provider's NAT."
  echo "  If $domain's address above is this server's public address (your provider's console shows it),"
  echo "  all is well; to have it checked, run again with --public-address THAT-ADDRESS."
else
  fail "$domain points at $(printf '%s' "$resolved" | tr '\n' ' ')but this machine's public address is
$(printf '%s' "$public_ours" | tr '\n' ' ')- Let's Encrypt would not reach this server.
Change the domain's A/AAAA record to this server's address, wait a few minutes and run this again
(or, if this server's public address is another one, run with --public-address THAT-ADDRESS)."
fi

# --- 4. Caddy needs ports 80 and 443. ---
ports="${SETUP_PORTS:-80 443}"
if command -v ss >/dev/null 2>&1; then
  listening="$(ss -Hltn 2>/dev/null | awk '{ print $4 }' | sed 's/.*://' | sort -u)"
  for port in $ports; do
    if printf '%s\n' "$listening" | grep -Fxq "$port"; then
      fail "Port $port is already in use on this machine (another web server?). The site needs ports
$(printf '%s' "$ports" | sed 's/ / and /g'): stop what listens there (\`ss -ltnp\` shows it), then run this again.
If it is this site already running, stop it first: docker compose down"
    fi
  done
  echo "  Ports $(printf '%s' "$ports" | sed 's/ / and /g') are free."
else
  echo "  Cannot check ports $(printf '%s' "$ports" | sed 's/ / and /g') (no \`ss\` here): if something else listens there, the site will not start."
fi

# --- 5. Write .env: new secrets, or the ones already in it. ---
existing() {
  [ -f "$env_file" ] && sed -n "s/^$1=//p" "$env_file" | tail -n 1
}
random_hex() {
  od -An -tx1 -N"$1" /dev/urandom | tr -d ' \n'
}

postgres_password="$(existing POSTGRES_PASSWORD)"
[ -n "$postgres_password" ] || postgres_password="$(random_hex 24)"
encryption_key="$(existing DATA_ENCRYPTION_KEY)"
[ -n "$encryption_key" ] || encryption_key="$(random_hex 32)"

umask 077
{
  echo "# Written by scripts/setup-server.sh on $(date -u '+%Y-%m-%d %H:%M UTC'). compose.yaml reads it. Never commit it."
  echo "SITE_URL=https://$domain"
  echo "# Let's Encrypt writes here about the site's certificate."
  echo "ACME_EMAIL=$email"
  echo "POSTGRES_PASSWORD=$postgres_password"
  echo "# Encrypts donors' PAN and Aadhaar. Without it they cannot be read: keep a copy off this machine."
  echo "DATA_ENCRYPTION_KEY=$encryption_key"
  # Razorpay's keys and the mail server are set in the console (Settings) after the first sign-in;
  # kept here only when an earlier .env had them (an empty line would be a bad value, not "unset").
  for name in RAZORPAY_KEY_ID RAZORPAY_KEY_SECRET RAZORPAY_WEBHOOK_SECRET SMTP_URL; do
    value="$(existing "$name")"
    if [ -n "$value" ]; then echo "$name=$value"; fi
  done
} >"$env_file.new" || fail "Could not write $env_file.new."
previous_note=""
if [ -e "$env_file" ]; then
  cp -p "$env_file" "$env_file.previous" || fail "Could not keep a copy of the old $env_file."
  previous_note="(the old one is kept as $env_file.previous)"
fi
mv "$env_file.new" "$env_file" || fail "Could not write $env_file."

# Without keys in the environment the site starts and waits for them: an admin types them in the
# console's Settings (src/server/console/settings), where they are checked.
keys_note=""
if [ -z "$(existing RAZORPAY_KEY_ID)" ]; then
  keys_note="After you sign in, open Settings in the console and enter the trust's Razorpay keys and
mail server: until then the site takes no donations.
"
fi

cat <<EOF

Settings written to $env_file
$previous_note
KEEP THE ENCRYPTION KEY. It is the line DATA_ENCRYPTION_KEY in $env_file.
It encrypts donors' PAN and Aadhaar; backups do not contain it. If this server is lost and
the key with it, that data cannot be read again. Copy the line now to a safe place off this
machine (a password manager, or on paper in the trust's safe):
    grep DATA_ENCRYPTION_KEY $env_file

$keys_note
Next, start the site (the first start takes a few minutes):
    sudo docker compose up -d

Then find the first-run setup link, which the site prints in its log when no admin exists yet
(if nothing shows, wait a minute and run it again; only the newest link works):
    sudo docker compose logs app | grep 'staff/setup?token=' | tail -n 1
EOF
