import { Anchor, Card, SimpleGrid, Title } from '@mantine/core';
import { SOCIAL_NETWORKS, type TeamUser } from '@switchboard/contract';
import type { ReactNode } from 'react';
import type { team } from '../../../i18n/locales/en/team';
import { isolateText } from '../../../lib/isolate';
import { formatDay, formatWhen } from '../lib/team-format';
import { useTeamText } from '../team-text';
import classes from './team.module.css';

type Row = [label: string, value: ReactNode];
type FieldKey = keyof (typeof team)['user']['fields'];

/** A titled card of label–value pairs; empty values show a dash. */
function Definitions({ title, rows }: { title: string; rows: Row[] }) {
  const t = useTeamText();
  return (
    <Card withBorder radius="md" padding="lg" className={classes.card}>
      <Title order={2} size="h5" mb="sm">
        {title}
      </Title>
      <dl className={classes.definitions}>
        {rows.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>
              {value === null || value === undefined || value === ''
                ? t('user.none')
                : typeof value === 'string'
                  ? isolateText(value)
                  : value}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

const link = (href: string | null | undefined) =>
  href ? (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm" dir="ltr">
      {href}
    </Anchor>
  ) : null;

/** Every §3 field of the user: account, profile, address and social links. */
export function UserDetails({ user }: { user: TeamUser }) {
  const t = useTeamText();
  const f = (key: FieldKey) => t(`user.fields.${key}`);
  const list = (items: string[]) => (items.length ? items.join(', ') : null);
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <Definitions
        title={t('user.sections.account')}
        rows={[
          [f('username'), user.username && <span dir="ltr">@{user.username}</span>],
          [f('email'), <span dir="ltr">{user.email}</span>],
          [f('isVerified'), user.isVerified ? t('user.yes') : t('user.no')],
          [f('twoFactor'), user.twoFactorEnabled ? t('user.on') : t('user.off')],
          [f('lastActive'), user.lastActiveAt ? formatWhen(user.lastActiveAt) : t('list.never')],
          [f('createdAt'), formatWhen(user.createdAt)],
        ]}
      />
      <Definitions
        title={t('user.sections.profile')}
        rows={[
          [f('dob'), user.dob && formatDay(user.dob)],
          [f('gender'), user.gender && t(`user.genders.${user.gender}`)],
          [f('department'), user.department && t(`user.departments.${user.department}`)],
          [f('company'), user.company],
          [f('country'), user.country],
          [f('mobile'), user.mobile && <span dir="ltr">{user.mobile}</span>],
          [f('website'), link(user.website)],
          [f('languagesKnown'), list(user.languagesKnown)],
          [f('contactOptions'), list(user.contactOptions.map((option) => t(`user.contactOptions.${option}`)))],
        ]}
      />
      <Definitions
        title={t('user.sections.address')}
        rows={[
          [f('addLine1'), user.location.addLine1],
          [f('addLine2'), user.location.addLine2],
          [f('postCode'), user.location.postCode],
          [f('city'), user.location.city],
          [f('state'), user.location.state],
          [f('locationCountry'), user.location.country],
        ]}
      />
      <Definitions
        title={t('user.sections.social')}
        rows={SOCIAL_NETWORKS.map((network): Row => [t(`user.social.${network}`), link(user.socialLinks[network])])}
      />
    </SimpleGrid>
  );
}
