import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEVICE_LIMITS,
  ROLE,
  collectorStatusMessage,
  deviceLinkMetrics,
  envelope,
  httpReplyAnswer,
  httpReplyBody,
  httpTelemetryAnswer,
} from '@solarops/contracts';
import { AppError, unauthorized } from '../../http/AppError.ts';
import { ok } from '../../http/envelope.ts';
import { requireRole } from '../auth/guards.ts';
import type { CollectorInfo } from './DeviceRegistry.ts';
import { guard } from '../../http/guardsFirst.ts';
import { bearer } from '../../http/routeSchemas.ts';
import { BatchRefused } from './IngestPipeline.ts';

const plugin: FastifyPluginAsyncZod = async (app) => {
  const link = app.deps.deviceLink;

  const collectors = new WeakMap<FastifyRequest, CollectorInfo>();
  /**
   * Guard: the collector of the HTTP Basic header (serial and device secret), or 401 (counted as badCredentials),
   * before the body is read. A collector heard here gets its messages in the answers to its telemetry calls.
   */
  const requireCollector = guard(async (request: FastifyRequest) => {
    const m = /^basic\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    const decoded = m?.[1] ? Buffer.from(m[1], 'base64').toString() : '';
    const colon = decoded.indexOf(':');
    const collector =
      colon > 0
        ? await link.registry.verifyCollector(decoded.slice(0, colon), decoded.slice(colon + 1))
        : undefined;
    if (!collector) {
      link.pipeline.rejections.note(
        'badCredentials',
        colon > 0 ? decoded.slice(0, colon) : request.ip,
        'HTTP ingest',
      );
      throw unauthorized();
    }
    link.heardOver(collector.serial, 'http');
    collectors.set(request, collector);
  });
  /** The collector `requireCollector` let through. */
  const collectorOf = (request: FastifyRequest): CollectorInfo => {
    const collector = collectors.get(request);
    if (!collector) throw unauthorized();
    return collector;
  };
  const refused = (err: unknown) =>
    err instanceof BatchRefused
      ? err.reason === 'oversized'
        ? new AppError(413, 'payloadTooLarge')
        : new AppError(400, 'validationFailed')
      : err;

  // The device link reads a telemetry body itself, as it does over MQTT (the batch scanner takes the bytes):
  // in this route's own context JSON bodies are handed over as they came.
  await app.register(async (textBody) => {
    textBody.removeContentTypeParser('application/json');
    textBody.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    textBody.withTypeProvider<ZodTypeProvider>().post(
      '/device/v1/telemetry',
      {
        // Devices send at most 256 KiB; larger bodies are refused before parsing.
        preHandler: requireCollector,
        bodyLimit: DEVICE_LIMITS.maxPayloadBytes,
        schema: {
          tags: ['device link'],
          security: [{ device: [] }],
          summary: 'A telemetry batch over HTTP (same body as the MQTT topic dev/{sn}/up/telemetry)',
          description:
            'HTTP Basic with the collector serial and device secret. Answers after the commit: `accepted` readings ' +
            'are stored (or were already), bad readings are counted per reason, readings too far in the future or ' +
            'older than 7 days are quarantined. `commands` carries the messages that waited for this collector ' +
            '(each once). See docs/device-protocol.md.',
          response: { 200: envelope(httpTelemetryAnswer) },
        },
      },
      async (request) => {
        const collector = collectorOf(request);
        let ack;
        try {
          ack = await link.pipeline.ingestTelemetry(collector, request.body);
        } catch (err) {
          throw refused(err);
        }
        // Taken only with a stored batch: a refused or failed call leaves them for the next one.
        const commands = link.takeForHttp(collector.serial);
        return ok(commands.length > 0 ? { ...ack, commands } : ack);
      },
    );
  });

  app.post(
    '/device/v1/event',
    {
      preHandler: requireCollector,
      bodyLimit: DEVICE_LIMITS.maxPayloadBytes,
      schema: {
        tags: ['device link'],
        security: [{ device: [] }],
        summary: 'Device events over HTTP (same body as the MQTT topic dev/{sn}/up/event)',
        description:
          'HTTP Basic with the collector serial and device secret. Faults raised and cleared, each optionally with ' +
          'what the device recorded (a grid waveform or an arc-fault spectrum). Answers after the store.',
        response: { 200: envelope(z.object({ seq: z.number().int(), accepted: z.number().int() })) },
      },
    },
    async (request) => {
      const collector = collectorOf(request);
      try {
        return ok(await link.pipeline.ingestEvents(collector, request.body));
      } catch (err) {
        throw refused(err);
      }
    },
  );

  app.post(
    '/device/v1/status',
    {
      preHandler: requireCollector,
      bodyLimit: DEVICE_LIMITS.maxPayloadBytes,
      schema: {
        tags: ['device link'],
        security: [{ device: [] }],
        summary: 'A collector’s status over HTTP (same body as the MQTT topic dev/{sn}/up/status)',
        description:
          'HTTP Basic with the collector serial and device secret. What a collector that reaches the server over ' +
          'HTTP only says of itself (firmware version, interval, clock, readings dropped from its full buffer), ' +
          'kept with the collector as a status over MQTT is. A malformed status is refused with 400 and changes ' +
          'nothing. See docs/device-protocol.md.',
        body: collectorStatusMessage,
        response: { 200: envelope(z.object({ state: collectorStatusMessage.shape.state })) },
      },
    },
    async (request) => {
      const collector = collectorOf(request);
      await link.pipeline.updateStatus(collector, request.body);
      return ok({ state: request.body.state });
    },
  );

  app.post(
    '/device/v1/reply',
    {
      preHandler: requireCollector,
      bodyLimit: DEVICE_LIMITS.maxPayloadBytes,
      schema: {
        tags: ['device link'],
        security: [{ device: [] }],
        summary:
          'Command replies over HTTP (the body of the MQTT topic dev/{sn}/up/reply, or several in order)',
        description:
          'HTTP Basic with the collector serial and device secret. Answers once the replies are stored, with the ' +
          'messages that wait for this collector now (a write’s read-back goes out this way at once). See ' +
          'docs/device-protocol.md "Commands".',
        body: httpReplyBody,
        response: { 200: envelope(httpReplyAnswer) },
      },
    },
    async (request) => {
      const collector = collectorOf(request);
      const replies = Array.isArray(request.body) ? request.body : [request.body];
      // In order: a write's `accepted` before its read-back's `succeeded`.
      for (const r of replies) await link.takeReply(collector.serial, JSON.stringify(r));
      const commands = link.takeForHttp(collector.serial);
      return ok({ accepted: replies.length, ...(commands.length > 0 ? { commands } : {}) });
    },
  );

  app.get(
    '/device/v1/metrics',
    {
      preHandler: requireRole(ROLE.admin),
      schema: {
        tags: ['device link'],
        summary: 'Device-link counters: batches, stored and quarantined readings, refusals by reason',
        security: bearer,
        response: { 200: envelope(deviceLinkMetrics) },
      },
    },
    async () => ok(link.metrics()),
  );
};

export const telemetryModule = fp(plugin, { name: 'telemetry', dependencies: ['auth'], encapsulate: true });
