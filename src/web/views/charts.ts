// The charts and their styles in one import: a page opened directly (not after the dashboard) gets both, so a
// legend never spreads over the chart for want of its CSS.
import '@mantine/charts/styles.css';

export { AreaChart, BarChart, DonutChart, LineChart } from '@mantine/charts';
