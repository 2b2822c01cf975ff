import type { Publicity } from '@water/contract/settings';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

interface PublicityContentProps {
  publicity: Publicity;
  /** The heading level: 1 on the page itself, lower inside another page (the settings preview). */
  level?: 1 | 3;
}

/** Heading, text, images and contact of the publicity page, as plain text and pictures. */
export function PublicityContent({ publicity, level = 1 }: PublicityContentProps) {
  const { t } = useTranslation();
  const title = publicity.title ?? t('route.publicity');
  return (
    <>
      <Typography.Title level={level} style={{ marginTop: 0, fontSize: level === 1 ? 26 : 20 }}>
        {title}
      </Typography.Title>
      {publicity.body && (
        <Typography.Paragraph style={{ whiteSpace: 'pre-line', fontSize: 15, overflowWrap: 'anywhere' }}>
          {publicity.body}
        </Typography.Paragraph>
      )}
      {publicity.images && publicity.images.length > 0 && (
        <Flex wrap gap={12} style={{ marginBottom: 16 }}>
          {publicity.images.map((src, index) => (
            <img
              // The same address may be listed twice; its place tells them apart.
              // biome-ignore lint/suspicious/noArrayIndexKey: images have no other identity.
              key={`${index}-${src}`}
              src={src}
              alt={t('globalSettings.imageAlt', { title, index: index + 1 })}
              loading="lazy"
              style={{ maxWidth: '100%', maxHeight: 360, borderRadius: 8, objectFit: 'contain' }}
            />
          ))}
        </Flex>
      )}
      {publicity.contact && (
        <Typography.Paragraph type="secondary" style={{ overflowWrap: 'anywhere' }}>
          {t('pages.publicityContact', { contact: publicity.contact })}
        </Typography.Paragraph>
      )}
    </>
  );
}
