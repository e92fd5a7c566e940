import { Button, Card, Grid, Group, Stack, Text } from '@mantine/core';
import type { AutoReplyRule } from '@switchboard/contract';
import { IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useAutoReplyEvents } from '../api/use-auto-reply-events';
import { useAutoReplyText } from '../auto-reply-text';
import { RulesPanel } from '../components/rule-list/rules-panel';
import { HourlyLimitSetting } from '../components/settings/hourly-limit-setting';
import { TryMessage } from '../components/try-message/try-message';
import classes from './auto-reply-page.module.css';

// Loaded when opened: the form brings the contract's rule schemas and the regex safety check.
const RuleFormDrawer = lazy(() => import('../components/rule-form/rule-form-drawer'));

const NEW_RULE = 'new';

/** /views/auto-reply: the rules in priority order, the rule form (?rule=new or ?rule=<id>), Try, the loop guard. */
export default function AutoReplyPage() {
  useAutoReplyEvents();
  const t = useAutoReplyText();
  const [params, setParams] = useSearchParams();
  const open = params.get('rule');

  const setOpen = useCallback(
    (rule: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (rule) next.set('rule', rule);
          else next.delete('rule');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const create = useCallback(() => setOpen(NEW_RULE), [setOpen]);
  const edit = useCallback((rule: AutoReplyRule) => setOpen(rule.id), [setOpen]);

  return (
    <>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Card radius="lg" padding={0} className={classes.card}>
            <Group justify="space-between" align="center" p="md" className={classes.header}>
              {/* The page's title (h1) is the layout's: this line says what the list is. */}
              <Text size="sm" c="dimmed" maw={560}>
                {t('page.subtitle')}
              </Text>
              <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={create}>
                {t('page.newRule')}
              </Button>
            </Group>
            <RulesPanel onCreate={create} onEdit={edit} />
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="lg">
            <TryMessage />
            <HourlyLimitSetting />
          </Stack>
        </Grid.Col>
      </Grid>
      <Suspense fallback={null}>
        {open && <RuleFormDrawer ruleId={open === NEW_RULE ? null : open} onClose={() => setOpen(null)} />}
      </Suspense>
    </>
  );
}
