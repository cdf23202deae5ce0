import type { PlantRow } from '@solarops/contracts';
import { describe, expect, it } from 'vitest';
import { sheetRows } from '../../../test/readWorkbook.ts';
import { plantWorkbook } from './plantWorkbook.ts';

const row = (o: Partial<PlantRow>): PlantRow =>
  ({
    name: 'Roof',
    ownerName: 'Li',
    address: '',
    type: 'residential',
    capacityKw: 10,
    powerW: 0,
    energyTodayKwh: 12,
    energyTotalKwh: 3400,
    status: 'online',
    buildDate: '2020-01-01',
    timeZone: 'UTC',
    currency: 'CNY',
    incomeTodayMinor: 0,
    incomeTotalMinor: 0,
    ...o,
  }) as PlantRow;

describe('the plant workbook', () => {
  it('writes each plant’s income in its currency’s major unit: yen whole, yuan in hundredths', async () => {
    const book = await plantWorkbook(
      [
        row({ name: 'Osaka', currency: 'JPY', incomeTodayMinor: 372, incomeTotalMinor: 105_400 }),
        row({ name: 'Hangzhou', currency: 'CNY', incomeTodayMinor: 672, incomeTotalMinor: 190_400 }),
      ],
      'zh',
    );
    const [head, osaka, hangzhou] = await sheetRows(book);
    const col = (title: string) => head!.indexOf(title);
    expect(col('今日收益')).toBeGreaterThan(0);
    expect([osaka![col('今日收益')], osaka![col('累计收益')], osaka![col('币种')]]).toEqual([
      372,
      105_400,
      'JPY',
    ]);
    expect([hangzhou![col('今日收益')], hangzhou![col('累计收益')], hangzhou![col('币种')]]).toEqual([
      6.72,
      1904,
      'CNY',
    ]);
  });
});
