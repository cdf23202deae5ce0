-- Compact history (docs/decisions/0018-compact-history.md): readings older than a few days are rewritten by the
-- compaction job into one row per device, UTC day and plant, each field an array in device-time order, and their
-- raw rows deleted in the same transaction. Arrays of a day are compressed by PostgreSQL (TOAST), which is what
-- brings a reading from about 270 bytes to under 30. drizzle-kit cannot declare the functions; the table is typed
-- for queries in telemetryDaysTable.ts.
CREATE TABLE "telemetry_days" (
	"device_id" integer NOT NULL,
	"plant_id" integer NOT NULL,
	"day" date NOT NULL,
	-- Device times as microsecond steps: the first after the day's start (UTC), each next after the one before, so
	-- that a steady reporting interval is one repeated value, which compresses to almost nothing.
	"ts_us" bigint[] NOT NULL,
	-- Server times the same way: the first after its reading's device time, each next after the one before [µs].
	"received_us" bigint[] NOT NULL,
	-- One element per reading; a column that is NULL for the whole day is stored as NULL.
	"ac_power_w" real[],
	"energy_today_kwh" real[],
	"energy_total_kwh" double precision[],
	"import_energy_kwh" double precision[],
	-- Per-phase and per-string fields: every reading's elements one after the other, and each reading's element
	-- count in the `_n` array beside it (NULL where the reading had no array).
	"grid_voltage_v" real[],
	"grid_voltage_n" smallint[],
	"grid_current_a" real[],
	"grid_current_n" smallint[],
	"grid_frequency_hz" real[],
	"grid_frequency_n" smallint[],
	"temp_c" real[],
	"status" smallint[],
	"fault_code" integer[],
	"pv_voltage_v" real[],
	"pv_voltage_n" smallint[],
	"pv_current_a" real[],
	"pv_current_n" smallint[],
	"battery_soc_percent" real[],
	"battery_power_w" real[],
	"battery_voltage_v" real[],
	"ghi_wm2" real[],
	"poa_wm2" real[],
	"temp_air_c" real[],
	"temp_module_c" real[],
	"wind_speed_ms" real[],
	-- A device moved to another plant during a day has one row per plant for that day.
	CONSTRAINT "telemetry_days_pkey" PRIMARY KEY ("device_id", "day", "plant_id")
);
--> statement-breakpoint
-- The readings of one compacted row (its day and arrays in column order), in device-time order, with the
-- columns of `telemetry` after plant_id.
-- LANGUAGE sql and STABLE, a single SELECT: PostgreSQL inlines it into the calling query, and the arrays a query
-- does not read are never decompressed.
CREATE FUNCTION telemetry_day_readings(
	date, bigint[], bigint[], real[], real[], double precision[], double precision[],
	real[], smallint[], real[], smallint[], real[], smallint[], real[], smallint[], integer[],
	real[], smallint[], real[], smallint[], real[], real[], real[], real[], real[], real[], real[], real[]
) RETURNS TABLE (
	ts timestamptz, received_at timestamptz, ac_power_w real, energy_today_kwh real, energy_total_kwh double precision,
	import_energy_kwh double precision, grid_voltage_v real[], grid_current_a real[], grid_frequency_hz real[],
	temp_c real, status smallint, fault_code integer, pv_voltage_v real[], pv_current_a real[],
	battery_soc_percent real, battery_power_w real, battery_voltage_v real, ghi_wm2 real, poa_wm2 real,
	temp_air_c real, temp_module_c real, wind_speed_ms real
) LANGUAGE sql STABLE AS $$
	SELECT r.ts, r.received_at, r.ac, r.et, r.etot, r.imp,
		CASE WHEN r.gv_n IS NOT NULL THEN $8[r.gv_end - r.gv_n + 1 : r.gv_end] END,
		CASE WHEN r.gi_n IS NOT NULL THEN $10[r.gi_end - r.gi_n + 1 : r.gi_end] END,
		CASE WHEN r.gf_n IS NOT NULL THEN $12[r.gf_end - r.gf_n + 1 : r.gf_end] END,
		r.temp, r.st, r.fc,
		CASE WHEN r.pvv_n IS NOT NULL THEN $17[r.pvv_end - r.pvv_n + 1 : r.pvv_end] END,
		CASE WHEN r.pvi_n IS NOT NULL THEN $19[r.pvi_end - r.pvi_n + 1 : r.pvi_end] END,
		r.bs, r.bp, r.bv, r.ghi, r.poa, r.tair, r.tmod, r.wind
	FROM (
		SELECT u.*,
			($1::timestamp AT TIME ZONE 'UTC') + (sum(u.dts) OVER w)::bigint * interval '1 microsecond' AS ts,
			($1::timestamp AT TIME ZONE 'UTC') + (first_value(u.dts) OVER w + sum(u.rus) OVER w)::bigint
				* interval '1 microsecond' AS received_at,
			sum(u.gv_n) OVER w AS gv_end, sum(u.gi_n) OVER w AS gi_end, sum(u.gf_n) OVER w AS gf_end,
			sum(u.pvv_n) OVER w AS pvv_end, sum(u.pvi_n) OVER w AS pvi_end
		FROM unnest($2, $3, $4, $5, $6, $7, $9, $11, $13, $14, $15, $16, $18, $20, $21, $22, $23, $24, $25, $26, $27, $28)
			WITH ORDINALITY AS u(dts, rus, ac, et, etot, imp, gv_n, gi_n, gf_n, temp, st, fc, pvv_n, pvi_n, bs, bp, bv,
				ghi, poa, tair, tmod, wind, i)
		WINDOW w AS (ORDER BY u.i)
	) r
$$;
--> statement-breakpoint
-- Every reading with from_ts <= ts < to_ts, raw or compacted: the one way the server reads history. Inlined like
-- the function above, so that a caller's conditions on device_id and plant_id reach both tables' keys.
CREATE FUNCTION telemetry_between(from_ts timestamptz, to_ts timestamptz) RETURNS SETOF telemetry
LANGUAGE sql STABLE AS $$
	SELECT * FROM telemetry WHERE ts >= from_ts AND ts < to_ts
	UNION ALL
	SELECT c.device_id, c.plant_id, r.*
	FROM telemetry_days c
	CROSS JOIN LATERAL telemetry_day_readings(c.day, c.ts_us, c.received_us, c.ac_power_w, c.energy_today_kwh,
		c.energy_total_kwh, c.import_energy_kwh, c.grid_voltage_v, c.grid_voltage_n, c.grid_current_a, c.grid_current_n,
		c.grid_frequency_hz, c.grid_frequency_n, c.temp_c, c.status, c.fault_code, c.pv_voltage_v, c.pv_voltage_n,
		c.pv_current_a, c.pv_current_n, c.battery_soc_percent, c.battery_power_w, c.battery_voltage_v, c.ghi_wm2,
		c.poa_wm2, c.temp_air_c, c.temp_module_c, c.wind_speed_ms) r
	WHERE c.day >= (from_ts AT TIME ZONE 'UTC')::date AND c.day <= (to_ts AT TIME ZONE 'UTC')::date
		AND r.ts >= from_ts AND r.ts < to_ts
$$;
