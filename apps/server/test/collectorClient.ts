import mqtt, { type MqttClient } from 'mqtt';

/** Connects a collector to a broker on loopback; resolves once connected, rejects with the broker's refusal. */
export function connectCollector(port: number, serial: string, secret: string): Promise<MqttClient> {
  return new Promise((resolve, reject) => {
    const c = mqtt.connect(`mqtt://127.0.0.1:${port}`, {
      clientId: serial,
      username: serial,
      password: secret,
      reconnectPeriod: 0,
    });
    c.once('connect', () => resolve(c));
    c.once('error', (err) => {
      c.end(true);
      reject(err);
    });
  });
}
