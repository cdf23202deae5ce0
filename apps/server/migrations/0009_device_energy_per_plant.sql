ALTER TABLE "device_energy" DROP CONSTRAINT "device_energy_device_id_period_period_start_pk";--> statement-breakpoint
ALTER TABLE "device_energy" ADD CONSTRAINT "device_energy_device_id_plant_id_period_period_start_pk" PRIMARY KEY("device_id","plant_id","period","period_start");--> statement-breakpoint
CREATE INDEX "collector_devices_device_unbound_idx" ON "collector_devices" USING btree ("device_id","unbound_at");--> statement-breakpoint
CREATE INDEX "collector_devices_plant_id_idx" ON "collector_devices" USING btree ("plant_id");--> statement-breakpoint
CREATE INDEX "device_energy_plant_period_idx" ON "device_energy" USING btree ("plant_id","period","period_start");