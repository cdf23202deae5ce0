-- The fleet curve names a day of every plant in the caller's scope, not devices or a few plants: on the key
-- (device_id, day, plant_id) or (plant_id, day) it still walks every device's or every plant's entries, even for
-- today, which is never compacted. One index entry per device and day.
CREATE INDEX "telemetry_days_day_idx" ON "telemetry_days" USING btree ("day");
