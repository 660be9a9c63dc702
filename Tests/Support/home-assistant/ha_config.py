"""A Home Assistant configuration directory made for one test, with nothing to click through.

    ha_config.py DIR HTTP_PORT MQTT_PORT      → prints a long-lived access token

configuration.yaml: the HTTP API on 127.0.0.1:HTTP_PORT and nothing else HA would reach the network
for (no default_config). .storage/core.config_entries: the MQTT integration's config entry (HA sets
MQTT up by config entry, not YAML) pointed at the test's mosquitto on 127.0.0.1:MQTT_PORT, discovery
on with the `homeassistant` prefix and HA's default birth message. .storage/auth: an owner in the
admin group with a long-lived access token, made the way HA's auth store saves one (a refresh
token of type long_lived_access_token; the access token is an HS256 JWT whose issuer is that
refresh token's id, signed with its jwt_key). Standard library only.
"""
import base64
import hashlib
import hmac
import json
import os
import secrets
import sys
import time
import uuid
from datetime import datetime, timezone


def jwt(payload, key):
    def part(obj):
        return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).rstrip(b"=")
    signing = part({"alg": "HS256", "typ": "JWT"}) + b"." + part(payload)
    signature = base64.urlsafe_b64encode(hmac.new(key.encode(), signing, hashlib.sha256).digest()).rstrip(b"=")
    return (signing + b"." + signature).decode()


def store(key, data, minor=1):
    return {"version": 1, "minor_version": minor, "key": key, "data": data}


def main():
    directory, http_port, mqtt_port = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    os.makedirs(os.path.join(directory, ".storage"), exist_ok=True)
    with open(os.path.join(directory, "configuration.yaml"), "w") as f:
        f.write(f"""homeassistant:
  name: Coach test
  latitude: 0
  longitude: 0
  elevation: 0
  unit_system: metric
  time_zone: UTC
  country: US
http:
  server_host: 127.0.0.1
  server_port: {http_port}
api:
logger:
  default: warning
""")
    now = datetime.now(timezone.utc).isoformat()
    entry = {
        "entry_id": uuid.uuid4().hex, "version": 1, "minor_version": 1, "domain": "mqtt", "title": "127.0.0.1",
        "data": {"broker": "127.0.0.1", "port": mqtt_port, "discovery": True, "discovery_prefix": "homeassistant"},
        "options": {}, "pref_disable_new_entities": False, "pref_disable_polling": False, "source": "user",
        "unique_id": None, "disabled_by": None,
    }
    user_id, token_id, jwt_key = uuid.uuid4().hex, uuid.uuid4().hex, secrets.token_hex(64)
    auth = {
        "users": [{"id": user_id, "group_ids": ["system-admin"], "is_owner": True, "is_active": True, "name": "Coach test",
                   "system_generated": False, "local_only": False}],
        "groups": [{"id": "system-admin", "name": "Administrators"}, {"id": "system-users", "name": "Users"},
                   {"id": "system-read-only", "name": "Read Only"}],
        "credentials": [],
        "refresh_tokens": [{
            "id": token_id, "user_id": user_id, "client_id": None, "client_name": "coach-test", "client_icon": None,
            "token_type": "long_lived_access_token", "created_at": now, "access_token_expiration": 86400.0 * 3650,
            "token": secrets.token_hex(64), "jwt_key": jwt_key, "last_used_at": None, "last_used_ip": None,
            "expire_at": None, "credential_id": None, "version": "2024.3.3",
        }],
    }
    for name, content in (("core.config_entries", store("core.config_entries", {"entries": [entry]})),
                          ("auth", store("auth", auth))):
        path = os.path.join(directory, ".storage", name)
        with open(path, "w") as f:
            json.dump(content, f, indent=2)
        os.chmod(path, 0o600)
    issued = int(time.time())
    print(jwt({"iss": token_id, "iat": issued, "exp": issued + 86400 * 3650}, jwt_key))


main()
