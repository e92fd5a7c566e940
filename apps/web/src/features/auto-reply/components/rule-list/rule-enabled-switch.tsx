import { Switch } from '@mantine/core';
import type { AutoReplyRule } from '@switchboard/contract';
import { useUpdateRule } from '../../api/use-update-rule';
import { useAutoReplyText } from '../../auto-reply-text';
import { useAutoReplyNotifications } from '../../hooks/use-auto-reply-notifications';

/** Turns a rule on or off at once (PATCH `{ enabled }`); shows the wanted state while it saves. */
export function RuleEnabledSwitch({ rule }: { rule: AutoReplyRule }) {
  const t = useAutoReplyText();
  const notify = useAutoReplyNotifications();
  const update = useUpdateRule();
  const checked = update.isPending && update.variables ? Boolean(update.variables.body.enabled) : rule.enabled;
  return (
    <Switch
      checked={checked}
      disabled={update.isPending}
      aria-label={t('list.enabledLabel', { name: rule.name })}
      onChange={(event) => {
        const enabled = event.currentTarget.checked;
        update.mutate(
          { id: rule.id, body: { enabled } },
          {
            onSuccess: (saved) =>
              notify.success(t(enabled ? 'list.enabledNotice' : 'list.disabledNotice', { name: saved.name })),
            onError: notify.failure,
          },
        );
      }}
    />
  );
}
