import { describe, expect, it } from 'vitest';
import { endpointPath } from './endpoints.ts';
import { IV_ENDPOINTS } from './ivEndpoints.ts';

describe('endpointPath', () => {
  it('fills each path parameter, encoded', () => {
    expect(endpointPath(IV_ENDPOINTS.taskReport, { id: 12 })).toBe('/iv/tasks/12/report');
    expect(endpointPath(IV_ENDPOINTS.deviceLayout, { sn: 'SN 1/2' })).toBe('/iv/devices/SN%201%2F2/layout');
    expect(endpointPath(IV_ENDPOINTS.templates, {})).toBe('/iv/templates');
  });

  it('refuses a path with a parameter left unfilled', () => {
    expect(() => endpointPath(IV_ENDPOINTS.task, {} as { id: number })).toThrow('no value for :id');
  });
});
