import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ServiceCategory } from '@agentdesk/contract/catalog/services';
import type { TDailySales } from '@agentdesk/contract/dashboard/summary';
import { SERVICE_LABELS, formatDay, servicesWithSales } from '../lib/sales-series';

const HEIGHT = 260;

// Made when the axis is first drawn, not when the chunk arrives (an Intl formatter costs a phone
// tens of milliseconds).
let compactNaira: Intl.NumberFormat | undefined;
function formatCompactNaira(value: number): string {
  compactNaira ??= new Intl.NumberFormat('en-NG', {
    style: 'currency',
    currency: 'NGN',
    notation: 'compact',
    maximumFractionDigits: 1,
  });
  return compactNaira.format(value);
}

/**
 * Stacked bars of 30 days of sales by service, drawn by uPlot on a canvas (this module is
 * its own lazy chunk: the home paints first, the chart follows). uPlot has no stacking of
 * its own: each service is drawn as the running total up to it, tallest first, so the
 * lower services cover the bottom of each bar.
 * The canvas is an image to assistive technology; the table beside it carries the numbers.
 */
export default function SalesChart({ daily }: { daily: readonly TDailySales[] }) {
  const theme = useTheme();
  const holder = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const node = holder.current;
    if (!node) return;
    const services = servicesWithSales(daily);
    const dayAt = (index: number) => {
      const day = daily[Math.round(index)];
      return day ? formatDay(day.date) : '';
    };
    const colours: Record<ServiceCategory, string> = {
      airtime: theme.palette.primary.main,
      data: theme.palette.secondary.main,
      electricity: theme.palette.warning.main,
      cable: theme.palette.success.main,
      'result-checker': theme.palette.error.main,
    };
    const own = services.map((service) => daily.map((day) => Number(day.byService[service])));
    const running = own.map((_, index) =>
      daily.map((__, day) => own.slice(0, index + 1).reduce((s, v) => s + v[day]!, 0)),
    );
    const order = services.map((_, index) => index).reverse();
    const axis = {
      stroke: theme.palette.text.secondary,
      grid: { stroke: theme.palette.divider, width: 1 },
      ticks: { stroke: theme.palette.divider, width: 1 },
    };
    const chart = new uPlot(
      {
        width: node.clientWidth || 320,
        height: HEIGHT,
        // A colour key only: the figures are in the summary and the table beside the chart.
        legend: { live: false },
        cursor: { points: { show: false }, drag: { x: false, y: false } },
        select: { show: false, left: 0, top: 0, width: 0, height: 0 },
        scales: {
          x: { time: false, range: [-0.5, daily.length - 0.5] },
          y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
        },
        axes: [
          {
            ...axis,
            // x is the day's index: whole steps only, labelled with the Lagos date.
            incrs: [1, 2, 3, 5, 7, 10, 15],
            values: (_u, splits) => splits.map((index) => dayAt(index)),
            space: 56,
          },
          { ...axis, values: (_u, splits) => splits.map((value) => formatCompactNaira(value)), size: 64 },
        ],
        series: [
          { label: 'Day' },
          ...order.map((index) => {
            const service = services[index]!;
            return {
              label: SERVICE_LABELS[service],
              stroke: colours[service],
              fill: colours[service],
              width: 0,
              points: { show: false },
              paths: uPlot.paths.bars!({ size: [0.7, 32], align: 0 }),
            } satisfies uPlot.Series;
          }),
        ],
      },
      [daily.map((_, index) => index), ...order.map((index) => running[index]!)],
      node,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: node.clientWidth || 320, height: HEIGHT }));
    resize.observe(node);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [daily, theme]);

  return (
    <Box
      ref={holder}
      aria-hidden="true"
      data-testid="sales-chart"
      sx={{
        width: '100%',
        minHeight: HEIGHT,
        '& .u-legend': { fontSize: '0.8rem', color: 'text.secondary' },
        '& .u-legend .u-marker': { borderRadius: '2px' },
        // The key names the services; the x series (the days) has nothing to say there.
        '& .u-legend .u-series:first-of-type': { display: 'none' },
      }}
    />
  );
}
