DROP INDEX "firmware_rollout_devices_group_idx";--> statement-breakpoint
ALTER TABLE "firmware_rollout_devices" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "firmware_rollout_devices_group_idx" ON "firmware_rollout_devices" USING btree ("rollout_id","group_index","position");