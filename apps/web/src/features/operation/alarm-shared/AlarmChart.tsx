import '../../../components/chart/echartsExtras.ts';

// The alarm screens draw with the console's one chart component, with the extra parts (pies, legends) loaded.
export { Chart as AlarmChart, type ChartOption } from '../../../components/chart/Chart.tsx';

/** Colours of levels 1, 2, 3 (Ant Design's success, warning and error). */
export const LEVEL_CHART_COLORS: Record<number, string> = { 1: '#52c41a', 2: '#faad14', 3: '#ff4d4f' };
