-- Compact history, measurements as scaled-integer steps (docs/decisions/0018-compact-history.md): each measured
-- field of a compacted day is stored as integers at the field's resolution of that day (the fewest decimals that
-- give back every value of the day exactly: 230.1 V as 2301 at one decimal), each the step from the one before,
-- so that PostgreSQL's compression finds repeats where float bits had none. Grid voltages (noise around a fixed
-- value, smaller as floats), status and fault codes keep their arrays as they were. The column table of
-- historyColumns.ts lists the same fields in the same order.

-- The decimals of a day's values of one field: the most any value needs to be given back exactly (its shortest
-- text, which extra_float_digits > 0 makes exact), at most max_decimals, and fewer when the day's largest value
-- scaled would pass max_scaled (values of very different sizes in one day: the small ones are then rounded at that
-- resolution, far below what a screen shows). NULL when the day has no value.
CREATE FUNCTION telemetry_decimals(vals anyarray, max_scaled double precision, max_decimals integer)
RETURNS smallint LANGUAGE sql IMMUTABLE SET extra_float_digits = 1 AS $$
	SELECT CASE WHEN count(v) > 0 THEN least(
		max(scale(v::text::numeric)), max_decimals,
		floor(log(max_scaled / nullif(max(abs(v::text::double precision)), 0)))::integer
	)::smallint END
	FROM unnest(vals) v
$$;
--> statement-breakpoint
-- The values scaled by 10^decimals as integers, each the step from the value before it (NULLs stay NULL and are
-- skipped: a step follows the last value present).
CREATE FUNCTION telemetry_steps(vals anyarray, decimals smallint) RETURNS bigint[]
LANGUAGE sql IMMUTABLE SET extra_float_digits = 1 AS $$
	SELECT array_agg(d ORDER BY i) FROM (
		SELECT i, s - coalesce(lag(s) OVER (PARTITION BY s IS NULL ORDER BY i), 0) AS d
		FROM (
			SELECT i, round(v::text::numeric * 10::numeric ^ decimals)::bigint AS s
			FROM unnest(vals) WITH ORDINALITY AS u(v, i)
		) x
	) y
$$;
--> statement-breakpoint
-- The values of an array of steps (the reverse of telemetry_steps). Dividing the integer by a power of ten in
-- double precision gives the nearest double of the decimal value, which a cast to real turns into the stored value.
CREATE FUNCTION telemetry_values(steps integer[], decimals smallint) RETURNS double precision[]
LANGUAGE sql IMMUTABLE AS $$
	SELECT array_agg(CASE WHEN d IS NOT NULL THEN s::double precision / 10::double precision ^ decimals END ORDER BY i)
	FROM (SELECT d, i, sum(d) OVER (ORDER BY i) AS s FROM unnest(steps) WITH ORDINALITY AS u(d, i)) x
$$;
--> statement-breakpoint
DROP FUNCTION telemetry_between(timestamptz, timestamptz);
--> statement-breakpoint
DROP FUNCTION telemetry_day_readings(
	date, bigint[], bigint[], real[], real[], double precision[], double precision[],
	real[], smallint[], real[], smallint[], real[], smallint[], real[], smallint[], integer[],
	real[], smallint[], real[], smallint[], real[], real[], real[], real[], real[], real[], real[], real[]
);
--> statement-breakpoint
-- Each field's decimals, in the order of the fields (ac_power_w first, wind_speed_ms last); NULL for the fields
-- kept as they were and for a field with no value that day.
ALTER TABLE "telemetry_days" ADD COLUMN "scales" smallint[];
--> statement-breakpoint
UPDATE "telemetry_days" SET "scales" = ARRAY[
	telemetry_decimals(ac_power_w, 1e9, 8), telemetry_decimals(energy_today_kwh, 1e9, 8),
	telemetry_decimals(energy_total_kwh, 4e15, 22), telemetry_decimals(import_energy_kwh, 4e15, 22), NULL,
	telemetry_decimals(grid_current_a, 1e9, 8), telemetry_decimals(grid_frequency_hz, 1e9, 8),
	telemetry_decimals(temp_c, 1e9, 8), NULL, NULL, telemetry_decimals(pv_voltage_v, 1e9, 8),
	telemetry_decimals(pv_current_a, 1e9, 8), telemetry_decimals(battery_soc_percent, 1e9, 8),
	telemetry_decimals(battery_power_w, 1e9, 8), telemetry_decimals(battery_voltage_v, 1e9, 8),
	telemetry_decimals(ghi_wm2, 1e9, 8), telemetry_decimals(poa_wm2, 1e9, 8), telemetry_decimals(temp_air_c, 1e9, 8),
	telemetry_decimals(temp_module_c, 1e9, 8), telemetry_decimals(wind_speed_ms, 1e9, 8)
]::smallint[];
--> statement-breakpoint
ALTER TABLE "telemetry_days"
	ALTER COLUMN "ac_power_w" SET DATA TYPE integer[] USING telemetry_steps(ac_power_w, scales[1])::integer[],
	ALTER COLUMN "energy_today_kwh" SET DATA TYPE integer[] USING telemetry_steps(energy_today_kwh, scales[2])::integer[],
	ALTER COLUMN "energy_total_kwh" SET DATA TYPE bigint[] USING telemetry_steps(energy_total_kwh, scales[3]),
	ALTER COLUMN "import_energy_kwh" SET DATA TYPE bigint[] USING telemetry_steps(import_energy_kwh, scales[4]),
	ALTER COLUMN "grid_current_a" SET DATA TYPE integer[] USING telemetry_steps(grid_current_a, scales[6])::integer[],
	ALTER COLUMN "grid_frequency_hz" SET DATA TYPE integer[] USING telemetry_steps(grid_frequency_hz, scales[7])::integer[],
	ALTER COLUMN "temp_c" SET DATA TYPE integer[] USING telemetry_steps(temp_c, scales[8])::integer[],
	ALTER COLUMN "pv_voltage_v" SET DATA TYPE integer[] USING telemetry_steps(pv_voltage_v, scales[11])::integer[],
	ALTER COLUMN "pv_current_a" SET DATA TYPE integer[] USING telemetry_steps(pv_current_a, scales[12])::integer[],
	ALTER COLUMN "battery_soc_percent" SET DATA TYPE integer[] USING telemetry_steps(battery_soc_percent, scales[13])::integer[],
	ALTER COLUMN "battery_power_w" SET DATA TYPE integer[] USING telemetry_steps(battery_power_w, scales[14])::integer[],
	ALTER COLUMN "battery_voltage_v" SET DATA TYPE integer[] USING telemetry_steps(battery_voltage_v, scales[15])::integer[],
	ALTER COLUMN "ghi_wm2" SET DATA TYPE integer[] USING telemetry_steps(ghi_wm2, scales[16])::integer[],
	ALTER COLUMN "poa_wm2" SET DATA TYPE integer[] USING telemetry_steps(poa_wm2, scales[17])::integer[],
	ALTER COLUMN "temp_air_c" SET DATA TYPE integer[] USING telemetry_steps(temp_air_c, scales[18])::integer[],
	ALTER COLUMN "temp_module_c" SET DATA TYPE integer[] USING telemetry_steps(temp_module_c, scales[19])::integer[],
	ALTER COLUMN "wind_speed_ms" SET DATA TYPE integer[] USING telemetry_steps(wind_speed_ms, scales[20])::integer[];
--> statement-breakpoint
-- The readings of one compacted row (its day, time steps, scales and field arrays in the order of the table), in
-- device-time order, with the columns of `telemetry` after plant_id. A scaled field's value is the running sum of
-- its steps divided by its power of ten; the flat phase and string arrays are turned into values once per row.
-- LANGUAGE sql and STABLE, a single SELECT: PostgreSQL inlines it into the calling query, and the fields a query
-- does not read are not summed or turned into values.
CREATE FUNCTION telemetry_day_readings(
	date, bigint[], bigint[], smallint[], integer[], integer[], bigint[], bigint[],
	real[], smallint[], integer[], smallint[], integer[], smallint[], integer[], smallint[], integer[],
	integer[], smallint[], integer[], smallint[], integer[], integer[], integer[], integer[], integer[], integer[],
	integer[], integer[]
) RETURNS TABLE (
	ts timestamptz, received_at timestamptz, ac_power_w real, energy_today_kwh real, energy_total_kwh double precision,
	import_energy_kwh double precision, grid_voltage_v real[], grid_current_a real[], grid_frequency_hz real[],
	temp_c real, status smallint, fault_code integer, pv_voltage_v real[], pv_current_a real[],
	battery_soc_percent real, battery_power_w real, battery_voltage_v real, ghi_wm2 real, poa_wm2 real,
	temp_air_c real, temp_module_c real, wind_speed_ms real
) LANGUAGE sql STABLE AS $$
	SELECT r.ts, r.received_at,
		CASE WHEN r.ac IS NOT NULL THEN (r.ac_s / 10::double precision ^ $4[1])::real END,
		CASE WHEN r.et IS NOT NULL THEN (r.et_s / 10::double precision ^ $4[2])::real END,
		CASE WHEN r.etot IS NOT NULL THEN r.etot_s / 10::double precision ^ $4[3] END,
		CASE WHEN r.imp IS NOT NULL THEN r.imp_s / 10::double precision ^ $4[4] END,
		CASE WHEN r.gv_n IS NOT NULL THEN $9[r.gv_end - r.gv_n + 1 : r.gv_end] END,
		CASE WHEN r.gi_n IS NOT NULL THEN l.gi[r.gi_end - r.gi_n + 1 : r.gi_end] END,
		CASE WHEN r.gf_n IS NOT NULL THEN l.gf[r.gf_end - r.gf_n + 1 : r.gf_end] END,
		CASE WHEN r.temp IS NOT NULL THEN (r.temp_s / 10::double precision ^ $4[8])::real END,
		r.st, r.fc,
		CASE WHEN r.pvv_n IS NOT NULL THEN l.pvv[r.pvv_end - r.pvv_n + 1 : r.pvv_end] END,
		CASE WHEN r.pvi_n IS NOT NULL THEN l.pvi[r.pvi_end - r.pvi_n + 1 : r.pvi_end] END,
		CASE WHEN r.bs IS NOT NULL THEN (r.bs_s / 10::double precision ^ $4[13])::real END,
		CASE WHEN r.bp IS NOT NULL THEN (r.bp_s / 10::double precision ^ $4[14])::real END,
		CASE WHEN r.bv IS NOT NULL THEN (r.bv_s / 10::double precision ^ $4[15])::real END,
		CASE WHEN r.ghi IS NOT NULL THEN (r.ghi_s / 10::double precision ^ $4[16])::real END,
		CASE WHEN r.poa IS NOT NULL THEN (r.poa_s / 10::double precision ^ $4[17])::real END,
		CASE WHEN r.tair IS NOT NULL THEN (r.tair_s / 10::double precision ^ $4[18])::real END,
		CASE WHEN r.tmod IS NOT NULL THEN (r.tmod_s / 10::double precision ^ $4[19])::real END,
		CASE WHEN r.wind IS NOT NULL THEN (r.wind_s / 10::double precision ^ $4[20])::real END
	FROM (
		-- OFFSET 0: computed once per compacted row, not once per reading that slices it.
		SELECT telemetry_values($11, $4[6])::real[] AS gi, telemetry_values($13, $4[7])::real[] AS gf,
			telemetry_values($18, $4[11])::real[] AS pvv, telemetry_values($20, $4[12])::real[] AS pvi
		OFFSET 0
	) l
	CROSS JOIN (
		SELECT u.*,
			($1::timestamp AT TIME ZONE 'UTC') + (sum(u.dts) OVER w)::bigint * interval '1 microsecond' AS ts,
			($1::timestamp AT TIME ZONE 'UTC') + (first_value(u.dts) OVER w + sum(u.rus) OVER w)::bigint
				* interval '1 microsecond' AS received_at,
			(sum(u.ac) OVER w)::double precision AS ac_s, (sum(u.et) OVER w)::double precision AS et_s,
			(sum(u.etot) OVER w)::double precision AS etot_s, (sum(u.imp) OVER w)::double precision AS imp_s,
			(sum(u.temp) OVER w)::double precision AS temp_s, (sum(u.bs) OVER w)::double precision AS bs_s,
			(sum(u.bp) OVER w)::double precision AS bp_s, (sum(u.bv) OVER w)::double precision AS bv_s,
			(sum(u.ghi) OVER w)::double precision AS ghi_s, (sum(u.poa) OVER w)::double precision AS poa_s,
			(sum(u.tair) OVER w)::double precision AS tair_s, (sum(u.tmod) OVER w)::double precision AS tmod_s,
			(sum(u.wind) OVER w)::double precision AS wind_s,
			sum(u.gv_n) OVER w AS gv_end, sum(u.gi_n) OVER w AS gi_end, sum(u.gf_n) OVER w AS gf_end,
			sum(u.pvv_n) OVER w AS pvv_end, sum(u.pvi_n) OVER w AS pvi_end
		FROM unnest($2, $3, $5, $6, $7, $8, $10, $12, $14, $15, $16, $17, $19, $21, $22, $23, $24, $25, $26, $27, $28, $29)
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
	CROSS JOIN LATERAL telemetry_day_readings(c.day, c.ts_us, c.received_us, c.scales, c.ac_power_w,
		c.energy_today_kwh, c.energy_total_kwh, c.import_energy_kwh, c.grid_voltage_v, c.grid_voltage_n,
		c.grid_current_a, c.grid_current_n, c.grid_frequency_hz, c.grid_frequency_n, c.temp_c, c.status, c.fault_code,
		c.pv_voltage_v, c.pv_voltage_n, c.pv_current_a, c.pv_current_n, c.battery_soc_percent, c.battery_power_w,
		c.battery_voltage_v, c.ghi_wm2, c.poa_wm2, c.temp_air_c, c.temp_module_c, c.wind_speed_ms) r
	WHERE c.day >= (from_ts AT TIME ZONE 'UTC')::date AND c.day <= (to_ts AT TIME ZONE 'UTC')::date
		AND r.ts >= from_ts AND r.ts < to_ts
$$;
