import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('gives the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      mqttPort: 1883,
      adminPassword: undefined,
      simulator: true,
      consoleClientId: 'console',
      consoleClientSecret: 'console-secret',
      smtpUrl: undefined,
      filesDir: path.resolve('./data/files'),
      webDistDir: undefined,
      webBuilding: false,
      accessTokenTtlSeconds: 1800,
      refreshTokenTtlSeconds: 604800,
      logLevel: 'info',
      firmwareMaxBytes: 64 * 1024 * 1024,
    });
    expect(Object.isFrozen(c)).toBe(true);
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '9000',
      DATA_DIR: '/srv/solarops',
      DATABASE_URL: 'postgres://u:p@db:5432/solarops',
      SIMULATOR: 'off',
      SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
      ADMIN_PASSWORD: 'Very-secret-1',
      ACCESS_TOKEN_TTL_SECONDS: '600',
      TRUST_PROXY: 'true',
      WEB_DIST_DIR: '/srv/solarops/console',
      WEB_BUILDING: 'true',
      FIRMWARE_MAX_BYTES: '2097152',
    });
    expect(c).toMatchObject({
      port: 9000,
      dataDir: '/srv/solarops',
      filesDir: '/srv/solarops/files',
      databaseUrl: 'postgres://u:p@db:5432/solarops',
      simulator: false,
      adminPassword: 'Very-secret-1',
      accessTokenTtlSeconds: 600,
      trustProxy: true,
      webDistDir: '/srv/solarops/console',
      webBuilding: true,
      firmwareMaxBytes: 2 * 1024 * 1024,
    });
  });

  it('treats an empty value as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: ' ' })).toMatchObject({
      databaseUrl: undefined,
      smtpUrl: undefined,
    });
  });

  it('reads where the demo fleet stands and which of its collectors are left without power', () => {
    expect(loadConfig({})).toMatchObject({ simulatorSites: 'demo', simulatorUnplugged: [] });
    expect(
      loadConfig({ SIMULATOR_SITES: 'daylight', SIMULATOR_UNPLUGGED: 'SOC244000013, SOC243100014' }),
    ).toMatchObject({ simulatorSites: 'daylight', simulatorUnplugged: ['SOC244000013', 'SOC243100014'] });
    expect(() => loadConfig({ SIMULATOR_SITES: 'moon' })).toThrow(/SIMULATOR_SITES/);
    expect(() => loadConfig({ SIMULATOR_UNPLUGGED: 'SIN192200003' })).toThrow(
      'SIMULATOR_UNPLUGGED: collector serials: SOC and nine digits',
    );
  });

  it('reads the keys simulated collectors trust firmware from as a comma list', () => {
    const key = (c: string) => `${c.repeat(43)}=`;
    expect(loadConfig({})).toMatchObject({ simulatorFirmwareKeys: [] });
    expect(loadConfig({ SIMULATOR_FIRMWARE_KEYS: ` ${key('A')},,${key('b')} ` })).toMatchObject({
      simulatorFirmwareKeys: [key('A'), key('b')],
    });
    expect(() => loadConfig({ SIMULATOR_FIRMWARE_KEYS: `${key('A')},short=` })).toThrow(
      'SIMULATOR_FIRMWARE_KEYS: Ed25519 public keys: 32 bytes in base64',
    );
  });

  it('lists every bad variable by name', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        SIMULATOR: 'maybe',
        ADMIN_PASSWORD: 'short',
        ACCESS_TOKEN_TTL_SECONDS: '0',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const vars = (error as ConfigError).problems.map((p) => p.variable).sort();
    expect(vars).toEqual(['ACCESS_TOKEN_TTL_SECONDS', 'ADMIN_PASSWORD', 'DATABASE_URL', 'PORT', 'SIMULATOR']);
    expect((error as Error).message).toContain(
      'DATABASE_URL: must be a URL with scheme postgres:// or postgresql://',
    );
  });
});
