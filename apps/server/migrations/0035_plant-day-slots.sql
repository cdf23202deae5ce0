-- What each plant's 5-minute slots say of its local day (readings, peak, slots with power and irradiance), kept
-- beside the energy rollups so that a month or a year report reads a row per plant and day, not every reading.
CREATE TABLE "plant_day_slots" (
	"plant_id" integer NOT NULL,
	"day" date NOT NULL,
	"readings" integer NOT NULL,
	"peak_w" double precision,
	"sun_energy_kwh" double precision,
	"sun_poa_kwh_m2" double precision,
	"sun_slots" integer NOT NULL,
	CONSTRAINT "plant_day_slots_plant_id_day_pk" PRIMARY KEY("plant_id","day")
);
--> statement-breakpoint
-- The days already stored, as the rollup writes them from now on (telemetry/plantDaySlots.ts): each device's
-- readings of a slot averaged, the inverters' averages added, the weather stations' averaged; a device counts for
-- the plants it belongs or belonged to.
INSERT INTO "plant_day_slots" ("plant_id", "day", "readings", "peak_w", "sun_energy_kwh", "sun_poa_kwh_m2", "sun_slots")
WITH k AS (
	SELECT d.id AS device_id, d.plant_id, d.kind = 'weatherStation' AS station FROM devices d
	WHERE d.kind IN ('stringInverter', 'microInverter', 'hybridInverter', 'weatherStation')
	UNION
	SELECT d.id, m.plant_id, d.kind = 'weatherStation' FROM collector_devices m JOIN devices d ON d.id = m.device_id
	WHERE d.kind IN ('stringInverter', 'microInverter', 'hybridInverter', 'weatherStation')
),
per_device AS (
	SELECT t.device_id, t.plant_id, date_bin('5 minutes', t.ts, timestamptz '2000-01-01Z') AS slot,
		count(*)::int AS n, avg(t.ac_power_w) AS p, avg(t.poa_wm2) AS g
	FROM telemetry_between('-infinity', 'infinity') t
	WHERE EXISTS (SELECT 1 FROM k WHERE k.device_id = t.device_id AND k.plant_id = t.plant_id)
	GROUP BY 1, 2, 3
),
s AS (
	SELECT pd.plant_id, pd.slot, sum(pd.n) FILTER (WHERE NOT k.station) AS n,
		sum(pd.p) FILTER (WHERE NOT k.station) AS p, avg(pd.g) FILTER (WHERE k.station) AS g
	FROM per_device pd JOIN (SELECT DISTINCT device_id, station FROM k) k ON k.device_id = pd.device_id
	GROUP BY 1, 2
)
SELECT s.plant_id, (s.slot AT TIME ZONE pl.time_zone)::date,
	coalesce(sum(s.n), 0)::int, max(s.p)::float8,
	(sum(s.p) FILTER (WHERE s.g IS NOT NULL) / 12 / 1000)::float8,
	(sum(s.g) FILTER (WHERE s.p IS NOT NULL) / 12 / 1000)::float8,
	(count(*) FILTER (WHERE s.p IS NOT NULL AND s.g IS NOT NULL))::int
FROM s JOIN plants pl ON pl.id = s.plant_id
GROUP BY 1, 2;
