-- What an edge agent says of its links (latency) and of every device it polls (what discovery found, its poll
-- errors by kind), as its last status said, shown on the collector's information card; null for a datalogger.
ALTER TABLE "collectors" ADD COLUMN "agent_report" jsonb;