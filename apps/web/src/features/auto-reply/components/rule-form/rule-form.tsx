import { Alert, Button, Divider, Group, Stack, Switch, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { AutoReplyRule, Network } from '@switchboard/contract';
import { IconDeviceFloppy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ApiError } from '../../../../lib/api-client';
import { replaceWithGsm7 } from '../../../../lib/gsm-replacements';
import { useCreateRule } from '../../api/use-create-rule';
import { useUpdateRule } from '../../api/use-update-rule';
import { useAutoReplyText } from '../../auto-reply-text';
import { useAutoReplyNotifications } from '../../hooks/use-auto-reply-notifications';
import { newRuleValues, ruleValues, type RuleFormValues } from '../../lib/rule-form-values';
import { checkCreateRule, checkUpdateRule } from '../../lib/rule-validation';
import { serverFieldErrors } from '../../lib/server-field-errors';
import { BusinessHoursEditor } from './business-hours-editor';
import { KeywordEditor } from './keyword-editor';
import { NetworkChoice } from './network-choice';
import { ReplyEditor } from './reply-editor';
import { ReplyPreview } from './reply-preview';
import { TimingFields } from './timing-fields';
import { TriggerPicker } from './trigger-picker';
import classes from './rule-form.module.css';

interface RuleFormProps {
  /** The rule to edit; null creates one. */
  rule: AutoReplyRule | null;
  networks: Network[];
  onDone: () => void;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section">
      <Title order={3} size="h6" c="dimmed" tt="uppercase">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * Creates or edits a rule. The body is checked with the contract's schema before it is sent (in
 * the user's language); what the server still refuses shows on its field, in its words.
 */
export function RuleForm({ rule, networks, onDone }: RuleFormProps) {
  const t = useAutoReplyText();
  const notify = useAutoReplyNotifications();
  const create = useCreateRule();
  const update = useUpdateRule();
  const form = useForm<RuleFormValues>({ initialValues: rule ? ruleValues(rule) : newRuleValues() });
  const type = form.values.trigger.type;
  const hasErrors = Object.keys(form.errors).length > 0;

  const saved = (result: AutoReplyRule) => {
    notify.success(t(rule ? 'form.saved' : 'form.created', { name: result.name }));
    onDone();
  };
  const refused = (error: unknown) => {
    if (error instanceof ApiError && error.fields?.length) form.setErrors(serverFieldErrors(error.fields));
    notify.failure(error);
  };

  const submit = form.onSubmit((values) => {
    if (rule) {
      const checked = checkUpdateRule(values, t);
      if (!checked.ok) return form.setErrors(checked.errors);
      update.mutate({ id: rule.id, body: checked.data }, { onSuccess: saved, onError: refused });
    } else {
      const checked = checkCreateRule(values, t);
      if (!checked.ok) return form.setErrors(checked.errors);
      create.mutate(checked.data, { onSuccess: saved, onError: refused });
    }
  });

  return (
    <form onSubmit={submit} noValidate className={classes.form}>
      <Stack gap="lg" className={classes.fields}>
        <Section title={t('form.sections.rule')}>
          <TextInput label={t('form.name')} required dir="auto" {...form.getInputProps('name')} />
          <Switch label={t('form.enabled')} {...form.getInputProps('enabled', { type: 'checkbox' })} />
        </Section>
        <Divider />
        <Section title={t('form.sections.trigger')}>
          <TriggerPicker form={form} />
          {type === 'keyword' && <KeywordEditor form={form} />}
          {type === 'outside-hours' && <BusinessHoursEditor form={form} />}
        </Section>
        <Divider />
        <Section title={t('form.sections.reply')}>
          <ReplyEditor form={form} />
          <ReplyPreview
            values={form.values}
            networks={networks}
            onReplaceWithGsm7={() => form.setFieldValue('replyText', replaceWithGsm7(form.values.replyText).text)}
          />
        </Section>
        <Divider />
        <Section title={t('form.sections.limits')}>
          <NetworkChoice form={form} networks={networks} />
          <TimingFields form={form} />
        </Section>
      </Stack>
      <div className={classes.footer}>
        {hasErrors && (
          <Alert color="red" variant="light" p="xs" mb="sm" role="alert">
            {t('form.checkFields')}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone}>
            {t('form.cancel')}
          </Button>
          <Button
            type="submit"
            loading={create.isPending || update.isPending}
            leftSection={<IconDeviceFloppy size={18} aria-hidden />}
          >
            {rule ? t('form.save') : t('form.create')}
          </Button>
        </Group>
      </div>
    </form>
  );
}
