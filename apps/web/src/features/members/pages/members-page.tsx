import type { Member } from '@water/contract/coupons';
import { membersLocales } from '@water/contract/texts/coupons';
import { Alert, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '@/components/list/data-table.tsx';
import { SearchBar } from '@/components/list/search-bar.tsx';
import { useListState } from '@/components/list/use-list-state.ts';
import { PageHeading } from '@/components/page-heading.tsx';
import type { ListFilters } from '@/lib/call-api.ts';
import { formatFen } from '@/lib/format/money.ts';
import { addPageTexts } from '@/lib/i18n-pages.ts';
import { useMenuTitle } from '@/lib/menu-title.ts';
import { useMembers } from '../api/members.ts';

addPageTexts('members', membersLocales);

/** The filters of `GET /api/members`, as the contract declares them. */
type MemberFilters = ListFilters<'GET /api/members'>;

/** `business/member/index`: the consumers the agents in reach acquired, masked, with what they bought. */
export function MembersPage() {
  const { t, i18n } = useTranslation();
  const menuTitle = useMenuTitle();
  const list = useListState<MemberFilters>({ initialFilters: {} });
  const query = useMembers(list.params);
  const columns: DataColumn<Member>[] = [
    {
      key: 'phone',
      title: t('members.phone'),
      dataIndex: 'phone',
      width: 130,
      render: (phone: string | null) => phone ?? '—',
    },
    {
      key: 'openid',
      title: t('members.openid'),
      dataIndex: 'openid',
      width: 140,
      render: (openid: string | null) => openid ?? '—',
    },
    {
      key: 'agent',
      title: t('members.agent'),
      dataIndex: 'agentName',
      width: 150,
      ellipsis: true,
      // None, or an agent outside the viewer's reach (a member who came from elsewhere).
      render: (name: string | null) => name ?? '—',
    },
    { key: 'orders', title: t('members.orders'), dataIndex: 'orders', sortField: 'orders', width: 110, align: 'right' },
    {
      key: 'paidTotal',
      title: t('members.paidTotal'),
      sortField: 'paidTotal',
      width: 120,
      align: 'right',
      render: (_, member) => formatFen(member.paidTotal, i18n.language),
    },
    { key: 'unusedCoupons', title: t('members.unusedCoupons'), dataIndex: 'unusedCoupons', width: 120, align: 'right' },
    {
      key: 'lastOrder',
      title: t('members.lastOrder'),
      dataIndex: 'lastOrderTime',
      sortField: 'lastOrderTime',
      width: 170,
      render: (time: string | null) => time ?? '—',
    },
    { key: 'joined', title: t('members.joined'), dataIndex: 'createTime', sortField: 'createTime', width: 170 },
  ];
  return (
    <Card variant="borderless">
      <PageHeading title={menuTitle('Members')} />
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('members.privacy')} />
      <SearchBar<MemberFilters>
        onSearch={(values) => list.search({ blurry: values.blurry?.trim() || undefined })}
        onReset={list.reset}
      >
        <Form.Item name="blurry" label={t('members.search')}>
          <Input placeholder={t('members.searchPlaceholder')} allowClear style={{ width: 220 }} inputMode="numeric" />
        </Form.Item>
      </SearchBar>
      <DataTable<Member, MemberFilters>
        tableId="members"
        label={t('members.label')}
        columns={columns}
        list={list}
        query={query}
        rowKey={(member) => member.id}
        exportTo={{ route: 'GET /api/members/download', name: 'members' }}
      />
    </Card>
  );
}
