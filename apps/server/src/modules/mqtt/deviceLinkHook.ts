import type { StartupHook } from '../../startupHooks.ts';
import { deviceLinkFor } from '../telemetry/deviceLinkFor.ts';
import { startDeviceLinkJobs } from '../telemetry/startDeviceLinkJobs.ts';
import { startEmbeddedBroker } from './startEmbeddedBroker.ts';
import { startExternalConsumer } from './startExternalConsumer.ts';

/**
 * The device link beside the HTTP server: the embedded broker on MQTT_PORT (or the consumer of the external broker
 * at MQTT_URL) and the device-link jobs (offline detection, rollups, partitions).
 */
export const deviceLinkHook: StartupHook = {
  name: 'device link',
  async start({ config, database, logger }) {
    const pipeline = deviceLinkFor(database.db, logger);
    const stopJobs = startDeviceLinkJobs(database, logger);
    let closeTransport: () => Promise<void>;
    if (config.mqttUrl) {
      const consumer = await startExternalConsumer({
        pipeline,
        url: config.mqttUrl,
        clientIdPrefix: config.mqttClientId,
      });
      logger.info(
        { url: config.mqttUrl.replace(/\/\/[^@]*@/, '//***@'), clientId: config.mqttClientId },
        'ingesting from the external MQTT broker',
      );
      closeTransport = () => consumer.close();
      pipeline.brokerUrl = config.mqttUrl;
    } else {
      const broker = await startEmbeddedBroker({ pipeline, port: config.mqttPort, host: config.host });
      logger.info({ mqttPort: broker.port }, `MQTT broker listening on port ${broker.port}`);
      closeTransport = () => broker.close();
      pipeline.brokerUrl = `mqtt://127.0.0.1:${broker.port}`;
    }
    return async () => {
      await closeTransport();
      await pipeline.flush();
      await stopJobs();
    };
  },
};
