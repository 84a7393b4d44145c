import { useTranslation } from 'react-i18next';

/**
 * The axes of a Mantine chart in the page's direction. Recharts lays out left to right: in
 * Arabic the first category goes to the right (x reversed) and the value axis — or, for a
 * horizontal bar chart, the category axis — to the right edge, so every chart reads the way its
 * page does. `width` is the y axis' width in px (its labels' room).
 */
export function useChartAxes(width: number, y: { allowDecimals?: boolean } = {}) {
  const { i18n } = useTranslation();
  const rtl = i18n.dir() === 'rtl';
  return {
    xAxisProps: { reversed: rtl },
    yAxisProps: { orientation: rtl ? ('right' as const) : ('left' as const), width, ...y },
  };
}
