-- Whether a full catalogue sync has ever completed: one row, written by the sync only once
-- every category and service went through. A start without it runs the sync (again: the
-- upserts are idempotent, so a sync cut short by a crash is completed, not duplicated), and
-- /api/health answers 'starting' (503) until then.
--
-- A database whose catalogue an older version synced is left unrecorded on purpose: its rows
-- cannot tell a complete catalogue from one a killed first sync left partial (the very bug this
-- fixes), so its next start runs one full sync, which changes nothing on a complete one.
CREATE TABLE catalog_sync (
  id int PRIMARY KEY CHECK (id = 1),
  -- The last full sync's end; never set back to null.
  completed_at timestamptz NOT NULL
);
