import { describe, expect, it } from 'vitest';
import { parseEventStream } from './eventStream.ts';

describe('the server push stream parser', () => {
  it('splits events, keeps a partial one for the next chunk and skips comments', () => {
    const first = parseEventStream(
      'retry: 5000\n\n: ping\n\nevent: alarm\ndata: [{"alarmId":7}]\n\nevent: chan',
    );
    expect(first.events).toEqual([{ event: 'alarm', data: '[{"alarmId":7}]' }]);
    const second = parseEventStream(`${first.rest}ged\ndata: [{"alarmId":7}]\n\n`);
    expect(second.events).toEqual([{ event: 'changed', data: '[{"alarmId":7}]' }]);
    expect(second.rest).toBe('');
  });
});
