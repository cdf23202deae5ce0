-- Custom SQL migration file, put your code below! --
-- Every commit of the ingest updates the latest state of the devices it heard from. With room left on each page,
-- PostgreSQL writes the new row version beside the old one (a HOT update: no new entries in the indexes, and the
-- old version is pruned in place) instead of on another page with an entry in each index. drizzle-kit cannot
-- declare a fill factor; tables.ts says it is set here.
ALTER TABLE "device_latest" SET (fillfactor = 30);
