CREATE TABLE "command_batches" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"route" text NOT NULL,
	"params" jsonb NOT NULL,
	"device_count" integer NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ttl_s" integer NOT NULL,
	"needs_approval" text NOT NULL,
	"approved_by" integer,
	"approved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "commands" (
	"id" text PRIMARY KEY NOT NULL,
	"batch_id" text,
	"kind" text NOT NULL,
	"route" text NOT NULL,
	"plant_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"device_serial" text NOT NULL,
	"collector_serial" text NOT NULL,
	"params" jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"reason" text,
	"reason_detail" text,
	"old_values" jsonb,
	"new_values" jsonb,
	"result" jsonb,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"sends" integer DEFAULT 0 NOT NULL,
	"acked_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "operation_log" ADD COLUMN "detail" jsonb;--> statement-breakpoint
ALTER TABLE "commands" ADD CONSTRAINT "commands_batch_id_command_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."command_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commands_open_idx" ON "commands" USING btree ("collector_serial","created_at") WHERE "commands"."state" in ('queued', 'sent', 'acked');--> statement-breakpoint
CREATE INDEX "commands_batch_idx" ON "commands" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "commands_device_idx" ON "commands" USING btree ("device_id","created_at");--> statement-breakpoint
CREATE INDEX "commands_created_at_idx" ON "commands" USING btree ("created_at");