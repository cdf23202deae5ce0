/** Colours of alarm levels 1, 2, 3 in charts (Ant Design's success, warning and error). */
export const LEVEL_CHART_COLORS: Record<number, string> = { 1: '#52c41a', 2: '#faad14', 3: '#ff4d4f' };
