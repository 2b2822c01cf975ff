import { TILE_PRESETS } from '@water/contract/map-tiles';
import { Checkbox, Divider, Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The fleet map's tiles: a preset, with the address of a custom one and the key a preset needs. */
export function MapTilesFields() {
  const { t } = useTranslation();
  const preset = Form.useWatch(['mapTiles', 'preset']);
  return (
    <>
      <Divider />
      <Typography.Title level={2} style={{ marginTop: 0, fontSize: 16 }}>
        {t('globalSettings.mapTiles')}
      </Typography.Title>
      <Form.Item name={['mapTiles', 'preset']} label={t('globalSettings.mapTilesPreset')}>
        <Select
          style={{ width: '100%', maxWidth: 320 }}
          options={TILE_PRESETS.map((value) => ({ value, label: t(`globalSettings.mapTilesPresets.${value}`) }))}
        />
      </Form.Item>
      {preset === 'CUSTOM' && (
        <>
          <Form.Item
            name={['mapTiles', 'url']}
            label={t('globalSettings.mapTilesUrl')}
            extra={t('globalSettings.mapTilesUrlHelp')}
            rules={[
              { required: true, pattern: /^https?:\/\/\S*\{z\}\S*$/, message: t('globalSettings.mapTilesUrlHelp') },
            ]}
          >
            <Input maxLength={500} placeholder="https://{s}.example.com/{z}/{x}/{y}.png" />
          </Form.Item>
          <Form.Item name={['mapTiles', 'gcj02']} valuePropName="checked">
            <Checkbox>{t('globalSettings.mapTilesGcj02')}</Checkbox>
          </Form.Item>
        </>
      )}
      {(preset === 'TIANDITU' || preset === 'CUSTOM') && (
        <Form.Item
          name={['mapTiles', 'key']}
          label={t('globalSettings.mapTilesKey')}
          extra={t('globalSettings.mapTilesKeyHelp')}
          rules={[{ pattern: /^[A-Za-z0-9_-]*$/, message: t('globalSettings.mapTilesKeyHelp') }]}
        >
          <Input maxLength={200} style={{ maxWidth: 420 }} />
        </Form.Item>
      )}
      <Typography.Paragraph type="secondary">{t('globalSettings.mapTilesHelp')}</Typography.Paragraph>
    </>
  );
}
