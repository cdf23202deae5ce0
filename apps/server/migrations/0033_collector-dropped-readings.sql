-- What an edge agent says of its buffer: the readings it dropped, oldest first, while its buffer was full (in all,
-- as its last status said), shown on the collector's information card.
ALTER TABLE "collectors" ADD COLUMN "dropped_readings" bigint;