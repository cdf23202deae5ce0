-- Custom SQL migration file, put your code below! --
-- The readings table, partitioned by month on the device time (docs/decisions/0003-telemetry-storage.md).
-- drizzle-kit cannot declare partitioning, so this table lives here and in telemetryTable.ts only.
-- Monthly partitions (telemetry_yYYYYmMM) are created ahead by the partition job and on demand by the ingest.
-- No foreign keys: they would cost a lookup per row on the hottest insert; devices are resolved before insert.
CREATE TABLE "telemetry" (
	"device_id" integer NOT NULL,
	"plant_id" integer NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"ac_power_w" real,
	"energy_today_kwh" real,
	"energy_total_kwh" double precision,
	"import_energy_kwh" double precision,
	"grid_voltage_v" real[],
	"grid_current_a" real[],
	"grid_frequency_hz" real[],
	"temp_c" real,
	"status" smallint,
	"fault_code" integer,
	"pv_voltage_v" real[],
	"pv_current_a" real[],
	"battery_soc_percent" real,
	"battery_power_w" real,
	"battery_voltage_v" real,
	"ghi_wm2" real,
	"poa_wm2" real,
	"temp_air_c" real,
	"temp_module_c" real,
	"wind_speed_ms" real,
	-- Idempotent storage (a re-sent batch is stored once) and every per-device range query (history, rollups).
	CONSTRAINT "telemetry_pkey" PRIMARY KEY ("device_id", "ts")
) PARTITION BY RANGE ("ts");
