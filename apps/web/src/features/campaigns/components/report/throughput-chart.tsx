import { useComputedColorScheme, useMantineTheme } from '@mantine/core';
import type { CampaignThroughput } from '@switchboard/contract';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatDateTime } from '../../../../lib/format';

interface ThroughputChartProps {
  buckets: CampaignThroughput['buckets'];
  labels: { time: string; sent: string; delivered: string; failed: string };
  /** What the chart shows, for screen readers (the canvas says nothing). */
  description: string;
}

const HEIGHT = 220;

const pad = (n: number) => String(n).padStart(2, '0');
/** An axis tick's time, hh:mm:ss (the buckets are 10 seconds apart). */
function clock(seconds: number): string {
  const d = new Date(seconds * 1000);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/**
 * Sent, delivered and failed messages per 10-second bucket as lines (uPlot on a canvas, its own
 * lazy chunk). Colours follow the light or dark scheme; the width follows the card.
 */
export default function ThroughputChart({ buckets, labels, description }: ThroughputChartProps) {
  const theme = useMantineTheme();
  const scheme = useComputedColorScheme('light');
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const dark = scheme === 'dark';
    const axis = dark ? theme.colors.dark[1] : theme.colors.gray[7];
    const grid = dark ? theme.colors.dark[4] : theme.colors.gray[2];
    const color = (name: string) => theme.colors[name]![dark ? 4 : 7]!;
    const data: uPlot.AlignedData = [
      buckets.map((bucket) => Date.parse(bucket.at) / 1000),
      buckets.map((bucket) => bucket.sent),
      buckets.map((bucket) => bucket.delivered),
      buckets.map((bucket) => bucket.failed),
    ];
    const line = (label: string, stroke: string) => ({
      label,
      stroke,
      width: 2,
      points: { show: buckets.length < 40 },
    });
    const plot = new uPlot(
      {
        width: Math.max(240, element.clientWidth),
        height: HEIGHT,
        legend: { show: true },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        axes: [
          {
            stroke: axis,
            grid: { stroke: grid, width: 1 },
            ticks: { stroke: grid },
            values: (_u, splits) => splits.map(clock),
          },
          { stroke: axis, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid } },
        ],
        series: [
          {
            label: labels.time,
            value: (_u, v) => (v === null ? '' : `${formatDateTime(v * 1000)}:${clock(v).slice(6)}`),
          },
          line(labels.sent, color('blue')),
          line(labels.delivered, color('green')),
          line(labels.failed, color('red')),
        ],
      },
      data,
      element,
    );
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: Math.max(240, element.clientWidth), height: HEIGHT }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [buckets, labels, scheme, theme]);

  // The chart draws left to right in every language (time runs that way on its axis).
  return <div ref={box} role="img" aria-label={description} dir="ltr" data-testid="throughput-chart" />;
}
