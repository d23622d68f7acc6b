import { Stack, Tabs, Title } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { ApiKeys } from './ApiKeys';
import { Webhooks } from './Webhooks';

/** Integrations: webhook endpoints and API keys, one tab each; `?endpoint=` (a notice's link)
 * opens that endpoint's delivery log. */
export function DashboardIntegrations() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'keys' ? 'keys' : 'webhooks';
  const opened = Number(params.get('endpoint')) || null;
  return (
    <Stack gap="md">
      <Title order={2}>
        <FormattedMessage id="dashboard.integrations.title" />
      </Title>
      <Tabs value={tab} onChange={(value) => setParams(value === 'keys' ? { tab: 'keys' } : {}, { replace: true })}>
        <Tabs.List>
          <Tabs.Tab value="webhooks">
            <FormattedMessage id="dashboard.integrations.tab.webhooks" />
          </Tabs.Tab>
          <Tabs.Tab value="keys">
            <FormattedMessage id="dashboard.integrations.tab.keys" />
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="webhooks" pt="md">
          <Webhooks opened={opened} />
        </Tabs.Panel>
        <Tabs.Panel value="keys" pt="md">
          <ApiKeys />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
