import '@mantine/charts/styles.layer.css';
import { AreaChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';
import { useChartAxes } from '../../../lib/chart-axes';

export interface TrendPoint {
  day: string;
  created: number;
  completed: number;
}

/** The admin dashboard's 30-day trend of requests created and completed (loaded lazily). */
export default function AdminTrendChart({ trend }: { trend: TrendPoint[] }) {
  const { t } = useTranslation();
  const axes = useChartAxes(40, { allowDecimals: false });
  return (
    <AreaChart
      h={240}
      data={trend}
      dataKey="day"
      withLegend
      curveType="linear"
      series={[
        { name: 'created', label: t('adminDashboard.created'), color: 'blue.6' },
        { name: 'completed', label: t('adminDashboard.completed'), color: 'teal.6' },
      ]}
      // Right to left in Arabic: the latest day on the left, the value axis on the right.
      {...axes}
    />
  );
}
