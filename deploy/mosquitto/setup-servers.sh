#!/bin/sh
# The servers' account in the broker's dynamic security: a role allowed the shared subscription of collectors'
# messages and publishing down to them, and the client the servers sign in with. Run once the broker answers;
# running it again changes nothing but the servers' password. Needs MQTT_ADMIN_PASSWORD, MQTT_SERVER_PASSWORD and
# the broker's address in MQTT_HOST (default mosquitto) and MQTT_BROKER_PORT (default 1883).
set -u
ctrl() { mosquitto_ctrl -h "${MQTT_HOST:-mosquitto}" -p "${MQTT_BROKER_PORT:-1883}" -u admin -P "$MQTT_ADMIN_PASSWORD" dynsec "$@"; }
# mosquitto_ctrl exits with 0 when the broker answers with an error: look at what it says.
missing() { ctrl "$@" 2>&1 | grep -q 'not found'; }
tries=0
until ctrl getDefaultACLAccess >/dev/null 2>&1; do
  tries=$((tries + 1))
  if [ "$tries" -ge 60 ]; then
    echo "the broker did not answer its administrator within 60 s" >&2
    exit 1
  fi
  sleep 1
done
if missing getRole solarops-server; then
  ctrl createRole solarops-server
  ctrl addRoleACL solarops-server subscribePattern '$share/solarops/dev/+/up/#' allow
  ctrl addRoleACL solarops-server subscribePattern 'dev/+/up/#' allow
  ctrl addRoleACL solarops-server publishClientReceive 'dev/+/up/#' allow
  ctrl addRoleACL solarops-server publishClientSend 'dev/+/down/#' allow
fi
if missing getClient solarops-server; then
  ctrl createClient solarops-server -p "$MQTT_SERVER_PASSWORD"
  ctrl addClientRole solarops-server solarops-server
else
  ctrl setClientPassword solarops-server "$MQTT_SERVER_PASSWORD"
fi
echo "the servers' account is ready"
