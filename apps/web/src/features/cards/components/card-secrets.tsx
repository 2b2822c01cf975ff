import { DownloadOutlined } from '@ant-design/icons';
import type { CardBatch } from '@water/contract/cards';
import { Alert, Button, Modal, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '@/components/list/download-file.ts';
import { csvOf } from '@/lib/csv.ts';

export type IssuedCards = CardBatch['cards'];

/**
 * The cards just issued or reissued, each with its secret: shown this once, with a CSV of them to
 * print with the cards. Closing it is saying they were kept.
 */
export function CardSecrets({
  title,
  cards,
  fileName,
  onClose,
}: {
  title: string;
  cards: IssuedCards | undefined;
  fileName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const download = () => {
    const rows = (cards ?? []).map((card) => [card.cardNo, card.secret, card.memberPhone ?? '']);
    const csv = csvOf([[t('cards.cardNo'), t('cards.secret'), t('cards.member')], ...rows]);
    saveBlob(new Blob([csv], { type: 'text/csv' }), fileName);
  };
  return (
    <Modal
      open={cards !== undefined}
      title={title}
      onCancel={onClose}
      onOk={onClose}
      okText={t('cards.secretsKept')}
      cancelButtonProps={{ style: { display: 'none' } }}
      width="min(640px, calc(100vw - 16px))"
      destroyOnHidden
    >
      <Alert type="warning" showIcon title={t('cards.secretsOnce')} style={{ marginBottom: 16 }} />
      <Button icon={<DownloadOutlined aria-hidden />} onClick={download} style={{ marginBottom: 16 }}>
        {t('cards.downloadSecrets')}
      </Button>
      <Table
        size="small"
        rowKey="cardNo"
        pagination={cards && cards.length > 10 ? { pageSize: 10, size: 'small' } : false}
        dataSource={cards ?? []}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            key: 'cardNo',
            title: t('cards.cardNo'),
            dataIndex: 'cardNo',
            render: (value: string) => <code>{value}</code>,
          },
          {
            key: 'secret',
            title: t('cards.secret'),
            dataIndex: 'secret',
            render: (value: string) => <code style={{ userSelect: 'all' }}>{value}</code>,
          },
          {
            key: 'member',
            title: t('cards.member'),
            dataIndex: 'memberPhone',
            render: (value: string | null) => value ?? '—',
          },
        ]}
      />
    </Modal>
  );
}
