-- Notifications (D52, ADR 0022): per endpoint and resource, when its last change event was due.
-- The first change after a quiet spell is sent at once; a later one is due no sooner than the
-- window after the previous event, so a burst of writes gives one event now and one at the end
-- of the window, whatever the rate. Kept apart from webhook_events, whose rows go when delivered.
CREATE TABLE webhook_cadence (
  endpoint_id  bigint NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  recurso      text NOT NULL,
  ultimo_em    timestamptz NOT NULL,
  PRIMARY KEY (endpoint_id, recurso)
);
