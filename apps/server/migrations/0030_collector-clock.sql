-- What a collector says of its clock (the edge agent's status): its difference to the server's and whether it is
-- synchronised, shown on its information card.
ALTER TABLE "collectors" ADD COLUMN "clock_offset_ms" bigint;--> statement-breakpoint
ALTER TABLE "collectors" ADD COLUMN "clock_synced" boolean;