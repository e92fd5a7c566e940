import { Card, Tabs, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useFitViewport } from '../../../lib/use-fit-viewport';
import classes from './settings.module.css';

export interface SettingsSection {
  id: string;
  label: string;
  icon: ReactNode;
  /** Under the section's title. */
  description?: string;
  content: ReactNode;
}

interface SettingsLayoutProps {
  /** Names the list of sections for assistive technology. */
  label: string;
  sections: SettingsSection[];
}

/**
 * A settings page that fits the window (no page scroll, spec §2): the sections' names in a side
 * list (tabs on narrow screens), the chosen one in a panel that scrolls inside. The section is in
 * the URL (`?section=`), so a reload or a link opens it again.
 */
export function SettingsLayout({ label, sections }: SettingsLayoutProps) {
  const ref = useFitViewport<HTMLDivElement>(360);
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  const [params, setParams] = useSearchParams();
  const wanted = params.get('section');
  const current = sections.find((section) => section.id === wanted) ?? sections[0]!;
  const choose = (id: string | null) => {
    if (id) setParams({ section: id }, { replace: true });
  };
  return (
    <Card ref={ref} radius="lg" padding={0} className={classes.frame}>
      <Tabs
        value={current.id}
        onChange={choose}
        orientation={wide ? 'vertical' : 'horizontal'}
        keepMounted={false}
        className={classes.tabs}
        classNames={{ list: classes.list, panel: classes.panel, tab: classes.tab, tabLabel: classes.tabLabel }}
      >
        <Tabs.List aria-label={label}>
          {sections.map((section) => (
            <Tabs.Tab key={section.id} value={section.id} leftSection={section.icon}>
              {section.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {sections.map((section) => (
          <Tabs.Panel key={section.id} value={section.id}>
            <div className={classes.panelContent}>
              <Title order={2} size="h4">
                {section.label}
              </Title>
              {section.description && (
                <Text size="sm" c="dimmed" mt={4}>
                  {section.description}
                </Text>
              )}
              <div className={classes.sectionBody}>{section.content}</div>
            </div>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Card>
  );
}
