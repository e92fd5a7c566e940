import { Stack } from '@mantine/core';
import { ExploreLinks } from './home/explore-links';
import { FeatureTiles } from './home/feature-tiles';
import { HeroSection } from './home/hero-section';
import { PlanCards } from './home/plan-cards';

/** /home: what Switchboard does, its plans and where to learn more. */
export default function HomePage() {
  return (
    <Stack gap={56}>
      <HeroSection />
      <FeatureTiles />
      <PlanCards />
      <ExploreLinks />
    </Stack>
  );
}
