-- Rate-limit counters are written to no WAL: a site-wide ceiling is one row that every request of
-- its feature updates, and a logged update holds that row until its commit is flushed to disk, so
-- concurrent requests queued behind each other's flushes. Lost on a crash of the database server
-- (not on a clean restart) and not copied to standbys: every limit then starts again from zero.
ALTER TABLE "rate_limits" SET UNLOGGED;
