CREATE TABLE "firmware_rollout_devices" (
	"rollout_id" text NOT NULL,
	"serial" text NOT NULL,
	"target_id" integer NOT NULL,
	"plant_id" integer NOT NULL,
	"collector_serial" text NOT NULL,
	"group_index" integer NOT NULL,
	"command_id" text,
	"started_at" timestamp with time zone,
	CONSTRAINT "firmware_rollout_devices_rollout_id_serial_pk" PRIMARY KEY("rollout_id","serial")
);
--> statement-breakpoint
CREATE TABLE "firmware_rollouts" (
	"id" text PRIMARY KEY NOT NULL,
	"package_id" integer NOT NULL,
	"state" text NOT NULL,
	"halt" text,
	"group_sizes" jsonb NOT NULL,
	"current_group" integer DEFAULT 0 NOT NULL,
	"success_pct" double precision NOT NULL,
	"error_pct" double precision NOT NULL,
	"min_finished" integer NOT NULL,
	"rate_per_minute" integer,
	"install_window" text NOT NULL,
	"low_power_pct" double precision NOT NULL,
	"night_from" integer NOT NULL,
	"night_to" integer NOT NULL,
	"chunk_bytes" integer NOT NULL,
	"judged_from" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_by" integer,
	"approved_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "firmware_rollout_devices" ADD CONSTRAINT "firmware_rollout_devices_rollout_id_firmware_rollouts_id_fk" FOREIGN KEY ("rollout_id") REFERENCES "public"."firmware_rollouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_rollouts" ADD CONSTRAINT "firmware_rollouts_package_id_firmware_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."firmware_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "firmware_rollout_devices_group_idx" ON "firmware_rollout_devices" USING btree ("rollout_id","group_index");--> statement-breakpoint
CREATE INDEX "firmware_rollout_devices_command_idx" ON "firmware_rollout_devices" USING btree ("command_id");