import { SimpleGrid } from '@mantine/core';
import { CARD_NAMES } from '@switchboard/contract';
import type { ReactNode } from 'react';
import { useCardStatistics } from '../api/use-card-statistics';
import type { RangeChoice } from '../lib/analytics-range';
import { KpiCard } from './kpi-card';

/** Every key figure of the range (one §7 card call each), and the month's usage as the last card. */
export function KpiCards({ range, usage }: { range: RangeChoice; usage: ReactNode }) {
  const cards = useCardStatistics(range);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="sm" data-testid="kpi-cards">
      {CARD_NAMES.map((name, index) => (
        <KpiCard key={name} name={name} kpi={cards[index]?.data?.kpi} failed={cards[index]?.isError ?? false} />
      ))}
      {usage}
    </SimpleGrid>
  );
}
