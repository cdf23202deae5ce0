import type { ReactNode } from 'react';
import { InputNumber, type InputNumberProps, Space } from 'antd';

/**
 * A number field with its unit on the right (%, seconds, a currency, kg/kWh): Ant Design 6 drops InputNumber's
 * `addonAfter` for a compact group of the field and an addon. The props (those a `Form.Item` injects too) go to
 * the field itself.
 */
export function NumberWithUnit({ unit, ...field }: InputNumberProps<number> & { unit: ReactNode }) {
  return (
    <Space.Compact>
      <InputNumber<number> {...field} />
      <Space.Addon>{unit}</Space.Addon>
    </Space.Compact>
  );
}
