import { Button, Menu } from '@mantine/core';
import { IconBraces } from '@tabler/icons-react';
import { useCampaignsText } from '../../campaigns-text';

/** "Insert a variable": {name}, {number} and the workspace's custom fields. */
export function VariableMenu({ fields, onInsert }: { fields: string[]; onInsert: (variable: string) => void }) {
  const t = useCampaignsText();
  return (
    <Menu position="bottom-start" withinPortal={false}>
      <Menu.Target>
        <Button variant="light" size="compact-sm" leftSection={<IconBraces size={14} aria-hidden />}>
          {t('messageStep.insert')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => onInsert('{name|there}')}>
          {t('messageStep.variableName')} <code dir="ltr">{'{name|there}'}</code>
        </Menu.Item>
        <Menu.Item onClick={() => onInsert('{number}')}>
          {t('messageStep.variableNumber')} <code dir="ltr">{'{number}'}</code>
        </Menu.Item>
        {fields.length > 0 && <Menu.Label>{t('messageStep.fieldsGroup')}</Menu.Label>}
        {fields.map((key) => (
          <Menu.Item key={key} onClick={() => onInsert(`{${key}}`)}>
            <code dir="ltr">{`{${key}}`}</code>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
