import type { Member } from '@water/contract/coupons';
import { MEMBER_COLUMNS } from '@water/contract/coupons-columns';
import { couponsLocales, membersLocales } from '@water/contract/texts/coupons';
import { ordersLocales } from '@water/contract/texts/orders';
import { Alert, Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '@/components/list/data-table.tsx';
import { declaredColumns } from '@/components/list/declared-columns.ts';
import { SearchBar } from '@/components/list/search-bar.tsx';
import { useListState } from '@/components/list/use-list-state.ts';
import { PageHeading } from '@/components/page-heading.tsx';
import type { ListFilters } from '@/lib/call-api.ts';
import { addPageTexts } from '@/lib/i18n-pages.ts';
import { useMenuTitle } from '@/lib/menu-title.ts';
import { useMembers } from '../api/members.ts';
import { MemberDetail, memberName } from '../components/member-detail.tsx';

addPageTexts('members', membersLocales);
// A member's detail names their orders' states and their coupons' statuses.
addPageTexts('orders', ordersLocales);
addPageTexts('coupons', couponsLocales);

/** The filters of `GET /api/members`, as the contract declares them. */
type MemberFilters = ListFilters<'GET /api/members'>;

/** `business/member/index`: the consumers the agents in reach acquired, masked, with what they bought. */
export function MembersPage() {
  const { t, i18n } = useTranslation();
  const menuTitle = useMenuTitle();
  const list = useListState<MemberFilters>({ initialFilters: {} });
  const query = useMembers(list.params);
  const [shown, setShown] = useState<Member>();
  const columns: DataColumn<Member>[] = declaredColumns<Member, typeof MEMBER_COLUMNS>(
    MEMBER_COLUMNS,
    t,
    i18n.language,
    {
      phone: {
        render: (_, member) => (
          <Button
            type="link"
            size="small"
            style={{ padding: 0 }}
            aria-label={t('members.details', { name: memberName(member) })}
            onClick={() => setShown(member)}
          >
            {member.phone ?? member.openid ?? `#${member.id}`}
          </Button>
        ),
      },
      orders: { ellipsis: false, align: 'right' },
      unusedCoupons: { ellipsis: false, align: 'right' },
    },
  );
  return (
    <Card variant="borderless">
      <PageHeading title={menuTitle('Members')} />
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('members.privacy')} />
      <SearchBar<MemberFilters> onSearch={list.search} onReset={list.reset}>
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
      <MemberDetail member={shown} onClose={() => setShown(undefined)} />
    </Card>
  );
}
