-- The readers of a plant's compacted days (the periodic, availability and abnormal reports, a plant's alarm
-- records) name plants and days, not devices: with only the key (device_id, day, plant_id) they read every
-- compacted row of every device. One entry per device and day, beside a day of its arrays.
CREATE INDEX "telemetry_days_plant_day_idx" ON "telemetry_days" USING btree ("plant_id", "day");
