-- Hand-written (issue 14 §4, decision 0041): each server process keeps the companies' calendars (their state and
-- their own holidays) to compute deadlines without a statement; a committed write to `holidays` sends NOTIFY
-- paco_changes like the other kept tables (0004), so every process drops its copies. `companies` (its state) already
-- notifies.
CREATE TRIGGER holidays_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON holidays FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
