import type { StartupHook } from '../../startupHook.ts';
import { startDeviceLinkJobs } from './startDeviceLinkJobs.ts';
import { startEmbeddedBroker } from './startEmbeddedBroker.ts';
import { startExternalConsumer } from './startExternalConsumer.ts';

/**
 * The device link's transports beside the HTTP server: the embedded broker on MQTT_PORT (or the consumer of the
 * external broker at MQTT_URL), which attach themselves to the app's device link, and the device-link jobs
 * (offline detection, rollups, partitions, history).
 */
export const deviceLinkHook: StartupHook = {
  name: 'device link',
  async start({ config, database, deps, logger }) {
    const link = deps.deviceLink;
    const stopJobs = startDeviceLinkJobs(database, link.events, logger, config.history, link.listening);
    let closeTransport: () => Promise<void>;
    if (config.mqttUrl) {
      const consumer = await startExternalConsumer({
        link,
        url: config.mqttUrl,
        clientIdPrefix: config.mqttClientId,
      });
      logger.info(
        { url: config.mqttUrl.replace(/\/\/[^@]*@/, '//***@'), clientId: config.mqttClientId },
        'ingesting from the external MQTT broker',
      );
      closeTransport = () => consumer.close();
    } else {
      const broker = await startEmbeddedBroker({
        link,
        port: config.mqttPort,
        host: config.host,
        maxMessageBytes: config.mqttMaxMessageBytes,
      });
      logger.info({ mqttPort: broker.port }, `MQTT broker listening on port ${broker.port}`);
      closeTransport = () => broker.close();
    }
    return async () => {
      await closeTransport();
      await link.flush();
      await stopJobs();
    };
  },
};
