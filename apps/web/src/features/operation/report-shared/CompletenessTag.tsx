import { Tag } from 'antd';

/** How complete a report's data is: green when whole, orange from 95 %, red below. */
export function CompletenessTag({ ratio }: { ratio: number }) {
  const color = ratio >= 1 ? 'success' : ratio >= 0.95 ? 'warning' : 'error';
  return <Tag color={color}>{(ratio * 100).toFixed(2)} %</Tag>;
}
