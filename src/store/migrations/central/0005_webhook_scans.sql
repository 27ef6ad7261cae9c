-- Notifications (D52, ADR 0022): per database (`central` or a registered tenant database's name),
-- the horizon up to which its change log was scanned for events. The instance that scans a
-- database holds its row (FOR UPDATE SKIP LOCKED), so one scans it at a time, and writes the new
-- horizon in the transaction that queues the events: a scan is queued once or not at all.
CREATE TABLE webhook_scans (
  banco       text PRIMARY KEY,
  -- pg_snapshot_xmin of that database at the last scan (xid8 as text: another cluster's ids)
  horizonte   text NOT NULL,
  scanned_at  timestamptz NOT NULL DEFAULT now()
);
