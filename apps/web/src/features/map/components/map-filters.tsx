import { LIFECYCLES } from '@water/contract/machines';
import { type FleetMapQuery, HEALTHS } from '@water/contract/map';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ACTIVE_AGENTS } from '@/components/agents/agent-entities.ts';
import { EntitySelect } from '@/components/entity-select.tsx';
import { EnumSelect } from '@/components/list/enum-select.tsx';
import { SearchBar } from '@/components/list/search-bar.tsx';
import { MACHINE_MODELS } from '@/components/machines/machine-entities.ts';
import { SITES } from '@/components/sites/site-entities.ts';

const RUNTIMES = ['online', 'offline'] as const;

interface MapSearch extends Omit<FleetMapQuery, 'online'> {
  runtime?: (typeof RUNTIMES)[number];
}

/** The machines page's filters (search, lifecycle, connection, agent, site, model), and health. */
export function MapFilters({ onSearch }: { onSearch: (filters: FleetMapQuery) => void }) {
  const { t } = useTranslation();
  const connection = { online: t('machines.online'), offline: t('machines.offline') };
  return (
    <SearchBar<MapSearch>
      onSearch={({ runtime, blurry, ...values }) =>
        onSearch({
          ...values,
          blurry: blurry?.trim() ? blurry.trim() : undefined,
          online: runtime === undefined ? undefined : runtime === 'online',
        })
      }
      onReset={() => onSearch({})}
    >
      <Form.Item name="blurry" label={t('map.search')}>
        <Input placeholder={t('map.searchPlaceholder')} allowClear style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="health" label={t('map.health')}>
        <EnumSelect values={HEALTHS} labelOf={(value) => t(`map.healths.${value}`)} width={130} />
      </Form.Item>
      <Form.Item name="lifecycle" label={t('machines.lifecycle')}>
        <EnumSelect values={LIFECYCLES} labelOf={(value) => t(`machines.lifecycles.${value}`)} width={130} />
      </Form.Item>
      <Form.Item name="runtime" label={t('machines.runtime')}>
        <EnumSelect values={RUNTIMES} labelOf={(value) => connection[value]} width={110} />
      </Form.Item>
      <Form.Item name="agentId" label={t('machines.agent')}>
        <EntitySelect entity={ACTIVE_AGENTS} lazy allowClear placeholder={t('map.all')} style={{ width: 170 }} />
      </Form.Item>
      <Form.Item name="siteId" label={t('machines.site')}>
        <EntitySelect entity={SITES} lazy allowClear placeholder={t('map.all')} style={{ width: 170 }} />
      </Form.Item>
      <Form.Item name="modelId" label={t('machines.model')}>
        <EntitySelect entity={MACHINE_MODELS} lazy allowClear placeholder={t('map.all')} style={{ width: 150 }} />
      </Form.Item>
    </SearchBar>
  );
}
