import { PieChart } from 'echarts/charts';
import { DataZoomComponent, LegendComponent, MarkAreaComponent, MarkLineComponent } from 'echarts/components';
import { echarts } from './echarts.ts';

// Parts of the alarm, fault waveform and device charts (legends, zoom, pies, marked lines and areas), kept out of
// the dashboard's download.
echarts.use([PieChart, LegendComponent, DataZoomComponent, MarkAreaComponent, MarkLineComponent]);
