// What the usage feature offers the app and other features (ARCHITECTURE.md, "Web folders"):
// the monthly SMS quota's query, its bar (campaign screens) and badge (navigation), plan names.
export { useUsage } from './api/use-usage';
export { UsageBar } from './components/usage-bar';
export { UsageBadge } from './components/usage-badge';
export { usePlanName } from './components/plan-name';
export { useUsageText } from './usage-text';
export { usageLevel, type UsageLevel } from './lib/usage-level';
