// The station screens draw with the console's one chart component (a "no data" note when there is nothing to draw).
export { Chart as EChart, type ChartOption } from '../../../components/chart/Chart.tsx';
