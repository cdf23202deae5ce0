-- The demo fleet goes live first and writes its past after, newest first: how far each plant's history is written.
CREATE TABLE "history_fill" (
	"plant_id" integer PRIMARY KEY NOT NULL,
	"from_at" timestamp with time zone NOT NULL,
	"to_at" timestamp with time zone NOT NULL,
	"filled_from" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);
