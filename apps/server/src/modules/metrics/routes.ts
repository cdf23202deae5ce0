import { monitorEventLoopDelay } from 'node:perf_hooks';
import { timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import pg from 'pg';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { COMMAND_STATES } from '@solarops/contracts';
import { AppError, notFound } from '../../http/AppError.ts';
import { badSignatureNotifications } from '../orders/service.ts';
import { prometheusText, type MetricFamily } from './prometheusText.ts';

const OPEN_STATES = ['queued', 'sent', 'acked'] as const;

/**
 * `GET /metrics` in Prometheus's text format, for the operator's monitoring (docs/operations.md): the ingest
 * (readings and batches as counters, so that `rate()` gives the ingest rate; the queue waiting for a commit),
 * commands (open ones by state from the database, state changes seen by this instance), the database pool,
 * the event loop's delay since the last scrape, memory and CPU. Each instance answers for itself; the command
 * counts from the database are the fleet's. Off unless METRICS_TOKEN is set (404, as if there were no such
 * page): the figures tell an outsider how big the fleet is and when the server is busy, and the console's port is
 * often the internet's. With it set, the scraper must send it as a bearer token (401 otherwise).
 */
const plugin: FastifyPluginAsyncZod = async (app) => {
  const { deviceLink, commandCenter, db, config } = app.deps;

  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  app.addHook('onClose', async () => loopDelay.disable());

  const token = config.metricsToken ? Buffer.from(`Bearer ${config.metricsToken}`) : undefined;
  const allowed = (expected: Buffer, header: string | undefined) => {
    const given = Buffer.from(header ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  app.get(
    '/metrics',
    {
      schema: {
        tags: ['system'],
        summary:
          'Prometheus metrics of this instance (text format), with the bearer token METRICS_TOKEN; 404 while it is not set',
      },
    },
    async (request, reply) => {
      if (!token) throw notFound();
      if (!allowed(token, request.headers.authorization?.replace(/^bearer /i, 'Bearer ')))
        throw new AppError(401, 'unauthorized');
      const link = deviceLink.metrics();
      const open = await commandCenter.openCounts();
      const commandChanges = commandCenter.changeCounts();
      const client = (db as unknown as { $client?: unknown }).$client;
      const pool = client instanceof pg.Pool ? client : undefined;
      const memory = process.memoryUsage();
      const cpu = process.cpuUsage();
      const delay = (q: number) => loopDelay.percentile(q) / 1e9;
      const families: MetricFamily[] = [
        counter('solarops_ingest_batches_total', 'Telemetry batches stored', link.batches),
        counter(
          'solarops_ingest_readings_total',
          'Readings stored (rate() of it is the ingest rate)',
          link.readingsStored,
        ),
        counter(
          'solarops_ingest_readings_quarantined_total',
          'Readings set aside (clock out of range)',
          link.readingsQuarantined,
        ),
        counter('solarops_ingest_commits_total', 'Group commits of the ingest', link.commits),
        {
          name: 'solarops_ingest_rejected_total',
          help: 'Batches, readings and connections refused, by reason',
          type: 'counter',
          samples: Object.entries(link.rejected).map(([reason, value]) => ({ labels: { reason }, value })),
        },
        gauge('solarops_ingest_queue_batches', 'Batches waiting for a group commit', link.queueLength),
        gauge(
          'solarops_mqtt_connected_collectors',
          'Collectors connected to the embedded broker',
          link.connectedCollectors,
        ),
        {
          name: 'solarops_commands_open',
          help: 'Commands not ended yet, by state (the whole fleet, from the database)',
          type: 'gauge',
          samples: OPEN_STATES.map((state) => ({ labels: { state }, value: open[state] })),
        },
        {
          name: 'solarops_command_changes_total',
          help: 'Command state changes made by this instance, by the new state',
          type: 'counter',
          samples: COMMAND_STATES.map((state) => ({
            labels: { state },
            value: commandChanges.get(state) ?? 0,
          })),
        },
        gauge(
          'solarops_db_pool_connections',
          'PostgreSQL connections of this instance (0 on PGlite)',
          pool?.totalCount ?? 0,
        ),
        gauge('solarops_db_pool_idle', 'Idle PostgreSQL connections', pool?.idleCount ?? 0),
        gauge(
          'solarops_db_pool_waiting',
          'Queries waiting for a PostgreSQL connection',
          pool?.waitingCount ?? 0,
        ),
        {
          name: 'nodejs_eventloop_delay_seconds',
          help: 'Event loop delay since the last scrape',
          type: 'summary',
          samples: [
            { labels: { quantile: '0.5' }, value: delay(50) },
            { labels: { quantile: '0.99' }, value: delay(99) },
            { labels: { quantile: '1' }, value: loopDelay.max / 1e9 },
          ],
        },
        {
          name: 'nodejs_memory_bytes',
          help: 'Process memory by kind (rss, heapUsed, heapTotal, external, arrayBuffers)',
          type: 'gauge',
          samples: Object.entries(memory).map(([kind, value]) => ({ labels: { kind }, value })),
        },
        {
          name: 'solarops_payment_notifications_bad_signature_total',
          help: 'Payment notifications refused for their signature (not stored), by provider',
          type: 'counter',
          samples: [...badSignatureNotifications].map(([provider, value]) => ({
            labels: { provider },
            value,
          })),
        },
        counter(
          'process_cpu_seconds_total',
          'CPU time of this process (user and system)',
          (cpu.user + cpu.system) / 1e6,
        ),
        gauge(
          'process_start_time_seconds',
          'When this process started (Unix time)',
          Math.round(Date.now() / 1000 - process.uptime()),
        ),
      ];
      loopDelay.reset();
      return reply.type('text/plain; version=0.0.4; charset=utf-8').send(prometheusText(families));
    },
  );
};

const counter = (name: string, help: string, value: number): MetricFamily => ({
  name,
  help,
  type: 'counter',
  samples: [{ value }],
});
const gauge = (name: string, help: string, value: number): MetricFamily => ({
  name,
  help,
  type: 'gauge',
  samples: [{ value }],
});

export const metricsModule = fp(plugin, { name: 'metrics', encapsulate: true });
